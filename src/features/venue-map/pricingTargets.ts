import type { SeatRef } from '../../contracts/pricing';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatSek, oreFromSek } from '../../domain/money';
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
export function priceSummary(map: EventSectionsResponse, states: SeatStates): { lines: PriceSummaryLine[]; unpriced: number; gross: number } {
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
  return { lines, unpriced, gross: Math.round(lines.reduce((n, l) => n + l.gross, 0) * 100) / 100 };
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
