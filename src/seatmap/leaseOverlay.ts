import { venueTime } from '../domain/venueClock';
import { SEAT_LEASE_MESSAGES, type SeatLease } from '../contracts/seatLeases';

/** What the running leases mean for one map: seats leased to others (with their tooltip line), and this counter's own. */
export interface LeaseOverlay {
  /** Seat index → "Leased to Counter 2 until 18:30". */
  others: ReadonlyMap<number, string>;
  /** Seats of this counter's own lease, not yet sold. */
  own: ReadonlySet<number>;
}

export const NO_LEASES: LeaseOverlay = { others: new Map(), own: new Set() };

/** The lease's end as the venue's clock shows it (HH:mm, Stockholm), in the console's time format. */
export const leaseEndTime = (endsAt: string): string => venueTime(endsAt);

/**
 * The event's running leases as a map draws them: a counter passes its reservation id, so its own lease is "yours";
 * every other map (the reservation map) passes none. Sold seats are left out: they are drawn taken.
 */
export function leaseOverlay(leases: readonly SeatLease[], ownReservationId?: number): LeaseOverlay {
  const others = new Map<number, string>();
  const own = new Set<number>();
  for (const lease of leases) {
    const line = SEAT_LEASE_MESSAGES.tooltip(lease.counter, leaseEndTime(lease.ends_at));
    for (const s of lease.seats) {
      if (s.sold) continue;
      if (lease.reservation_id === ownReservationId) own.add(s.seat_index);
      else others.set(s.seat_index, line);
    }
  }
  return { others, own };
}

/**
 * Standing area name → its places leased to other counters and not yet sold (a counter passes its reservation id;
 * other maps none): nobody else can take them while the lease runs, so they are left out of the area's free places.
 */
export function standingLeasedToOthers(leases: readonly SeatLease[], ownReservationId?: number): ReadonlyMap<string, number> {
  const out = new Map<string, number>();
  for (const lease of leases) {
    if (lease.reservation_id === ownReservationId) continue;
    for (const a of lease.standing) out.set(a.section, (out.get(a.section) ?? 0) + a.left);
  }
  return out;
}
