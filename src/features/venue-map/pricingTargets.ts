import type { SeatRef } from '../../contracts/pricing';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatCount, formatPriceInput, formatSek, oreFromSek } from '../../domain/money';
import { gaTicketCountBounds, isBulkPricingComplete, parsePrice, validateGaTypeRow, type GaTicketTypeRow, type PriceInputRow } from '../../domain/pricing';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { SEAT_HIDDEN, SEAT_TAKEN, type SeatStates } from './seatStates';

/** The labels the API addresses seats by (section, row, seat), for the selected seat indexes. */
export function seatRefs(model: VenueModel, seats: ArrayLike<number>): SeatRef[] {
  const out: SeatRef[] = new Array(seats.length);
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i];
    const row = model.seatRow[seat];
    out[i] = {
      section: model.strings[model.sectionName[model.rowSection[row]]],
      row: model.strings[model.rowLabel[row]],
      seat: model.strings[model.seatLabel[seat]],
    };
  }
  return out;
}

/** Seats that are for sale but have no price: what "Select all unpriced" picks. */
export function unpricedSeats(states: SeatStates): Uint32Array {
  const out: number[] = [];
  for (let i = 0; i < states.priceSet.length; i++) {
    if (states.priceSet[i] < 0 && (states.flags[i] & (SEAT_HIDDEN | SEAT_TAKEN)) === 0) out.push(i);
  }
  return Uint32Array.from(out);
}

export interface PriceSummaryLine {
  /** The price set's prices (SEK by ticket type). */
  prices: Record<string, number>;
  seats: number;
  /** Seats × the default ticket type's price, SEK: what the seats bring in at the default price. */
  gross: number;
}

/**
 * Places still for sale (not hidden, not sold or reserved) per price set, and what they would bring in at the default
 * ticket type's price; unpriced seats counted apart.
 */
export function priceSummary(map: EventSectionsResponse, states: SeatStates): { lines: PriceSummaryLine[]; unpriced: number; noDefault: number; unpricedStanding: UnpricedStanding; gross: number } {
  const counts = new Array<number>(map.price_sets.length).fill(0);
  let unpriced = 0;
  for (let i = 0; i < states.priceSet.length; i++) {
    if (states.flags[i] & (SEAT_HIDDEN | SEAT_TAKEN)) continue;
    const set = states.priceSet[i];
    if (set < 0) unpriced++;
    else counts[set]++;
  }
  for (const s of map.sections) {
    if (s.general_admission && s.price_set !== null && !s.hidden) counts[s.price_set] += Math.max(s.seats_count - s.stats.seats.taken, 0);
  }
  const defaultName = map.ticket_types.find((t) => t.default)?.name;
  const lines = map.price_sets
    .map((ps, i) => ({ prices: ps.prices, seats: counts[i], gross: Math.round(counts[i] * (defaultName ? (ps.prices[defaultName] ?? 0) : 0) * 100) / 100 }))
    .filter((l) => l.seats > 0)
    .sort((a, b) => (defaultName ? (b.prices[defaultName] ?? 0) - (a.prices[defaultName] ?? 0) : 0));
  // Seats for sale priced only for other types than the default: priced, but Publish needs the default price.
  const noDefault = defaultName === undefined ? 0 : map.price_sets.reduce((n, ps, i) => n + (defaultName in ps.prices ? 0 : counts[i]), 0);
  return { lines, unpriced, noDefault, unpricedStanding: unpricedStanding(map), gross: Math.round(lines.reduce((n, l) => n + l.gross, 0) * 100) / 100 };
}

export interface UnpricedStanding {
  /** Section indexes of the standing areas not hidden that offer no priced place. */
  sections: number[];
  /** Their places (capacity). */
  places: number;
}

/** Standing areas still to price: not hidden, and without a price list or without released places. */
export function unpricedStanding(map: EventSectionsResponse): UnpricedStanding {
  const sections: number[] = [];
  let places = 0;
  map.sections.forEach((s, i) => {
    if (!s.general_admission || s.hidden || s.places <= 0) return;
    if (s.price_set === null || s.seats_count === 0) {
      sections.push(i);
      places += s.places;
    }
  });
  return { sections, places };
}

/**
 * The price summary's line about seats priced without the default type ("12 seats have no Standard price: Publish
 * needs one on every seat."), or null.
 */
export function noDefaultText(seats: number, defaultName: string | undefined): string | null {
  if (seats === 0 || defaultName === undefined) return null;
  return `${formatCount(seats)} ${seats === 1 ? 'seat has' : 'seats have'} prices but no ${defaultName} price: Publish needs one on every seat.`;
}

/** The price summary's sentence: what is left to price, seats and standing places alike (docs/places.md). */
export function unpricedText(unpricedSeats: number, standing: UnpricedStanding): string {
  const n = (v: number) => formatCount(v);
  const areas = standing.sections.length;
  const standingText = areas === 0 ? '' : `${n(standing.places)} standing ${standing.places === 1 ? 'place' : 'places'} (${areas} ${areas === 1 ? 'area' : 'areas'}) ${standing.places === 1 ? 'is' : 'are'} unpriced.`;
  if (unpricedSeats === 0 && areas === 0) return 'Every place for sale is priced: seats and standing areas.';
  const seatText = unpricedSeats === 0 ? 'Every seat for sale is priced.' : `${n(unpricedSeats)} ${unpricedSeats === 1 ? 'seat is' : 'seats are'} unpriced.`;
  return areas === 0 ? seatText : `${seatText} ${standingText}`;
}

/**
 * The bodies that price selected standing areas with the prices typed for the selection: each area releases as many
 * places as its capacity and the checked types' maximums allow, and gets the types priced above zero (a zero unchecks
 * a standing area's type, 000 §5). An error names what stops it (a required type left at zero or unpriced).
 */
export function standingPricesBodies(map: EventSectionsResponse, sections: readonly number[], rows: readonly PriceInputRow[]):
  { bodies: { section: string; seats_count: number; prices: Record<string, number> }[]; error: string | null } {
  const gaRows: GaTicketTypeRow[] = map.ticket_types.map((t) => {
    const row = rows.find((r) => r.name === t.name);
    const price = row?.checked ? parsePrice(row.price) : null;
    return { name: t.name, min: t.min ?? 0, max: t.max ?? null, checked: (t.min ?? 0) > 0 || (price !== null && price > 0), value: row?.checked ? row.price : '' };
  });
  const wrong = gaRows.find((r) => validateGaTypeRow(r).value);
  if (wrong) return { bodies: [], error: `Standing areas: ${wrong.name} ${validateGaTypeRow(wrong).value}` };
  const prices: Record<string, number> = {};
  for (const r of gaRows) if (r.checked) prices[r.name] = Math.round(parsePrice(r.value)! * 100) / 100;
  if (Object.keys(prices).length === 0) return { bodies: [], error: 'Standing areas need a price above zero' };
  const bodies = sections.map((i) => {
    const s = map.sections[i];
    const { min, max } = gaTicketCountBounds(gaRows, s.places);
    return { section: s.name, seats_count: Math.max(min, max ?? s.places), prices };
  });
  return { bodies, error: null };
}

/**
 * What restores the prices of `seats` as they are now: one seats body per distinct current price list ({} for
 * unpriced seats). Replayed after a save, it undoes it exactly (same effective price per seat).
 */
export function restorePricesBodies(map: EventSectionsResponse, model: VenueModel, states: SeatStates, seats: ArrayLike<number>) {
  const refs = seatRefs(model, seats);
  const bySet = new Map<number, { section: string; row: string; seat: string; prices: Record<string, number> }[]>();
  for (let i = 0; i < seats.length; i++) {
    const set = states.priceSet[seats[i]];
    const list = bySet.get(set) ?? bySet.set(set, []).get(set)!;
    list.push({ ...refs[i], prices: set < 0 ? {} : map.price_sets[set].prices });
  }
  return [...bySet.values()].map((list) => ({ seats: list }));
}

/** The seats of a section, by model index. */
export function sectionSeats(model: VenueModel, section: number): Uint32Array {
  const first = model.sectionFirstSeat[section];
  return Uint32Array.from({ length: model.sectionSeatCount[section] }, (_, i) => first + i);
}

/** What `seats` cost now, for the pricing panel: their one price list, "unpriced", or how many different lists they have. */
export function currentPricesText(map: EventSectionsResponse, states: SeatStates, seats: ArrayLike<number>): string {
  const sets = new Set<number>();
  for (let i = 0; i < seats.length; i++) sets.add(states.priceSet[seats[i]]);
  if (sets.size > 1) return `Now: ${sets.size} different price lists`;
  const set = sets.values().next().value ?? -1;
  if (set < 0) return 'Now: unpriced';
  const prices = map.price_sets[set].prices;
  return `Now: ${map.ticket_types.filter((t) => prices[t.name] !== undefined).map((t) => `${t.name} ${formatSek(oreFromSek(prices[t.name]))}`).join(' · ')}`;
}

/** The one price set all `seats` share (-1: all unpriced), or null when they mix price lists or there are none. */
export function sharedPriceSet(states: SeatStates, seats: ArrayLike<number>): number | null {
  if (seats.length === 0) return null;
  const first = states.priceSet[seats[0]];
  for (let i = 1; i < seats.length; i++) if (states.priceSet[seats[i]] !== first) return null;
  return first;
}

/** Price inputs filled with a price list's prices (decimal comma), or empty when `set` is null or -1. */
export function rowsForPriceSet(map: EventSectionsResponse, set: number | null): PriceInputRow[] {
  const prices = set !== null && set >= 0 ? map.price_sets[set].prices : {};
  return map.ticket_types.map((t) => ({
    name: t.name,
    checked: prices[t.name] !== undefined,
    price: prices[t.name] !== undefined ? formatPriceInput(oreFromSek(prices[t.name])) : '',
  }));
}

export type GroupBy = 'row' | 'section';

export interface PricingGroup {
  key: string;
  /** "307, row L (24 seats)" or "307 (1 200 seats)". */
  label: string;
  seats: number[];
}

/** Bulk pricing offers at most this many groups (one line of inputs each). */
export const MAX_PRICING_GROUPS = 60;

/**
 * The selected seats split into groups, one per row or per section (000 §5, 001 §5 bulk pricing), in map order.
 */
export function pricingGroups(model: VenueModel, seats: ArrayLike<number>, by: GroupBy): PricingGroup[] {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i];
    const row = model.seatRow[seat];
    const key = by === 'row' ? row : model.rowSection[row];
    const list = groups.get(key) ?? groups.set(key, []).get(key)!;
    list.push(seat);
  }
  const n = (v: number) => formatCount(v);
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([key, list]) => {
    const row = model.seatRow[list[0]];
    const section = model.strings[model.sectionName[model.rowSection[row]]];
    const where = by === 'row' ? `${section}, row ${model.strings[model.rowLabel[row]]}` : section;
    return { key: `${by}:${key}`, label: `${where} (${n(list.length)} ${list.length === 1 ? 'seat' : 'seats'})`, seats: list };
  });
}

/** Bulk pricing may be saved only when every group has a value for every included ticket type. */
export function groupValuesComplete(groups: readonly PricingGroup[], types: readonly string[], values: Record<string, Record<string, string>>): boolean {
  if (groups.length === 0 || types.length === 0) return false;
  return isBulkPricingComplete(groups.flatMap((g) => types.map((t) => values[g.key]?.[t])));
}

/** One seats body pricing every group with its own values. */
export function groupedPricesBody(model: VenueModel, groups: readonly PricingGroup[], types: readonly string[], values: Record<string, Record<string, string>>): { seats: (SeatRef & { prices: Record<string, number> })[] } {
  const seats: (SeatRef & { prices: Record<string, number> })[] = [];
  for (const g of groups) {
    const prices: Record<string, number> = {};
    for (const t of types) prices[t] = Math.round(parsePrice(values[g.key]?.[t])! * 100) / 100;
    for (const ref of seatRefs(model, g.seats)) seats.push({ ...ref, prices });
  }
  return { seats };
}
