import { SEAT_LEASE_MESSAGES } from '../../src/contracts/seatLeases';
import type { Queryable } from '../db/database';

/** The advisory lock (class 35, the event) a lease write takes exclusively and every ticket write shared (220). */
export const LEASE_LOCK_CLASS = 35;

/** A seat wanted by an order, and the lease that keeps it from that order (another counter's). */
export interface LeaseClash { k: number; seat_id: number; counter: string; until: string }

/**
 * Seats of running leases held by another counter than the order that wants them: the reserve refuses those callers
 * with a clear message before it writes. The database guard (the order_items triggers of 220_seat_leases.sql) is
 * what makes it a guarantee; this only gives each caller of a group its own answer.
 */
export async function seatsLeasedToOthers(tx: Queryable, wanted: { k: number; event_id: number; seat_id: number; order_id: number }[]): Promise<LeaseClash[]> {
  if (wanted.length === 0) return [];
  const { rows } = await tx.query<LeaseClash>(
    `SELECT w.k, w.seat_id, o.title AS counter, to_char(a.ends_at AT TIME ZONE 'Europe/Stockholm', 'HH24:MI') AS until
       FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[]) AS w(k, event_id, seat_id, order_id)
       JOIN active_seat_lease_places a ON a.event_id = w.event_id AND a.seat_id = w.seat_id AND a.order_id <> w.order_id
       JOIN orders o ON o.id = a.order_id`,
    [wanted.map((w) => w.k), wanted.map((w) => w.event_id), wanted.map((w) => w.seat_id), wanted.map((w) => w.order_id)],
  );
  return rows.map((r) => ({ ...r, k: Number(r.k), seat_id: Number(r.seat_id) }));
}

/** The refusal's sentence for the first clash. */
export const leasedMessage = (c: LeaseClash) => SEAT_LEASE_MESSAGES.leasedSeat(c.counter, c.until);
