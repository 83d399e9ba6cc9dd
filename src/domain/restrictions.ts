/**
 * The restrictions form of an event (000 §3 "Restrictions", §5, §9): kids allowed only with a kids ticket type, the
 * QR times (the in-event showing time is typed as hours, minutes and seconds and sent as seconds), digits-only
 * numeric fields and the body that saving sends.
 */
import { FORM_MESSAGES, isBlank, NUMBER_MESSAGES, type FieldErrors } from './forms';
import { isDigitsOnly } from './numericInput';

export const KIDS_NOT_DEFINED_MESSAGE = "Kid's ticket type has not been defined for the event.";

export const SELL_ON_MARKET_OPTIONS = ['false', 'sold-out', 'anytime'] as const;
export type SellOnMarket = (typeof SELL_ON_MARKET_OPTIONS)[number];
export const SELL_TO_FRIEND_OPTIONS = ['not-sold-out', 'anytime'] as const;
export type SellToFriend = (typeof SELL_TO_FRIEND_OPTIONS)[number];

type NumberText = number | string | null | undefined;

export interface RestrictionsFormValues {
  max_number_tickets?: NumberText;
  sell_on_market?: SellOnMarket;
  sell_to_friend?: SellToFriend;
  resell_in_group?: boolean;
  resell_max_percent?: NumberText;
  age_restriction?: NumberText;
  kids_allowed?: boolean;
  reservation_time?: NumberText;
  qr_first_generation_time?: NumberText;
  qr_inevent_hours?: NumberText;
  qr_inevent_minutes?: NumberText;
  qr_inevent_seconds?: NumberText;
}

/**
 * A new restrictions form (000 §9): max tickets empty and reservation time 0, unlike the event defaults (6 and 60)
 * that the database applies when the form was never saved.
 */
export const RESTRICTIONS_FORM_DEFAULTS: RestrictionsFormValues = {
  max_number_tickets: '',
  sell_on_market: 'anytime',
  sell_to_friend: 'anytime',
  resell_in_group: true,
  resell_max_percent: 50,
  age_restriction: 18,
  kids_allowed: false,
  reservation_time: 0,
  qr_first_generation_time: 60,
  qr_inevent_hours: '',
  qr_inevent_minutes: '',
  qr_inevent_seconds: '',
};

/** Whether any of the event's ticket types is flagged kids. */
export function hasKidsTicketType(types: readonly { kids: boolean }[]): boolean {
  return types.some((type) => type.kids);
}

/**
 * The kids_allowed switch: disabled and off, with the explanation, unless the event has a kids ticket type.
 */
export function kidsAllowedField(
  types: readonly { kids: boolean }[],
  kidsAllowed: boolean | undefined,
): { value: boolean; disabled: boolean; message?: string } {
  if (hasKidsTicketType(types)) return { value: kidsAllowed === true, disabled: false };
  return { value: false, disabled: true, message: KIDS_NOT_DEFINED_MESSAGE };
}

/** Reads a digits-only field: empty is null; anything that is not plain digits is null too. */
export function readWholeNumber(value: NumberText): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  if (isBlank(value)) return null;
  const text = (value as string).trim();
  return isDigitsOnly(text) ? Number(text) : null;
}

/** What a QR field shows: an empty or zero value shows as empty. */
export function qrFieldText(value: NumberText): string {
  const number = readWholeNumber(value);
  return number === null || number === 0 ? '' : String(number);
}

/** The QR fields accept only digits: a keystroke that adds anything else is refused (the previous text stays). */
export function filterDigitsInput(next: string, previous: string): string {
  return next === '' || isDigitsOnly(next) ? next : previous;
}

/** QR in-event showing time in seconds: hours × 3600 + minutes × 60 + seconds (empty parts count as 0). */
export function qrInEventSeconds(parts: { hours?: NumberText; minutes?: NumberText; seconds?: NumberText }): number {
  const part = (value: NumberText) => readWholeNumber(value) ?? 0;
  return part(parts.hours) * 3600 + part(parts.minutes) * 60 + part(parts.seconds);
}

/** Seconds back into hours, minutes (0–59) and seconds (0–59); empty or invalid is all zero. */
export function splitQrInEventSeconds(total: number | null | undefined): {
  hours: number;
  minutes: number;
  seconds: number;
} {
  const seconds = typeof total === 'number' && Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: seconds % 60 };
}

/** The restrictions an event holds, as the API answers them. */
export interface EventRestrictions {
  max_number_tickets: number | null;
  sell_on_market: SellOnMarket;
  sell_to_friend: SellToFriend;
  resell_in_group: boolean;
  resell_max_percent: number;
  age_restriction: number;
  kids_allowed: boolean;
  reservation_time: number;
  qr_first_generation_time: number;
  qr_inevent_showing_time: number | null;
}

/** The form values for saved restrictions (zeros of the QR fields show as empty). */
export function restrictionsFormValues(saved: EventRestrictions): RestrictionsFormValues {
  const { hours, minutes, seconds } = splitQrInEventSeconds(saved.qr_inevent_showing_time);
  return {
    max_number_tickets: saved.max_number_tickets ?? '',
    sell_on_market: saved.sell_on_market,
    sell_to_friend: saved.sell_to_friend,
    resell_in_group: saved.resell_in_group,
    resell_max_percent: saved.resell_max_percent,
    age_restriction: saved.age_restriction,
    kids_allowed: saved.kids_allowed,
    reservation_time: saved.reservation_time,
    qr_first_generation_time: qrFieldText(saved.qr_first_generation_time),
    qr_inevent_hours: qrFieldText(hours),
    qr_inevent_minutes: qrFieldText(minutes),
    qr_inevent_seconds: qrFieldText(seconds),
  };
}

const NUMERIC_FIELDS = [
  'max_number_tickets',
  'resell_max_percent',
  'age_restriction',
  'reservation_time',
  'qr_first_generation_time',
  'qr_inevent_hours',
  'qr_inevent_minutes',
  'qr_inevent_seconds',
] as const;

/**
 * A numeric field's error: nothing when empty or a whole number; 'Must be 0 or more' when negative, 'Must be a whole
 * number' for a fraction (spec 000 gives no message for either), else 'Must be a number'.
 */
function numberFieldError(value: NumberText): string | undefined {
  if (isBlank(value) || readWholeNumber(value) !== null) return undefined;
  const text = String(value).trim();
  if (typeof value === 'number' ? value < 0 : /^-\s*\d+([.,]\d+)?$/.test(text)) return NUMBER_MESSAGES.notNegative;
  if (typeof value === 'number' || /^\d+[.,]\d+$/.test(text)) return NUMBER_MESSAGES.wholeNumber;
  return FORM_MESSAGES.mustBeNumber;
}

/**
 * The numeric fields hold whole non-negative numbers or nothing ('Must be a number', or 'Must be 0 or more' for a
 * negative one); the resale cap is a percentage (at most 100); the sell options must be known values.
 */
export function validateRestrictions(values: RestrictionsFormValues): FieldErrors<keyof RestrictionsFormValues> {
  const errors: FieldErrors<keyof RestrictionsFormValues> = {};
  for (const field of NUMERIC_FIELDS) {
    const error = numberFieldError(values[field]);
    if (error) errors[field] = error;
  }
  const percent = readWholeNumber(values.resell_max_percent);
  if (!errors.resell_max_percent && percent !== null && percent > 100) {
    errors.resell_max_percent = 'Must be at most 100';
  }
  const known = (options: readonly string[], value: string | undefined) =>
    value === undefined || options.includes(value);
  if (!known(SELL_ON_MARKET_OPTIONS, values.sell_on_market)) {
    errors.sell_on_market = FORM_MESSAGES.required;
  }
  if (!known(SELL_TO_FRIEND_OPTIONS, values.sell_to_friend)) {
    errors.sell_to_friend = FORM_MESSAGES.required;
  }
  return errors;
}

/** The body of saving restrictions. */
export interface RestrictionsPayload
  extends Omit<EventRestrictions, 'qr_first_generation_time' | 'qr_inevent_showing_time'> {
  restrictions_confirmed: true;
  qr_first_generation_time?: number;
  qr_inevent_showing_time?: number | null;
}

/**
 * What saving sends (000 §5): numbers, kids_allowed forced off without a kids ticket type, restrictions_confirmed
 * true, and the QR times only when the user may edit them (admins). Empty max tickets is "no limit" (null), an empty
 * reservation time is 0, an in-event time of 0 is "not set" (null).
 */
export function restrictionsPayload(
  values: RestrictionsFormValues,
  context: { ticketTypes: readonly { kids: boolean }[]; canEditQr: boolean },
): RestrictionsPayload {
  const defaults = RESTRICTIONS_FORM_DEFAULTS;
  const payload: RestrictionsPayload = {
    max_number_tickets: readWholeNumber(values.max_number_tickets),
    sell_on_market: values.sell_on_market ?? 'anytime',
    sell_to_friend: values.sell_to_friend ?? 'anytime',
    resell_in_group: values.resell_in_group ?? true,
    resell_max_percent: readWholeNumber(values.resell_max_percent) ?? (defaults.resell_max_percent as number),
    age_restriction: readWholeNumber(values.age_restriction) ?? (defaults.age_restriction as number),
    kids_allowed: kidsAllowedField(context.ticketTypes, values.kids_allowed).value,
    reservation_time: readWholeNumber(values.reservation_time) ?? 0,
    restrictions_confirmed: true,
  };
  if (context.canEditQr) {
    const inEvent = qrInEventSeconds({
      hours: values.qr_inevent_hours,
      minutes: values.qr_inevent_minutes,
      seconds: values.qr_inevent_seconds,
    });
    payload.qr_first_generation_time = readWholeNumber(values.qr_first_generation_time) ?? 0;
    payload.qr_inevent_showing_time = inEvent === 0 ? null : inEvent;
  }
  return payload;
}
