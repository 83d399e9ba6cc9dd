import { describe, expect, it } from 'vitest';
import { saveErrorText } from './saveErrorText';

describe('saveErrorText (002 §8)', () => {
  it('when the server names fields, then their messages are joined with "; "', () => {
    const err = { status: 422, data: { validation_errors: { email: ['The email has already been taken.'], phone: ['This field is required'] } } };
    expect(saveErrorText(err)).toBe('The email has already been taken.; This field is required');
  });

  it('when the server gives a message, then it is shown; otherwise "Error create user"', () => {
    expect(saveErrorText({ status: 404, data: { error: { code: 'not_found', message: 'Scanner user not found.' } } })).toBe('Scanner user not found.');
    expect(saveErrorText({ status: 'FETCH_ERROR', error: 'offline' })).toBe('Error create user');
    expect(saveErrorText(undefined)).toBe('Error create user');
  });
});
