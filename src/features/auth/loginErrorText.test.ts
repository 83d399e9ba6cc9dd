import { describe, expect, it } from 'vitest';
import { loginErrorText } from './loginErrorText';

const refused = (status: number, code: string, message: string) => ({ status, data: { error: { code, message } } });

describe('login errors read as sentences (000 §8 "Auth error {code}: {message}")', () => {
  it('quotes the HTTP status, not the server\'s snake_case code', () => {
    expect(loginErrorText(refused(401, 'invalid_credentials', 'The email or password is not correct.'))).toBe('Auth error 401: The email or password is not correct.');
  });
  it('ends the message with a full stop', () => {
    expect(loginErrorText(refused(403, 'account_inactive', 'This account is deactivated'))).toBe('Auth error 403: This account is deactivated.');
  });
  it('without a message: "Authorisation error"', () => {
    expect(loginErrorText({ status: 500, data: null })).toBe('Authorisation error');
    expect(loginErrorText({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe('Authorisation error');
  });
});
