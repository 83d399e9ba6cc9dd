import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './passwordReset';

describe('validateNewPassword', () => {
  it('asks for both fields', () => {
    expect(validateNewPassword({})).toEqual({ password: 'Required', password_confirmation: 'Required' });
  });
  it('refuses a password under 6 characters', () => {
    expect(validateNewPassword({ password: 'abcde', password_confirmation: 'abcde' }).password).toBe('This must be at least 6 characters long');
  });
  it('refuses a confirmation that differs', () => {
    expect(validateNewPassword({ password: 'abcdef', password_confirmation: 'abcdeg' })).toEqual({ password_confirmation: 'Passwords must match' });
  });
  it('accepts a matching password of 6 characters', () => {
    expect(validateNewPassword({ password: 'abcdef', password_confirmation: 'abcdef' })).toEqual({});
  });
});
