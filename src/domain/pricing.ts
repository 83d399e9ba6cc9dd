/**
 * Pricing rules of the venue map (000 §5 "Pricing", 001 §5): the price inputs per ticket type for seats, bulk
 * pricing, the general-admission "Number of tickets", the 6-colour price palette and a section's pricing state.
 *
 * Prices are typed and sent in SEK (`{ "Adult": 450.5 }`, API-NOTES); `parseSekToOre` turns a typed amount into
 * integer öre for storage and sums.
 */
import { oreFromSek } from './money';
import { roundTo } from './numericInput';

/** A typed price: commas become dots, surrounding spaces go. */
export function normalizePriceText(raw: string): string {
  return raw.trim().replace(/,/g, '.');
}

/** A typed price in SEK (comma or dot, up to any decimals), or null when empty, negative or not a number. */
export function parsePrice(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = normalizePriceText(raw);
  return /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
}

/**
 * A typed SEK amount as integer öre (12,50 → 1250, more decimals rounded half up), or null when it is not a
 * non-negative number or too large to count in öre. Lenient on decimals, unlike money.ts's `parseAmountToOre`,
 * because price fields accept what the seat dialog accepts.
 */
export function parseSekToOre(raw: string | number | null | undefined): number | null {
  const sek = parsePrice(raw);
  return sek === null || sek * 100 > Number.MAX_SAFE_INTEGER ? null : oreFromSek(sek);
}

/** One ticket type's price input in the seat pricing dialog. */
export interface PriceInputRow {
  /** Ticket type name: the key of the `prices` map sent to the API. */
  name: string;
  checked: boolean;
  /** What the field shows. */
  price: string;
}

/**
 * The effect of typing into a ticket type's price: the text stays as typed (a decimal comma is the console's style,
 * issue 23; `parsePrice` reads comma or dot), a price that is empty or not a number unchecks the type, and a readable
 * price checks it (so what is typed is what is sent).
 */
export function applyPriceInput<R extends PriceInputRow>(row: R, raw: string): R {
  return { ...row, price: raw, checked: parsePrice(raw) !== null };
}

/** Save is enabled only once some checked type has a readable price. */
export function canSavePrices(rows: readonly PriceInputRow[]): boolean {
  return rows.some((row) => row.checked && parsePrice(row.price) !== null);
}

/** The `prices` map sent for seats: only checked types with a readable price, as SEK numbers (2 decimals). */
export function pricesPayload(rows: readonly PriceInputRow[]): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const row of rows) {
    const price = row.checked ? parsePrice(row.price) : null;
    if (price !== null) prices[row.name] = roundTo(price, 2);
  }
  return prices;
}

/** Bulk pricing may be applied only when every group has a readable value (and there is at least one group). */
export function isBulkPricingComplete(values: readonly (string | number | null | undefined)[]): boolean {
  return values.length > 0 && values.every((value) => parsePrice(value) !== null);
}

/** One ticket type of a general-admission section's pricing form. */
export interface GaTicketTypeRow {
  name: string;
  checked: boolean;
  /** The type's minimum number of tickets; a non-zero minimum makes the type mandatory. */
  min?: number | null;
  /** The type's maximum number of tickets; null or undefined is open. */
  max?: number | null;
  /** What the type's input shows. */
  value: string;
}

/** A type with a non-zero minimum is required and always checked. */
export function isMandatoryGaType(row: Pick<GaTicketTypeRow, 'min'>): boolean {
  return (row.min ?? 0) > 0;
}

/**
 * The effect of typing into a general-admission type (000 §5): a non-zero number checks it; zero or an empty or
 * unreadable value unchecks it, except for a mandatory type, which stays checked. The text stays as typed.
 */
export function applyGaTypeInput<R extends GaTicketTypeRow>(row: R, raw: string): R {
  const value = raw;
  const number = parsePrice(value);
  const checked = isMandatoryGaType(row) || (number !== null && number !== 0);
  return { ...row, value, checked };
}

/** A mandatory type's value: 'Required' when empty or unreadable, 'should be non zero' when zero. */
export function validateGaTypeRow(row: GaTicketTypeRow): { value?: string } {
  if (!isMandatoryGaType(row)) return {};
  const number = parsePrice(row.value);
  if (number === null) return { value: 'Required' };
  return number === 0 ? { value: 'should be non zero' } : {};
}

/**
 * The allowed "Number of tickets": from the largest minimum of the checked types to the smallest maximum (and the
 * section's capacity when given). `max` null means open.
 */
export function gaTicketCountBounds(
  rows: readonly GaTicketTypeRow[],
  capacity?: number | null,
): { min: number; max: number | null } {
  let min = 0;
  let max: number | null = capacity ?? null;
  for (const row of rows) {
    if (!row.checked) continue;
    min = Math.max(min, row.min ?? 0);
    if (row.max !== null && row.max !== undefined) max = max === null ? row.max : Math.min(max, row.max);
  }
  return { min, max };
}

/**
 * "Number of tickets" of a general-admission section: 'Required', a whole number, 'should be more/eq {min}',
 * 'should be less/eq {max}'. Zero is allowed when no checked type has a minimum (it releases the section).
 */
export function validateGaNumberOfTickets(
  value: string | number | null | undefined,
  rows: readonly GaTicketTypeRow[],
  capacity?: number | null,
): string | undefined {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (text === '') return 'Required';
  if (!/^\d+$/.test(text)) return 'Must be a whole number';
  const count = Number(text);
  const { min, max } = gaTicketCountBounds(rows, capacity);
  if (count < min) return `should be more/eq ${min}`;
  if (max !== null && count > max) return `should be less/eq ${max}`;
  return undefined;
}

/** The general-admission body of POST api/events/{id}/prices. */
export function gaPricesPayload(
  section: string,
  seatsCount: number,
  rows: readonly GaTicketTypeRow[],
): { section: string; seats_count: number; prices: Record<string, number> } {
  return {
    section,
    seats_count: seatsCount,
    prices: pricesPayload(rows.map((row) => ({ name: row.name, checked: row.checked, price: row.value }))),
  };
}

/**
 * The seat price palette: 6 colours from the cheapest to the dearest level (viridis: ordered in lightness, readable
 * for colour-blind users, and distinct from the green/yellow/red of the section pricing states).
 */
export const priceLevelColors = ['#440154', '#414487', '#2a788e', '#22a884', '#7ad151', '#fde725'] as const;

/** The same palette as 0xRRGGBB numbers, for the seat map's vertex colours. */
export const priceLevelColorNumbers: readonly number[] = priceLevelColors.map((hex) =>
  Number.parseInt(hex.slice(1), 16),
);

/** The distinct prices of a map, ascending: the scale `priceLevel` grades against. */
export function distinctSortedPrices(prices: Iterable<number>): number[] {
  return [...new Set(prices)].filter(Number.isFinite).sort((a, b) => a - b);
}

/**
 * The colour level 0..5 of a price among the map's distinct prices (ascending). The levels spread over the whole
 * palette: two prices get 0 and 5, six get 0..5; more than six are cut into six near-equal runs (quantiles).
 * A price between two known prices takes the level of the next higher one; one above all of them the top level.
 */
export function priceLevel(price: number, distinctSorted: readonly number[]): number {
  const count = distinctSorted.length;
  if (count <= 1) return 0;
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (distinctSorted[mid]! < price) low = mid + 1;
    else high = mid;
  }
  const index = Math.min(low, count - 1);
  const levels = priceLevelColors.length;
  return count <= levels
    ? Math.round((index * (levels - 1)) / (count - 1))
    : Math.floor((index * levels) / count);
}

/** How far a section is priced, which colours it on the section map (001 §2). */
export type SectionPricingState = 'priced' | 'partial' | 'unpriced' | 'unavailable';

export const SECTION_PRICING_COLORS: Record<SectionPricingState, string> = {
  priced: '#0f9960',
  partial: '#f2b824',
  unpriced: '#db3737',
  unavailable: '#a7b6c2',
};

/**
 * Green when every available place is priced with the default ticket type (what Publish needs, 000 §4: a place priced
 * only for Kids is priced, not done), yellow when some are priced, red when none are, grey when the section has no
 * available place (all hidden, or none at all). `withDefault`: of the available places, those with the default price.
 */
export function sectionPricingState(counts: { available: number; priced: number; withDefault: number }): SectionPricingState {
  if (counts.available <= 0) return 'unavailable';
  if (counts.priced <= 0) return 'unpriced';
  return counts.withDefault >= counts.available ? 'priced' : 'partial';
}
