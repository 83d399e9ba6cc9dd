import { FORM_MESSAGES, compactErrors, isBlank, validatePasswordConfirmation, validatePasswordField, type FieldErrors } from './forms';

export interface NewPasswordValues {
  password?: string | null;
  password_confirmation?: string | null;
}

/** The reset-by-link form: a new password of at least 6 characters, repeated. Console and server both use it. */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  return compactErrors({
    password: isBlank(values.password) ? FORM_MESSAGES.required : validatePasswordField(values.password, true),
    password_confirmation: isBlank(values.password_confirmation)
      ? FORM_MESSAGES.required
      : validatePasswordConfirmation(values.password, values.password_confirmation),
  });
}
