import type { EventSectionsResponse } from '../../contracts/venueMap';
import { PRICE_LEVEL_COLORS, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from '../../seatmap/colors';
import type { VenueModel } from '../../../workers/venue-map/venueModel';

/** Why a seat cannot be reserved, or null when it can (001 §4: only seats with can_reserve_admin). */
export type NotReservable = 'taken' | 'hidden' | 'unpriced' | 'standing' | null;

export interface ReservationSeats {
  /** Index into map.price_sets, or -1 when unpriced. */
  priceSet: Int32Array;
  hidden: Uint8Array;
  taken: Uint8Array;
  seatColors: Uint32Array;
  /** 1 where can_reserve_admin: priced, visible, free, in a seated section. */
  selectable: Uint8Array;
  /** Green: something here can be reserved (seats, or standing places left); grey: nothing. */
  sectionColors: Uint32Array;
}

/**
 * The reservation view of an event's map: the sparse sections answer expanded to one entry a seat, with the live
 * changes (`liveTaken`: seat index → taken, from the seat-state poll) laid over the answer's taken seats. Free seats
 * that can be reserved are drawn in the first price colour, taken ones grey, hidden pale, unpriced white.
 */
export function buildReservationSeats(map: EventSectionsResponse, model: VenueModel, liveTaken: ReadonlyMap<number, boolean>): ReservationSeats {
  const n = model.seatCount;
  const priceSet = new Int32Array(n).fill(-1);
  const hidden = new Uint8Array(n);
  const taken = new Uint8Array(n);
  const standing = new Uint8Array(n);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    const first = model.sectionFirstSeat[s];
    const end = first + model.sectionSeatCount[s];
    if (section.price_set !== null) priceSet.fill(section.price_set, first, end);
    if (section.hidden) hidden.fill(1, first, end);
    if (section.general_admission) standing.fill(1, first, end);
  }
  const o = map.overrides;
  for (let i = 0; i < o.seat_index.length; i++) {
    if (o.price_overridden[i]) priceSet[o.seat_index[i]] = o.price_set[i] ?? -1;
    if (o.hidden[i]) hidden[o.seat_index[i]] = 1;
  }
  for (const seat of map.taken) taken[seat] = 1;
  for (const [seat, isTaken] of liveTaken) taken[seat] = isTaken ? 1 : 0;

  const seatColors = new Uint32Array(n);
  const selectable = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const why = notReservableOf(i, { priceSet, hidden, taken, standing });
    seatColors[i] =
      why === 'taken' ? SEAT_STATE_COLORS.reservedOrBought
      : why === 'hidden' ? SEAT_STATE_COLORS.hidden
      : why === 'unpriced' ? SEAT_STATE_COLORS.unpriced
      : PRICE_LEVEL_COLORS[0];
    selectable[i] = why === null ? 1 : 0;
  }
  const sectionColors = new Uint32Array(model.sectionCount);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    const first = model.sectionFirstSeat[s];
    let open = false;
    if (section.general_admission) open = !section.hidden && section.price_set !== null && section.seats_count > section.stats.seats.taken;
    else for (let i = first; i < first + model.sectionSeatCount[s] && !open; i++) open = selectable[i] === 1;
    sectionColors[s] = open ? SECTION_STATE_COLORS.priced : SECTION_STATE_COLORS.unavailable;
  }
  return { priceSet, hidden, taken, seatColors, selectable, sectionColors };
}

export function notReservableOf(seat: number, s: { priceSet: Int32Array; hidden: Uint8Array; taken: Uint8Array; standing?: Uint8Array }): NotReservable {
  if (s.taken[seat]) return 'taken';
  if (s.hidden[seat]) return 'hidden';
  if (s.standing?.[seat]) return 'standing';
  if (s.priceSet[seat] < 0) return 'unpriced';
  return null;
}

/** The ticket types a seat can be reserved with and their prices (SEK), from its price set. */
export function seatPrices(map: EventSectionsResponse, priceSet: number): { name: string; price: number }[] {
  if (priceSet < 0) return [];
  const prices = map.price_sets[priceSet]?.prices ?? {};
  return map.ticket_types.filter((t) => t.name in prices).map((t) => ({ name: t.name, price: prices[t.name] }));
}
