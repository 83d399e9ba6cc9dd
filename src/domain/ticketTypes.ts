/**
 * The ticket-type form of an event (000 §5 "Ticket types", §9).
 *
 * The form lists rows; on create each row has a checkbox (only checked rows are created), on edit every saved type
 * counts as checked. Ages: empty or 0 means "no limit"; a kids type is always 0 to 12 years.
 * The database enforces the same (ticket_types: name 1–100, unique per event ignoring case, one default, kids never
 * default), so a request that slips past the form still cannot store a bad type.
 */
import { isBlank, type RowErrors } from './forms';

export const KIDS_AGE_TO = 12;
export const ADULT_DEFAULT_AGE_FROM = 18;
export const TICKET_TYPE_NAME_MAX_LENGTH = 100;
/** The form's error text when anything is wrong (000 §5). */
export const TICKET_TYPES_FORM_ERROR = 'Error in input data';

/** A ticket type's min or max number of tickets above this is a typing error (no venue area holds more). */
export const TICKET_COUNT_MAX = 1000000;

/** No one is older: an age above this is a typing error (and keeps the column's range). */
export const AGE_MAX = 120;

export const TICKET_TYPE_MESSAGES = {
  required: 'Required',
  nameTooLong: `Must be at most ${TICKET_TYPE_NAME_MAX_LENGTH} characters`,
  nameNotUnique: 'Another ticket type has this name',
  ageNotWhole: 'Must be a whole number',
  ageNegative: 'Must be a positive number',
  adultAgeFrom: `Must be above ${KIDS_AGE_TO}`,
  kidsAgeFrom: 'Must be empty for a kids ticket type',
  kidsAgeTo: `Must be ${KIDS_AGE_TO} for a kids ticket type`,
  ageToAboveFrom: 'Must be above the age from',
  ageTooHigh: `Must be at most ${AGE_MAX}`,
  maxBelowMin: 'Must be at least the minimum',
  countNotWhole: 'Must be a whole number',
  countTooHigh: `Must be at most ${TICKET_COUNT_MAX}`,
  kidsNotDefault: 'A kids ticket type cannot be the default',
  noneChecked: 'Choose at least one ticket type',
  oneDefault: 'Exactly one ticket type must be the default',
} as const;

/** An age as a form holds it: a number, typed text, or empty. */
export type AgeInput = number | string | null | undefined;

/** One row of the ticket-type form. */
export interface TicketTypeFormRow {
  id?: number;
  /** Whether the row is to be saved; undefined counts as checked (the edit form and the server). */
  checked?: boolean;
  name: string | null | undefined;
  default: boolean;
  kids: boolean;
  age_from?: AgeInput;
  age_to?: AgeInput;
  /** Minimum number of tickets of the type (a standing area's "Number of tickets" is at least it): empty is 0. */
  min?: AgeInput;
  /** Maximum number of tickets of the type: empty is no maximum. */
  max?: AgeInput;
}

/** The ticket-type form's values: its rows. */
export interface TicketTypesValues {
  rows: TicketTypeFormRow[];
}

export type TicketTypeRowField = 'name' | 'default' | 'age_from' | 'age_to' | 'min' | 'max';

/** Reads a min or max number of tickets: empty is null; a negative, fractional or huge number is an error. */
export function readTicketCount(value: AgeInput): { count: number | null; error?: string } {
  if (isBlank(value)) return { count: null };
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  if (!/^-?\d+$/.test(text)) return { count: null, error: TICKET_TYPE_MESSAGES.countNotWhole };
  const number = Number(text);
  if (number < 0) return { count: null, error: TICKET_TYPE_MESSAGES.ageNegative };
  if (number > TICKET_COUNT_MAX) return { count: null, error: TICKET_TYPE_MESSAGES.countTooHigh };
  return { count: number };
}

/** Reads an age: empty or 0 is `null` (no limit); negative or fractional values are errors. */
export function readAge(value: AgeInput): { age: number | null; error?: string } {
  if (isBlank(value)) return { age: null };
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) return { age: null, error: TICKET_TYPE_MESSAGES.ageNotWhole };
  if (number < 0) return { age: null, error: TICKET_TYPE_MESSAGES.ageNegative };
  if (!Number.isInteger(number)) return { age: null, error: TICKET_TYPE_MESSAGES.ageNotWhole };
  if (number > AGE_MAX) return { age: null, error: TICKET_TYPE_MESSAGES.ageTooHigh };
  return { age: number === 0 ? null : number };
}

const isChecked = (row: TicketTypeFormRow): boolean => row.checked !== false;

/**
 * The field errors of one row, checked or not (an unchecked row is not validated by the form, see
 * `validateTicketTypes`). Kids: no age_from, age_to exactly 12, never default. Others: age_from above 12, age_to
 * above age_from or empty.
 */
export function validateTicketTypeRow(row: TicketTypeFormRow): Partial<Record<TicketTypeRowField, string>> {
  const errors: Partial<Record<TicketTypeRowField, string>> = {};
  const name = (row.name ?? '').trim();
  if (name === '') errors.name = TICKET_TYPE_MESSAGES.required;
  else if (name.length > TICKET_TYPE_NAME_MAX_LENGTH) errors.name = TICKET_TYPE_MESSAGES.nameTooLong;

  const from = readAge(row.age_from);
  const to = readAge(row.age_to);
  if (row.kids) {
    if (from.error) errors.age_from = from.error;
    else if (from.age !== null) errors.age_from = TICKET_TYPE_MESSAGES.kidsAgeFrom;
    if (to.error) errors.age_to = to.error;
    else if (to.age !== KIDS_AGE_TO) errors.age_to = TICKET_TYPE_MESSAGES.kidsAgeTo;
    if (row.default) errors.default = TICKET_TYPE_MESSAGES.kidsNotDefault;
  } else {
    if (from.error) errors.age_from = from.error;
    else if (from.age === null || from.age <= KIDS_AGE_TO) errors.age_from = TICKET_TYPE_MESSAGES.adultAgeFrom;
    if (to.error) errors.age_to = to.error;
    else if (to.age !== null && from.age !== null && to.age <= from.age) {
      errors.age_to = TICKET_TYPE_MESSAGES.ageToAboveFrom;
    }
  }
  // Min and max number of tickets (issue 23): whole numbers, max (when given) not below min.
  const min = readTicketCount(row.min);
  const max = readTicketCount(row.max);
  if (min.error) errors.min = min.error;
  if (max.error) errors.max = max.error;
  else if (!min.error) {
    const bounds = ticketTypeBoundsError(min.count ?? 0, max.count);
    if (bounds) errors.max = bounds;
  }
  return errors;
}

/** A ticket type's per-sale bounds: max (null: no maximum) not below min. The message belongs to `max`. */
export function ticketTypeBoundsError(min: number | null | undefined, max: number | null | undefined): string | undefined {
  if (min === null || min === undefined || max === null || max === undefined) return undefined;
  return max < min ? TICKET_TYPE_MESSAGES.maxBelowMin : undefined;
}

export interface TicketTypeFormErrors {
  /** Field errors per row index (undefined for a valid or unchecked row). */
  rows: RowErrors<TicketTypeRowField>;
  /** Problems of the whole list (no row checked, not exactly one default). */
  problems: string[];
  /** 'Error in input data' when anything above is wrong. */
  formError?: typeof TICKET_TYPES_FORM_ERROR;
}

/**
 * The whole form: each checked row valid, names unique (ignoring case), exactly one default among the checked rows
 * (a kids type cannot be it), and on create at least one checked row.
 */
export function validateTicketTypes(
  rows: readonly TicketTypeFormRow[],
  mode: 'create' | 'edit',
): TicketTypeFormErrors {
  const seen = new Map<string, number>();
  const rowErrors: RowErrors<TicketTypeRowField> = rows.map((row) => {
    if (!isChecked(row)) return undefined;
    const errors = validateTicketTypeRow(row);
    const key = (row.name ?? '').trim().toLowerCase();
    if (key !== '' && !errors.name) {
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return errors;
  });
  rows.forEach((row, index) => {
    const key = (row.name ?? '').trim().toLowerCase();
    const errors = rowErrors[index];
    if (errors && !errors.name && (seen.get(key) ?? 0) > 1) errors.name = TICKET_TYPE_MESSAGES.nameNotUnique;
  });

  const checked = rows.filter(isChecked);
  const problems: string[] = [];
  if (mode === 'create' && checked.length === 0) problems.push(TICKET_TYPE_MESSAGES.noneChecked);
  if (checked.length > 0 && checked.filter((row) => row.default).length !== 1) {
    problems.push(TICKET_TYPE_MESSAGES.oneDefault);
  }

  const cleanRows = rowErrors.map((errors) => (errors && Object.keys(errors).length > 0 ? errors : undefined));
  const invalid = problems.length > 0 || cleanRows.some(Boolean);
  return { rows: cleanRows, problems, ...(invalid ? { formError: TICKET_TYPES_FORM_ERROR } : {}) };
}

/**
 * The effect of the kids switch: on → no age_from, age_to 12; off → age_from 18, no age_to. The default flag is
 * left alone so that validation tells the user a kids type cannot be the default.
 */
export function toggleKids<R extends TicketTypeFormRow>(row: R, on: boolean): R {
  return on
    ? { ...row, kids: true, age_from: null, age_to: KIDS_AGE_TO }
    : { ...row, kids: false, age_from: ADULT_DEFAULT_AGE_FROM, age_to: null };
}

/** Makes one row the default and clears the flag on the others (the form's radio behaviour). */
export function setDefaultTicketType<R extends TicketTypeFormRow>(rows: readonly R[], index: number): R[] {
  return rows.map((row, i) => ({ ...row, default: i === index }));
}

/** The age range a type covers, for the ticket-types card: kids are always 0–12; null is "no limit". */
export function ticketTypeAgeRange(type: {
  kids: boolean;
  age_from?: AgeInput;
  age_to?: AgeInput;
}): { from: number | null; to: number | null } {
  if (type.kids) return { from: 0, to: KIDS_AGE_TO };
  return { from: readAge(type.age_from).age, to: readAge(type.age_to).age };
}

/** What is sent for a row: trimmed name, ages as numbers or null (kids always null–12), min (0 when empty) and max. */
export function ticketTypePayload(row: TicketTypeFormRow): {
  name: string;
  default: boolean;
  kids: boolean;
  age_from: number | null;
  age_to: number | null;
  min: number;
  max: number | null;
} {
  return {
    name: (row.name ?? '').trim(),
    default: row.default,
    kids: row.kids,
    age_from: row.kids ? null : readAge(row.age_from).age,
    age_to: row.kids ? KIDS_AGE_TO : readAge(row.age_to).age,
    min: readTicketCount(row.min).count ?? 0,
    max: readTicketCount(row.max).count,
  };
}
