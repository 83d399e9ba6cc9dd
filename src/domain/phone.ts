/**
 * Phone normalisation for the two phone searches of the spec. Swedish numbers are typed the local way (070…, 010…)
 * and searched in international form (+46…).
 *
 * - `normalizeReservationPhone`: the person search when sending a ticket of a reservation (001 §5). The input shows
 *   the normalised number, only its digits are sent, and from 11 characters on the user is told to press ENTER.
 * - `normalizeUserSearchPhone`: the user and forget-user searches (002 §5), which search without the leading plus.
 *
 * The spec says "00 becomes +46" (not "00 becomes +"): 00 is read as a short way of typing the Swedish prefix. A pasted
 * international number with the Swedish code (0046…) is kept as +46… rather than doubled to +4646….
 */

/** Characters people type inside phone numbers that carry no meaning. */
const PHONE_SEPARATORS = /[\s\-().]/g;

/** Shown to the user once the typed number is this long (001 §5). */
export const PHONE_ENTER_HINT_MIN_LENGTH = 11;
/** Delay before the hint appears, in milliseconds (001 §5). */
export const PHONE_ENTER_HINT_DELAY_MS = 500;

/** Swedish prefix rules shared by both searches, on a number without its leading plus. */
function swedishPrefix(digits: string, { mobileWithCountry }: { mobileWithCountry: boolean }): string {
  if (digits.startsWith('07')) return `467${digits.slice(2)}`;
  if (mobileWithCountry && digits.startsWith('4607')) return `467${digits.slice(4)}`;
  if (digits.startsWith('010')) return `4610${digits.slice(3)}`;
  if (digits.startsWith('0046')) return `46${digits.slice(4)}`;
  if (digits.startsWith('00')) return `46${digits.slice(2)}`;
  return digits;
}

/**
 * Reservation phone search (001 §5): 07… → +467…, 010… → +4610…, 00… → +46…, anything else without a plus gets
 * one.
 * Separators (spaces, dashes, brackets, dots) are dropped; empty input stays empty.
 *
 * Idempotent, so it can run on every keystroke: "+0…" is never a real number (no country code starts with 0), so a
 * plus added to a lone "0" is taken back when the next digit arrives ("0" → "+0", then "+07" → "+467").
 */
export function normalizeReservationPhone(input: string): string {
  const compact = input.replace(PHONE_SEPARATORS, '');
  if (compact === '' || compact === '+') return compact;
  const withoutPlus = compact.startsWith('+0') ? compact.slice(1) : compact;
  if (withoutPlus.startsWith('+')) return withoutPlus;
  const prefixed = swedishPrefix(withoutPlus, { mobileWithCountry: false });
  return `+${prefixed}`;
}

/** The digits of a phone number, as the reservation search sends them (+46 70-123 → 4670123). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** True once the shown number is long enough for the "press ENTER" hint (11 characters or more). */
export function shouldShowPressEnterHint(shownPhone: string): boolean {
  return shownPhone.length >= PHONE_ENTER_HINT_MIN_LENGTH;
}

/** Everything the reservation phone search needs from one input value. */
export function reservationPhoneQuery(input: string): { shown: string; digits: string; pressEnterHint: boolean } {
  const shown = normalizeReservationPhone(input);
  return { shown, digits: phoneDigits(shown), pressEnterHint: shouldShowPressEnterHint(shown) };
}

/** Looks like a phone number (digits with an optional leading plus and separators), not a name or an email. */
export function looksLikePhone(input: string): boolean {
  return /^\+?[\d\s\-().]+$/.test(input.trim()) && /\d/.test(input);
}

/**
 * User search term (002 §5): a leading 07 or +07 → 467…, 4607 → 467…, 00 → 46…, 010 → 4610…, and the leading
 * plus is stripped. Search text that is not a phone number (names, emails) is only trimmed.
 */
export function normalizeUserSearchPhone(input: string): string {
  const trimmed = input.trim();
  if (!looksLikePhone(trimmed)) return trimmed;
  const digits = trimmed.replace(PHONE_SEPARATORS, '').replace(/^\+/, '');
  return swedishPrefix(digits, { mobileWithCountry: true });
}

/**
 * A plausible stored phone number: an optional plus and 7 to 15 digits (E.164 allows at most 15), separators allowed.
 * Used by forms and the server to refuse obvious typos; it does not prove the number exists.
 */
export function isValidPhone(input: string): boolean {
  const compact = input.trim().replace(PHONE_SEPARATORS, '');
  return /^\+?\d{7,15}$/.test(compact);
}
