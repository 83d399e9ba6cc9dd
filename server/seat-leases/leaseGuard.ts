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

/**
 * Standing places of running leases held for other orders than `orderId`, in one area, as SQL for a count taken under
 * the area's event_sections row lock (293_standing_leases.sql): they are taken for that order.
 */
export const standingLeasedToOthersSql = (event: string, section: string, order: string) =>
  `(SELECT coalesce(sum(a.places), 0) FROM active_standing_lease_places a
     WHERE a.event_id = ${event} AND a.section_id = ${section} AND a.order_id IS DISTINCT FROM ${order})::int`;

/**
 * A counter's standing sale takes from its own running lease first (issue 35): the places sold leave the lease, so
 * they are not counted twice (once sold, once leased). Called in the sale's transaction, after its places are in,
 * while the area's row lock is held.
 */
export async function takeFromStandingLease(tx: Queryable, orderId: number, eventId: number, sold: { section_id: number; count: number }[]): Promise<void> {
  const bySection = new Map<number, number>();
  for (const s of sold) bySection.set(Number(s.section_id), (bySection.get(Number(s.section_id)) ?? 0) + s.count);
  if (bySection.size === 0) return;
  await tx.query(
    `UPDATE seat_lease_standing p SET sold = least(p.places, p.sold + x.n)
       FROM unnest($3::bigint[], $4::int[]) AS x(section_id, n), seat_leases l
      WHERE p.order_id = $1 AND p.event_id = $2 AND p.section_id = x.section_id
        AND l.id = p.lease_id AND l.ended_at IS NULL AND l.ends_at > now()`,
    [orderId, eventId, [...bySection.keys()], [...bySection.values()]]);
}

/**
 * Seats wanted in an event of a season family that a running lease holds in a member sharing its seats (the season and
 * its included events: server/reservations/seasonSeats.ts). A season ticket holds its seat in every included event, so
 * a seat leased in one is refused in the other. Callers hold the family's lock (lockSeasonFamilies), which every lease
 * write of the family takes first too: the read sees any lease committed before it, and none commits after it.
 */
export async function seatsLeasedInSeasonFamily(tx: Queryable, wanted: { k: number; event_id: number; seat_id: number }[]): Promise<(LeaseClash & { order_id: number })[]> {
  if (wanted.length === 0) return [];
  const { rows } = await tx.query<LeaseClash & { order_id: number }>(
    `SELECT DISTINCT ON (w.k, w.seat_id) w.k, w.seat_id, a.order_id, o.title AS counter, to_char(a.ends_at AT TIME ZONE 'Europe/Stockholm', 'HH24:MI') AS until
       FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS w(k, event_id, seat_id)
       JOIN events e ON e.id = w.event_id
       JOIN events rel ON rel.id = e.seasonal_event_id OR (e.entity_type = 'seasonal' AND rel.seasonal_event_id = e.id)
       JOIN active_seat_lease_places a ON a.event_id = rel.id AND a.seat_id = w.seat_id
       JOIN orders o ON o.id = a.order_id
      ORDER BY w.k, w.seat_id, a.ends_at`,
    [wanted.map((w) => w.k), wanted.map((w) => w.event_id), wanted.map((w) => w.seat_id)],
  );
  return rows.map((r) => ({ ...r, k: Number(r.k), seat_id: Number(r.seat_id), order_id: Number(r.order_id) }));
}
