import type { EventSectionsResponse } from '../contracts/venueMap';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { LEASE_COLORS, PICKABLE_COLOR, SEAT_STATE_COLORS, SECTION_STATE_COLORS } from './colors';
import { NO_LEASES, type LeaseOverlay } from './leaseOverlay';

/**
 * The map in a picking mode (the reservation map, the box-office counter): which seats a click may select and how
 * each seat and section is drawn, from an event's sections answer. One rule for both, so a seat the reservation map
 * offers is the seat the counter offers.
 */

/** Why a seat cannot be picked, or null when it can (001 §4: only seats with can_reserve_admin). */
export type NotPickable = 'taken' | 'leased' | 'hidden' | 'unpriced' | 'standing' | null;

export interface PickableSeats {
  /** Index into map.price_sets, or -1 when unpriced. */
  priceSet: Int32Array;
  hidden: Uint8Array;
  taken: Uint8Array;
  standing: Uint8Array;
  /** 1 where another counter's running lease holds the seat (issue 35). */
  leased: Uint8Array;
  seatColors: Uint32Array;
  /** 1 where a seat can be picked: priced, visible, free, in a seated section. */
  selectable: Uint8Array;
  /** Green: something here can be picked (seats, or standing places left); grey: nothing. */
  sectionColors: Uint32Array;
}

/**
 * The sparse sections answer expanded to one entry a seat, with the live changes (`liveTaken`: seat index → taken,
 * from the seat-state poll) laid over the answer's taken seats. Free seats that can be picked are drawn in the first
 * price colour, taken ones grey, hidden pale, unpriced white. Seats in another counter's lease are drawn in the lease
 * colour and cannot be picked; a counter's own leased seats are drawn "yours" and can (`lease`, from leaseOverlay).
 */
export function buildPickableSeats(
  map: EventSectionsResponse,
  model: Pick<VenueModel, 'seatCount' | 'sectionCount' | 'sectionFirstSeat' | 'sectionSeatCount'>,
  liveTaken: ReadonlyMap<number, boolean>,
  lease: LeaseOverlay = NO_LEASES,
): PickableSeats {
  const n = model.seatCount;
  const priceSet = new Int32Array(n).fill(-1);
  const hidden = new Uint8Array(n);
  const taken = new Uint8Array(n);
  const standing = new Uint8Array(n);
  for (let s = 0; s < model.sectionCount; s++) {
    const section = map.sections[s];
    if (!section) continue;
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
  const leased = new Uint8Array(n);
  for (const seat of lease.others.keys()) if (seat < n) leased[seat] = 1;

  const out = { priceSet, hidden, taken, standing, leased, seatColors: new Uint32Array(n), selectable: new Uint8Array(n), sectionColors: new Uint32Array(model.sectionCount) };
  for (let i = 0; i < n; i++) paintSeat(out, i, lease);
  for (let s = 0; s < model.sectionCount; s++) paintSection(out, s, map, model);
  return out;
}

/** One seat's colour and whether it can be picked, from the state arrays (the rule of whyNotPickable, inline: this runs for every seat). */
function paintSeat(p: PickableSeats, i: number, lease: LeaseOverlay): void {
  const { taken, leased, hidden, standing, priceSet } = p;
  p.seatColors[i] = taken[i] ? SEAT_STATE_COLORS.reservedOrBought
    : leased[i] ? LEASE_COLORS.others
    : hidden[i] ? SEAT_STATE_COLORS.hidden
    : lease.own.has(i) && priceSet[i] >= 0 ? LEASE_COLORS.own
    : priceSet[i] >= 0 ? PICKABLE_COLOR
    : SEAT_STATE_COLORS.unpriced;
  p.selectable[i] = taken[i] || leased[i] || hidden[i] || standing[i] || priceSet[i] < 0 ? 0 : 1;
}

/**
 * A section's colour: the pickable seats' own colour while something in it can be picked (seats, or standing places
 * left), grey once nothing can. Not the pricing map's green: on a counter green is the counter's own lease.
 */
function paintSection(p: PickableSeats, s: number, map: EventSectionsResponse, model: Pick<VenueModel, 'sectionFirstSeat' | 'sectionSeatCount'>): void {
  const section = map.sections[s];
  const first = model.sectionFirstSeat[s];
  let open = false;
  if (!section) open = false;
  else if (section.general_admission) open = !section.hidden && section.price_set !== null && section.seats_count > section.stats.seats.taken;
  else for (let i = first; i < first + model.sectionSeatCount[s] && !open; i++) open = p.selectable[i] === 1;
  p.sectionColors[s] = open ? PICKABLE_COLOR : SECTION_STATE_COLORS.unavailable;
}

/**
 * `buildPickableSeats(map, model, nextTaken, lease)` from the last result `prev` (built from the same map, model and
 * lease with `prevTaken`), touching only the seats whose live state differs and their sections: a counter's sale
 * re-colours 4 seats, not the venue's 100,000 (PERFORMANCE.md: sale → drawn taken). The arrays that change are new
 * (the map takes a new array as a change); the others are shared with `prev`.
 */
export function updatePickableSeats(
  prev: PickableSeats,
  map: EventSectionsResponse,
  model: Pick<VenueModel, 'seatCount' | 'sectionCount' | 'sectionFirstSeat' | 'sectionSeatCount' | 'seatRow' | 'rowSection'>,
  prevTaken: ReadonlyMap<number, boolean>,
  nextTaken: ReadonlyMap<number, boolean>,
  lease: LeaseOverlay = NO_LEASES,
): PickableSeats {
  const changed: number[] = [];
  for (const [seat, t] of nextTaken) if (prevTaken.get(seat) !== t) changed.push(seat);
  for (const seat of prevTaken.keys()) if (!nextTaken.has(seat)) changed.push(seat);
  if (changed.length === 0) return prev;
  const answerTaken = answerTakenOf(map);
  const next = { ...prev, taken: prev.taken.slice(), seatColors: prev.seatColors.slice(), selectable: prev.selectable.slice(), sectionColors: prev.sectionColors.slice() };
  const sections = new Set<number>();
  for (const seat of changed) {
    if (seat >= model.seatCount) continue;
    const live = nextTaken.get(seat);
    next.taken[seat] = (live ?? answerTaken.has(seat)) ? 1 : 0;
    paintSeat(next, seat, lease);
    sections.add(model.rowSection[model.seatRow[seat]]);
  }
  for (const s of sections) paintSection(next, s, map, model);
  return next;
}

/** The sections answer's taken seats as a set, read once per answer. */
const answerTakenSets = new WeakMap<EventSectionsResponse, ReadonlySet<number>>();
function answerTakenOf(map: EventSectionsResponse): ReadonlySet<number> {
  let set = answerTakenSets.get(map);
  if (!set) answerTakenSets.set(map, (set = new Set(map.taken)));
  return set;
}

/** The sections answer's season-held seats as a set, read once per answer. */
const seasonTakenSets = new WeakMap<EventSectionsResponse, ReadonlySet<number>>();

/**
 * Whether a taken seat is taken because the event's season family holds it (the answer's `season_taken`, with the
 * pushed changes since laid over it: seat index → held by the family now).
 */
export function takenBySeason(map: EventSectionsResponse, seat: number, liveSeason: ReadonlyMap<number, boolean> = new Map()): boolean {
  const live = liveSeason.get(seat);
  if (live !== undefined) return live;
  let set = seasonTakenSets.get(map);
  if (!set) seasonTakenSets.set(map, (set = new Set(map.season_taken ?? [])));
  return set.has(seat);
}

/**
 * Why a seat the season family holds is taken, in words: in an included event a season ticket holds it; in the
 * season an included event has it (server/reservations/seasonSeats.ts).
 */
export function seasonTakenReason(map: Pick<EventSectionsResponse, 'event'>): string {
  return map.event.entity_type === 'seasonal' ? 'It is taken in an event of the season.' : 'A season ticket holds it.';
}

export function whyNotPickable(seat: number, s: { priceSet: Int32Array; hidden: Uint8Array; taken: Uint8Array; standing?: Uint8Array; leased?: Uint8Array }): NotPickable {
  if (s.taken[seat]) return 'taken';
  if (s.leased?.[seat]) return 'leased';
  if (s.hidden[seat]) return 'hidden';
  if (s.standing?.[seat]) return 'standing';
  if (s.priceSet[seat] < 0) return 'unpriced';
  return null;
}

/** The map of a counter with no server (issue 35): what it may pick and how each seat and section is drawn. */
export type LeaseOnlySeats = Pick<PickableSeats, 'seatColors' | 'selectable' | 'sectionColors'>;

/**
 * The counter's map offline, from its lease alone (no sections answer, no live states): the lease's unsold seats
 * (`lease.own`) drawn "yours" and the only ones that can be picked, the lease's seats sold offline (`soldOffline`)
 * drawn taken, everything else dimmed. A section is green while it holds a seat of the lease to sell.
 */
export function buildLeaseOnlySeats(
  model: Pick<VenueModel, 'seatCount' | 'sectionCount' | 'seatRow' | 'rowSection'>,
  lease: LeaseOverlay,
  soldOffline: ReadonlySet<number>,
): LeaseOnlySeats {
  const seatColors = new Uint32Array(model.seatCount).fill(LEASE_COLORS.outside);
  const selectable = new Uint8Array(model.seatCount);
  const sectionColors = new Uint32Array(model.sectionCount).fill(SECTION_STATE_COLORS.unavailable);
  for (const seat of soldOffline) if (seat < model.seatCount) seatColors[seat] = SEAT_STATE_COLORS.reservedOrBought;
  for (const seat of lease.own) {
    if (seat >= model.seatCount || soldOffline.has(seat)) continue;
    seatColors[seat] = LEASE_COLORS.own;
    selectable[seat] = 1;
    sectionColors[model.rowSection[model.seatRow[seat]]] = LEASE_COLORS.own;
  }
  return { seatColors, selectable, sectionColors };
}
