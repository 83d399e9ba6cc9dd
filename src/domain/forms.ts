/**
 * What every form validator here shares: the spec's messages (002 §5, 001 §5, 000 §5), small checks, the error map
 * types and the conversion to the server's `validation_errors`.
 *
 * Validators return a map from field to its first message (what final-form wants, `undefined` = valid). Nested forms
 * (rows of fees, ticket types) nest the same shape in arrays. `toValidationErrors` flattens any of them into
 * `{ "fees.0.fixed": ["Required"] }` for the server's 422 answer.
 */

/** The spec's validation messages. */
export const FORM_MESSAGES = {
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
} as const;

/** Number messages the spec does not give: they say what to type instead of only 'Must be a number'. */
export const NUMBER_MESSAGES = {
  notNegative: 'Must be 0 or more',
  wholeNumber: 'Must be a whole number',
} as const;

/** Minimum password length (002 §9). */
export const PASSWORD_MIN_LENGTH = 6;

/** A field → message map; a missing key or `undefined` means the field is valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Errors of a form with rows: row errors sit at the row's index (undefined for a valid row). */
export type RowErrors<F extends string = string> = (FieldErrors<F> | undefined)[];

/** Whether a role chooses the promoter in a form (admin) or the own promoter is used (everyone else). */
export interface FormContext {
  isAdmin: boolean;
  mode: 'create' | 'edit';
}

/** Empty for a form: undefined, null, '' or only whitespace. 0 and false are values. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A practical email check: one @, a local part and a dotted domain without spaces. Deliberately not RFC 5322:
 * it refuses typos ("anna@", "anna@mail", "anna mail@x.se"), the mail server decides the rest.
 */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim()) && value.trim().length <= 320;
}

/** 'This field is required' when blank. */
export function requiredField(value: unknown, message: string = FORM_MESSAGES.fieldRequired): string | undefined {
  return isBlank(value) ? message : undefined;
}

/** Required and valid email: 'This field is required' or 'Email you entered is invalid'. */
export function validateEmailField(value: string | null | undefined, required = true): string | undefined {
  if (isBlank(value)) return required ? FORM_MESSAGES.fieldRequired : undefined;
  return isValidEmail(value as string) ? undefined : FORM_MESSAGES.emailInvalid;
}

/**
 * A password field: required or optional, and at least 6 characters when given
 * ('This must be at least 6 characters long').
 */
export function validatePasswordField(value: string | null | undefined, required: boolean): string | undefined {
  if (isBlank(value)) return required ? FORM_MESSAGES.fieldRequired : undefined;
  return (value as string).length < PASSWORD_MIN_LENGTH ? FORM_MESSAGES.passwordTooShort : undefined;
}

/** 'Passwords must match' when a confirmation differs from the password. */
export function validatePasswordConfirmation(
  password: string | null | undefined,
  confirmation: string | null | undefined,
): string | undefined {
  return (password ?? '') === (confirmation ?? '') ? undefined : FORM_MESSAGES.passwordsMustMatch;
}

/** Drops valid fields so that "no errors" is an empty object. */
export function compactErrors<F extends string>(errors: Partial<Record<F, string | undefined>>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    const message = errors[key];
    if (message !== undefined) result[key] = message;
  }
  return result;
}

/** True when an error map (possibly nested) holds at least one message. */
export function hasErrors(errors: unknown): boolean {
  if (typeof errors === 'string') return errors.length > 0;
  if (Array.isArray(errors)) return errors.some(hasErrors);
  if (errors && typeof errors === 'object') return Object.values(errors).some(hasErrors);
  return false;
}

/**
 * Flattens a (nested) error map into the server's `validation_errors` shape: dotted paths to lists of messages.
 * `prefix` names the top field, for row errors validated on their own.
 */
export function toValidationErrors(errors: unknown, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (value.length > 0) (out[path] ??= []).push(value);
    } else if (Array.isArray(value)) {
      value.forEach((entry, index) => visit(entry, path ? `${path}.${index}` : String(index)));
    } else if (value && typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) visit(entry, path ? `${path}.${key}` : key);
    }
  };
  visit(errors, prefix);
  return out;
}

export interface PasswordChangeValues {
  current_password?: string | null;
  password?: string | null;
  password_confirmation?: string | null;
}

/**
 * Account settings → password (002 §5): all three fields 'Required'. Beyond the spec's console rule, the server
 * also refuses a short new password and a confirmation that differs, with the shared messages.
 */
export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  const required = FORM_MESSAGES.required;
  return compactErrors({
    current_password: requiredField(values.current_password, required),
    password: isBlank(values.password) ? required : validatePasswordField(values.password, true),
    password_confirmation: isBlank(values.password_confirmation)
      ? required
      : validatePasswordConfirmation(values.password, values.password_confirmation),
  });
}
