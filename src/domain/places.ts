/**
 * What "sold", "reserved", "taken" and "for sale" mean, once (issue 23, docs/places.md). The server's view
 * `event_place_items` (server/db/migrations/105_places.sql) is this rule written in SQL; every screen and report that
 * counts places reads that view, and tests/server/placeCounts.test.ts checks the view against this function.
 *
 * A place is a seat of a seated section or one place of a standing (general-admission) area. A ticket order item holds
 * at most one place. An item holds its place while it is valid: removing, voiding, expiring, refunding (unless the
 * refund keeps the ticket valid) or reselling it makes it invalid in the same transaction, and frees the place.
 *
 * - sold: a valid ticket that was paid (its `sold_at` is set). A refunded ticket whose refund kept it valid is still
 *   sold (the holder may still enter); a refunded ticket that was made invalid is not. A resale sells the place once:
 *   the old ticket becomes invalid, the new one counts.
 * - reserved: a valid ticket not paid: a hold in the public's checkout, or a back-office reservation (guest,
 *   corporate, …) that nobody paid for. A hold whose order is still new or pending after its `reserved_until` has
 *   expired: it reserves nothing, even before anyone cleaned it up.
 * - taken: sold + reserved, the places nobody else can buy.
 * - offered: the places put on sale: seats not hidden, and the places a standing area releases (its seats_count).
 * - for sale: offered − taken (never below 0).
 */
import { formatCount } from './money';

export type PlaceState = 'sold' | 'reserved' | 'free';

export interface TicketHolding {
  /** The order item's `valid`. */
  valid: boolean;
  /** The order item's `sold_at` (paid moment), null while held or free of charge. */
  soldAt: string | null;
  /** The order's status. */
  orderStatus: 'new' | 'pending' | 'completed' | 'void' | 'expired';
  /** The order's `reserved_until`, local wall-clock 'YYYY-MM-DD HH:mm:ss', or null. */
  reservedUntil: string | null;
}

/** Whether an unpaid order's hold has run out at `now` (both local wall-clock text, comparable as strings). */
export function holdExpired(h: Pick<TicketHolding, 'orderStatus' | 'reservedUntil'>, now: string): boolean {
  if (h.orderStatus === 'void' || h.orderStatus === 'expired') return true;
  return (h.orderStatus === 'new' || h.orderStatus === 'pending') && h.reservedUntil !== null && h.reservedUntil < now;
}

/** The state of the place a ticket item names. */
export function placeState(h: TicketHolding, now: string): PlaceState {
  if (!h.valid) return 'free';
  if (h.soldAt !== null) return 'sold';
  return holdExpired(h, now) ? 'free' : 'reserved';
}

export interface PlaceCounts {
  /** Every place: seats + standing capacity. */
  places: number;
  /** Places put on sale (hidden seats left out; a standing area's released places). */
  offered: number;
  sold: number;
  reserved: number;
  /** sold + reserved. */
  taken: number;
  /** offered − taken, not below 0. */
  forSale: number;
}

/** Counts of places from what is offered and the states of the tickets that hold places. */
export function placeCounts(input: { places: number; offered: number; sold: number; reserved: number }): PlaceCounts {
  const taken = input.sold + input.reserved;
  return { places: input.places, offered: input.offered, sold: input.sold, reserved: input.reserved, taken, forSale: Math.max(input.offered - taken, 0) };
}

/** Tallies ticket holdings into sold and reserved. */
export function tallyHoldings(holdings: readonly TicketHolding[], now: string): { sold: number; reserved: number } {
  let sold = 0;
  let reserved = 0;
  for (const h of holdings) {
    const s = placeState(h, now);
    if (s === 'sold') sold++;
    else if (s === 'reserved') reserved++;
  }
  return { sold, reserved };
}

/** Adds places of several sections (or several figures of one) together. */
export function sumPlaceCounts(parts: readonly PlaceCounts[]): PlaceCounts {
  const sum = { places: 0, offered: 0, sold: 0, reserved: 0 };
  for (const p of parts) {
    sum.places += p.places; sum.offered += p.offered; sum.sold += p.sold; sum.reserved += p.reserved;
  }
  return placeCounts(sum);
}

const n = formatCount;

/** "104 000 seats · 39 464 standing places": how the console names a venue's places. */
export function placesHeadline(seats: number, standing: number): string {
  const parts = [`${n(seats)} ${seats === 1 ? 'seat' : 'seats'}`];
  if (standing > 0) parts.push(`${n(standing)} standing ${standing === 1 ? 'place' : 'places'}`);
  return parts.join(' · ');
}

/**
 * "Floor (standing)": a standing area's name as the console shows it. Venue files often name the area so already
 * ("Floor A (standing)"); the mark is then not added twice.
 */
export function standingName(section: string): string {
  return /\(standing\)\s*$/i.test(section) ? section : `${section} (standing)`;
}

/** "19 732 free places": a count of places with the console's thousands separator. */
export function freePlaces(count: number): string {
  return `${n(count)} free ${count === 1 ? 'place' : 'places'}`;
}
