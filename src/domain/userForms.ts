/**
 * Validation of the people forms of 002 §5: promoter (with its service-fee scheme), corporate, scanner, box-office
 * user and attendee. The console runs these in final-form; the server runs them on the request body and answers
 * with the same messages.
 */
import {
  compactErrors,
  FORM_MESSAGES,
  isBlank,
  requiredField,
  validateEmailField,
  validatePasswordConfirmation,
  validatePasswordField,
  type FieldErrors,
  type FormContext,
  type RowErrors,
} from './forms';
import { parseDecimal } from './numericInput';

type Text = string | null | undefined;
type Id = number | string | null | undefined;

/** One row of a promoter's service-fee scheme, as typed (SEK). */
export interface ServiceFeeRowValues {
  price_min?: number | string | null;
  price_max?: number | string | null;
  fixed?: number | string | null;
}

export type ServiceFeeRowField = keyof ServiceFeeRowValues;

/**
 * A service-fee row: fixed 'Required' and 'Must be a number' (002 §5). Prices are optional (empty min = 0, empty
 * max = open band) but must be numbers when given, and a max must lie above the min.
 */
export function validateServiceFeeRow(row: ServiceFeeRowValues): FieldErrors<ServiceFeeRowField> {
  const numberOrBlank = (value: unknown) =>
    isBlank(value) || parseDecimal(value as string | number) !== null ? undefined : FORM_MESSAGES.mustBeNumber;
  const min = parseDecimal(row.price_min);
  const max = parseDecimal(row.price_max);
  return compactErrors({
    fixed: isBlank(row.fixed)
      ? FORM_MESSAGES.required
      : parseDecimal(row.fixed) === null
        ? FORM_MESSAGES.mustBeNumber
        : undefined,
    price_min: numberOrBlank(row.price_min),
    price_max:
      numberOrBlank(row.price_max) ??
      (max !== null && max <= (min ?? 0) ? 'Must be above the minimum price' : undefined),
  });
}

export interface PromoterFormValues {
  name?: Text;
  first_name?: Text;
  last_name?: Text;
  organization_number?: Text;
  address?: Text;
  city?: Text;
  postcode?: Text;
  country?: Text;
  phone?: Text;
  email?: Text;
  password?: Text;
  fees?: ServiceFeeRowValues[];
}

export type PromoterFormErrors = FieldErrors<Exclude<keyof PromoterFormValues, 'fees'>> & {
  fees?: RowErrors<ServiceFeeRowField>;
};

const PROMOTER_REQUIRED = [
  'name',
  'first_name',
  'last_name',
  'organization_number',
  'address',
  'city',
  'postcode',
  'country',
  'phone',
] as const;

/** Promoter form: the required fields, a valid email, an optional password of 6+, each fee row valid. */
export function validatePromoterForm(values: PromoterFormValues): PromoterFormErrors {
  const errors: PromoterFormErrors = {};
  for (const field of PROMOTER_REQUIRED) {
    const message = requiredField(values[field]);
    if (message) errors[field] = message;
  }
  const email = validateEmailField(values.email);
  if (email) errors.email = email;
  const password = validatePasswordField(values.password, false);
  if (password) errors.password = password;
  const feeErrors = (values.fees ?? []).map((row) => {
    const rowErrors = validateServiceFeeRow(row);
    return Object.keys(rowErrors).length > 0 ? rowErrors : undefined;
  });
  if (feeErrors.some(Boolean)) errors.fees = feeErrors;
  return errors;
}

/** The person on a corporate, scanner or box-office user form. */
export interface PersonFormValues {
  first_name?: Text;
  last_name?: Text;
  phone?: Text;
  email?: Text;
}

/** First and last name and phone required, the email valid. */
function personErrors(values: PersonFormValues): Record<keyof PersonFormValues, string | undefined> {
  return {
    first_name: requiredField(values.first_name),
    last_name: requiredField(values.last_name),
    phone: requiredField(values.phone),
    email: validateEmailField(values.email),
  };
}

export interface CorporateFormValues extends PersonFormValues {
  promoter?: Id;
  corporate_name?: Text;
  password?: Text;
}

/** Corporate form: promoter (admin only), name, first and last name, phone, valid email; password optional, 6+. */
export function validateCorporateForm(
  values: CorporateFormValues,
  context: Pick<FormContext, 'isAdmin'>,
): FieldErrors<keyof CorporateFormValues> {
  return compactErrors({
    promoter: context.isAdmin ? requiredField(values.promoter) : undefined,
    corporate_name: requiredField(values.corporate_name),
    ...personErrors(values),
    password: validatePasswordField(values.password, false),
  });
}

export interface ScannerFormValues extends PersonFormValues {
  promoter?: Id;
  password?: Text;
  password_confirm?: Text;
}

/**
 * Scan-app user form: promoter (admin only), first and last name, phone, valid email. A new scanner user needs a
 * password (the app signs in with it); when editing, an empty password keeps the old one. The confirmation must match.
 */
export function validateScannerForm(
  values: ScannerFormValues,
  context: FormContext,
): FieldErrors<keyof ScannerFormValues> {
  return compactErrors({
    promoter: context.isAdmin ? requiredField(values.promoter) : undefined,
    ...personErrors(values),
    password: validatePasswordField(values.password, context.mode === 'create'),
    password_confirm: validatePasswordConfirmation(values.password, values.password_confirm),
  });
}

export interface BoxOfficeUserFormValues extends PersonFormValues {
  promoter?: Id;
  name?: Text;
  password?: Text;
}

/**
 * Box-office user form: promoter (admin only), box-office name, first and last name, phone, valid email; password
 * optional, 6+.
 */
export function validateBoxOfficeUserForm(
  values: BoxOfficeUserFormValues,
  context: Pick<FormContext, 'isAdmin'>,
): FieldErrors<keyof BoxOfficeUserFormValues> {
  return compactErrors({
    promoter: context.isAdmin ? requiredField(values.promoter) : undefined,
    name: requiredField(values.name),
    ...personErrors(values),
    password: validatePasswordField(values.password, false),
  });
}

export interface AttendeeFormValues {
  phone?: Text;
  password?: Text;
}

/** Attendee edit: phone required; a password (only editable for document-registered users) is optional, 6+. */
export function validateAttendeeForm(values: AttendeeFormValues): FieldErrors<keyof AttendeeFormValues> {
  return compactErrors({
    phone: requiredField(values.phone),
    password: validatePasswordField(values.password, false),
  });
}

/**
 * The password pair a user form sends: the promoter and box-office forms send the confirmation equal to the password
 * (002 §5, §7); nothing at all when the password was left empty, so the old one stays.
 */
export function passwordPayload(password: Text): { password?: string; password_confirmation?: string } {
  return isBlank(password) ? {} : { password: password as string, password_confirmation: password as string };
}
