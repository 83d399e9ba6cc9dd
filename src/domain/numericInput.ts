/**
 * Numeric text fields (001 §5): a comma is a decimal point, at most 2 decimals, and the value is clamped to the
 * field's min and max when it is committed. Swedish users type "12,50" and group thousands with spaces ("1 000,50").
 *
 * Typing is filtered keystroke by keystroke (`filterNumericInput`) so the field never holds something unreadable;
 * the number is read when the user leaves the field or submits (`commitNumericInput`).
 */

export interface NumericInputOptions {
  /** Smallest allowed value; also decides whether a minus may be typed (only when min < 0). */
  min?: number;
  /** Largest allowed value. */
  max?: number;
  /** Decimals allowed after the separator; 2 unless told (0 makes an integer field). */
  decimals?: number;
}

const DEFAULT_DECIMALS = 2;

/** Whitespace of any kind, including the no-break spaces of Swedish number formatting. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads a decimal number typed the Swedish or the English way: "12", "12,5", "12.50", ",5", "-3", "1 000,50".
 * Returns null for empty or unreadable text. A number passes through when finite.
 */
export function parseDecimal(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(SPACES, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** Rounds half away from zero to `decimals` places without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  const text = String(abs);
  const rounded = text.includes('e')
    ? Math.round(abs * 10 ** decimals) / 10 ** decimals
    : Number(`${Math.round(Number(`${text}e${decimals}`))}e-${decimals}`);
  return rounded === 0 ? 0 : sign * rounded;
}

/** Keeps `value` within [min, max]; a missing bound is open. */
export function clamp(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/**
 * Whether `text` may stand in the field while typing: digits, one decimal separator (comma or dot) with at most the
 * allowed decimals, a leading minus only when negatives are allowed, spaces between digit groups. Empty is allowed.
 */
export function isAcceptableNumericText(text: string, options: NumericInputOptions = {}): boolean {
  const decimals = options.decimals ?? DEFAULT_DECIMALS;
  const allowMinus = options.min !== undefined && options.min < 0;
  const compact = text.replace(SPACES, '');
  if (compact === '') return true;
  const sign = allowMinus ? '-?' : '';
  const fraction = decimals > 0 ? `([.,]\\d{0,${decimals}})?` : '';
  return new RegExp(`^${sign}\\d*${fraction}$`).test(compact);
}

/** The keystroke filter: the new text when acceptable, else the previous text (the keystroke is refused). */
export function filterNumericInput(next: string, previous: string, options: NumericInputOptions = {}): string {
  return isAcceptableNumericText(next, options) ? next : previous;
}

/**
 * The value of a committed field: read (comma or dot), rounded to the allowed decimals and clamped to min/max.
 * Null when the field is empty or unreadable; the caller decides whether empty is allowed.
 */
export function commitNumericInput(
  text: string | number | null | undefined,
  options: NumericInputOptions = {},
): number | null {
  const parsed = parseDecimal(text);
  if (parsed === null) return null;
  return clamp(roundTo(parsed, options.decimals ?? DEFAULT_DECIMALS), options.min, options.max);
}

/** True for a whole number typed as digits only ("12"; not "12.0", "-1" or "1e3"). */
export function isDigitsOnly(text: string): boolean {
  return /^\d+$/.test(text);
}

/** A number as the field shows it: Swedish decimal comma, no grouping ("1000,5"). */
export function formatNumericInput(value: number): string {
  return String(value).replace('.', ',');
}

/** An amount as its field shows it once committed: two decimals after a comma, no grouping ("450,50", "1000000,00"). */
export function formatAmountInput(value: number): string {
  return roundTo(value, 2).toFixed(2).replace('.', ',');
}

/**
 * The field's text once committed: unchanged when it reads as a number inside the range (the user's "12,50" stays),
 * the bound when it was outside ("0" in 1–10 becomes "1"), rounded when it had more decimals than allowed; null when
 * empty or unreadable (the form's own check says what is wrong).
 */
export function committedNumericText(text: string, options: NumericInputOptions = {}): string | null {
  const parsed = parseDecimal(text);
  const committed = commitNumericInput(text, options);
  if (parsed === null || committed === null) return null;
  return committed === parsed ? text : formatNumericInput(committed);
}

/**
 * The range a numeric field shows beside it: "1–12", "from 1", "up to 100"; empty without bounds, and for a field
 * only kept from going negative (a price or a count: "from 0" tells nobody anything).
 */
export function numericRangeText(options: NumericInputOptions): string {
  const { min, max } = options;
  if (max === undefined && (min === undefined || min === 0)) return '';
  const f = (n: number) => formatNumericInput(n);
  if (min !== undefined && max !== undefined) return `${f(min)}–${f(max)}`;
  if (min !== undefined) return `from ${f(min)}`;
  if (max !== undefined) return `up to ${f(max)}`;
  return '';
}
