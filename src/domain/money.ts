/**
 * Money rules. Amounts are integer öre everywhere they are stored, summed or sent between threads; they become SEK
 * only when formatted for people or sent in an API body (API-NOTES: SEK numbers with 2 decimals).
 *
 * Formatting is written out by hand instead of calling Intl: ICU data differs between Node, Chromium and the PDF
 * writer's fonts, and tests and CSV/PDF output must be byte-identical everywhere. The output matches what
 * Intl 'sv-SE' produced when this was written (no-break space U+00A0 as group separator and before "kr",
 * U+2212 as the minus sign).
 */

/** Group separator and currency gap in Swedish formatting (what Intl 'sv-SE' uses). */
export const SWEDISH_GROUP_SEPARATOR = '\u00a0';
/** Minus sign in Swedish formatting (Intl 'sv-SE' uses the real minus sign, not a hyphen). */
export const SWEDISH_MINUS = '\u2212';

/**
 * SEK → öre, rounding half away from zero to whole öre. The decimal string of the number is scaled (not the binary
 * value), so 1.005 SEK, which is 1.00499999… in binary, becomes 101 öre as the person who typed it meant.
 */
export function oreFromSek(sek: number): number {
  if (!Number.isFinite(sek)) throw new RangeError(`Not an amount: ${sek}`);
  const magnitude = Math.abs(sek);
  const text = String(magnitude);
  // "1.005" + "e2" parses to exactly 100.5; exponent forms (1e-7, 1e21) cannot take a second exponent.
  const scaled = text.includes('e') ? magnitude * 100 : Number(`${text}e2`);
  const ore = Math.floor(scaled + 0.5);
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Amount out of range: ${sek} SEK`);
  return sek < 0 && ore !== 0 ? -ore : ore;
}

/** öre → SEK number (for API bodies and charts; never sum SEK values, sum öre). */
export function sekFromOre(ore: number): number {
  assertOre(ore);
  return ore / 100;
}

/** "1 234,50 kr" (Swedish style, 2 decimals, no-break spaces, U+2212 minus). */
export function formatSek(ore: number): string {
  return `${formatAmount(ore)}${SWEDISH_GROUP_SEPARATOR}kr`;
}

/** "1 235 kr": whole kronor (half away from zero), for projections where the öre are noise and room is short. */
export function formatWholeSek(ore: number): string {
  assertOre(ore);
  const kronor = Math.round(Math.abs(ore) / 100) * (ore < 0 ? -1 : 1);
  return `${formatAmount(kronor * 100).slice(0, -3)}${SWEDISH_GROUP_SEPARATOR}kr`;
}

/** "1 234,50": Swedish style without the currency, as in report tables. */
export function formatAmount(ore: number): string {
  return formatWith(ore, SWEDISH_GROUP_SEPARATOR, ',', SWEDISH_MINUS);
}

/** "1.234,50": the German style that reservation screens use (001 §9), with a hyphen-minus. */
export function formatAmountGerman(ore: number): string {
  return formatWith(ore, '.', ',', '-');
}

/**
 * "1.234,50 kr": an amount on the reservation screens (001 §9: German-style number formatting there), the one
 * formatter they all use: the reservation map's calculator and prices, the reservation's tickets, the box-office
 * reservations' extra fee.
 */
export function formatReservationSek(ore: number): string {
  return `${formatAmountGerman(ore)}${SWEDISH_GROUP_SEPARATOR}kr`;
}

/**
 * "1234,5" / "395": a price as a price input shows it, Swedish decimal comma, no grouping (so it can be edited),
 * trailing zero decimals left out (issue 23: inputs use the console's number format).
 */
export function formatPriceInput(ore: number): string {
  assertOre(ore);
  const abs = Math.abs(ore);
  const cents = abs % 100;
  const whole = `${ore < 0 ? '-' : ''}${(abs - cents) / 100}`;
  if (cents === 0) return whole;
  return `${whole},${cents % 10 === 0 ? String(cents / 10) : String(cents).padStart(2, '0')}`;
}

/** "1234.50": plain SEK for machine-read files (CSV) and inputs; no grouping, dot decimal. */
export function formatPlainSek(ore: number): string {
  assertOre(ore);
  const abs = Math.abs(ore);
  const cents = abs % 100;
  return `${ore < 0 ? '-' : ''}${(abs - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}

/**
 * Parses an amount a person typed, in SEK, into öre; null when it is not an amount.
 * Accepts a comma or a dot as the decimal point (001 §5), at most 2 decimals, an optional leading minus
 * (hyphen or U+2212), and group separators: spaces (also no-break and narrow), or dots when a comma is the decimal
 * point ("1.234,50", what the German-style screens show) and commas when a dot is ("1,234.50"). A lone separator
 * followed by exactly three digits ("1.234") is read as a decimal point and refused (3 decimals), never guessed.
 */
export function parseAmountToOre(text: string): number | null {
  let s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (s.startsWith('-') || s.startsWith(SWEDISH_MINUS)) {
    negative = true;
    s = s.slice(1);
  }
  if (s === '') return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let decimalAt = -1;
  if (lastComma >= 0 && lastDot >= 0) {
    decimalAt = Math.max(lastComma, lastDot);
    const group = decimalAt === lastComma ? '.' : ',';
    if (!isGroupedInteger(s.slice(0, decimalAt), group)) return null;
  } else {
    const sep = lastComma >= 0 ? ',' : '.';
    const count = s.split(sep).length - 1;
    if (count === 1) decimalAt = s.indexOf(sep);
    else if (count > 1 && !isGroupedInteger(s, sep)) return null;
  }
  const intPart = (decimalAt >= 0 ? s.slice(0, decimalAt) : s).replace(/[.,]/g, '');
  const fracPart = decimalAt >= 0 ? s.slice(decimalAt + 1) : '';
  if (!/^\d*$/.test(intPart) || !/^\d{0,2}$/.test(fracPart) || intPart + fracPart === '') return null;
  const ore = Number(intPart || '0') * 100 + Number(fracPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(ore)) return null;
  return negative && ore !== 0 ? -ore : ore;
}

function isGroupedInteger(s: string, group: string): boolean {
  const parts = s.split(group);
  return /^\d{1,3}$/.test(parts[0] ?? '') && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

/**
 * "104 000", "−3": a count (seats, tickets, places) as Intl 'sv-SE' writes it, without Intl. A page's first Intl call
 * loads ICU's locale data (~70 ms quiet, 170-220 ms on a loaded machine, measured on /events and the map page), and
 * the lists and the map page write counts in every row. A number that is not a whole one (a share, a percent) is
 * left to Intl, as before.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('sv-SE');
  return `${count < 0 ? SWEDISH_MINUS : ''}${groupDigits(String(Math.abs(count)), SWEDISH_GROUP_SEPARATOR)}`;
}

function formatWith(ore: number, group: string, decimal: string, minus: string): string {
  assertOre(ore);
  const abs = Math.abs(ore);
  const cents = abs % 100;
  const whole = String((abs - cents) / 100);
  return `${ore < 0 ? minus : ''}${groupDigits(whole, group)}${decimal}${cents < 10 ? '0' : ''}${cents}`;
}

/** "1234567" → "1 234 567" (digits grouped by three from the right with `group`). */
function groupDigits(digits: string, group: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = grouped === '' ? digits.slice(start, end) : `${digits.slice(start, end)}${group}${grouped}`;
  }
  return grouped;
}

function assertOre(ore: number): void {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Not a whole number of öre: ${ore}`);
}
