import { describe, expect, it } from 'vitest';
import {
  compactErrors,
  FORM_MESSAGES,
  hasErrors,
  isBlank,
  isValidEmail,
  requiredField,
  toValidationErrors,
  validateEmailField,
  validatePasswordChange,
  validatePasswordConfirmation,
  validatePasswordField,
} from './forms';

describe('messages', () => {
  it('are the spec texts', () => {
    expect(FORM_MESSAGES).toEqual({
      fieldRequired: 'This field is required',
      emailInvalid: 'Email you entered is invalid',
      mustBeNumber: 'Must be a number',
      passwordTooShort: 'This must be at least 6 characters long',
      passwordsMustMatch: 'Passwords must match',
      required: 'Required',
      requiredBang: 'Required!',
      userRequired: 'User is required',
      extraFeeRequired: 'Extra Fee is required',
      colorRequired: 'Color is required',
    });
  });
});

describe('isBlank and requiredField', () => {
  it('treats undefined, null and whitespace as blank, 0 and false as values', () => {
    expect([undefined, null, '', '   '].every(isBlank)).toBe(true);
    expect(isBlank(0)).toBe(false);
    expect(isBlank(false)).toBe(false);
    expect(isBlank('a')).toBe(false);
  });

  it('gives the default or the given message', () => {
    expect(requiredField('')).toBe('This field is required');
    expect(requiredField(' ', 'Required!')).toBe('Required!');
    expect(requiredField(0)).toBeUndefined();
  });
});

describe('email', () => {
  it.each(['anna@example.se', 'a.b+c@sub.example.co.uk', ' anna@example.se '])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['anna', 'anna@', 'anna@mail', '@example.se', 'an na@example.se', 'anna@example..se', 'a@b@c.se'])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('answers required first, then invalid', () => {
    expect(validateEmailField('')).toBe('This field is required');
    expect(validateEmailField('', false)).toBeUndefined();
    expect(validateEmailField('anna@')).toBe('Email you entered is invalid');
    expect(validateEmailField('anna@example.se')).toBeUndefined();
  });
});

describe('passwords', () => {
  it('needs at least 6 characters when given', () => {
    expect(validatePasswordField('12345', false)).toBe('This must be at least 6 characters long');
    expect(validatePasswordField('123456', false)).toBeUndefined();
    expect(validatePasswordField('', false)).toBeUndefined();
    expect(validatePasswordField('', true)).toBe('This field is required');
  });

  it('needs a matching confirmation', () => {
    expect(validatePasswordConfirmation('secret1', 'secret2')).toBe('Passwords must match');
    expect(validatePasswordConfirmation('secret1', 'secret1')).toBeUndefined();
    expect(validatePasswordConfirmation(undefined, '')).toBeUndefined();
  });

  it('requires all three fields of a password change', () => {
    expect(validatePasswordChange({})).toEqual({
      current_password: 'Required',
      password: 'Required',
      password_confirmation: 'Required',
    });
    expect(
      validatePasswordChange({ current_password: 'old', password: 'newpass', password_confirmation: 'newpass' }),
    ).toEqual({});
  });

  it('also refuses a short or unconfirmed new password', () => {
    expect(validatePasswordChange({ current_password: 'old', password: 'short', password_confirmation: 'short' })).toEqual({
      password: 'This must be at least 6 characters long',
    });
    expect(
      validatePasswordChange({ current_password: 'old', password: 'newpass', password_confirmation: 'newpas' }),
    ).toEqual({ password_confirmation: 'Passwords must match' });
  });
});

describe('error maps', () => {
  it('drops valid fields', () => {
    expect(compactErrors({ a: undefined, b: 'Required' })).toEqual({ b: 'Required' });
  });

  it('finds messages in nested maps', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ rows: [undefined, {}] })).toBe(false);
    expect(hasErrors({ rows: [undefined, { name: 'Required' }] })).toBe(true);
    expect(hasErrors('')).toBe(false);
  });

  it('flattens to the server validation_errors shape', () => {
    expect(
      toValidationErrors({ email: 'Email you entered is invalid', fees: [undefined, { fixed: 'Required' }], ok: undefined }),
    ).toEqual({ email: ['Email you entered is invalid'], 'fees.1.fixed': ['Required'] });
    expect(toValidationErrors([{ name: 'Required' }], 'ticket_types')).toEqual({ 'ticket_types.0.name': ['Required'] });
    expect(toValidationErrors({})).toEqual({});
  });
});
