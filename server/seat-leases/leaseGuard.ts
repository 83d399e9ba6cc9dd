import { SEAT_LEASE_MESSAGES } from '../../src/contracts/seatLeases';
import type { Queryable } from '../db/database';

/**
 * The advisory lock (class 35, the event) a lease write, a release and a hide take exclusively and every ticket write
 * on a seat shared (the order_items triggers of 220, 297 and 298): the event's ticket-write lock.
 */
export const LEASE_LOCK_CLASS = 35;

/**
 * The events' ticket-write locks, shared, in a steady order: taken by a ticket write before it reads what its seats
 * need (not leased, not hidden, priced), so what it reads stays so until it commits. After the season family's lock.
 */
export async function shareTicketWriteLocks(tx: Queryable, eventIds: number[]): Promise<void> {
  for (const ev of [...new Set(eventIds)].sort((a, b) => a - b)) {
    await tx.query('SELECT pg_advisory_xact_lock_shared($1, $2::int)', [LEASE_LOCK_CLASS, ev]);
  }
}

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
 * they are not counted twice (once sold, once leased), and each ticket sold from the lease is noted with it, so a void
 * or refund of it while the lease runs gives the place back to the lease (294_standing_lease_returns.sql). Tickets
 * beyond the lease's unsold places are general sale. Called in the sale's transaction, after its places are in, while
 * the area's row lock is held; `items` are the sale's new tickets of the area.
 */
export async function takeFromStandingLease(tx: Queryable, orderId: number, eventId: number, sold: { section_id: number; items: number[] }[]): Promise<void> {
  const wanted = sold.filter((s) => s.items.length > 0);
  if (wanted.length === 0) return;
  // The lease's rows first, locked: a void's return (the trigger) cannot change what is unsold between read and write.
  const { rows } = await tx.query<{ lease_id: number; section_id: number; unsold: number }>(
    `SELECT p.lease_id, p.section_id, (p.places - p.sold)::int AS unsold
       FROM seat_lease_standing p JOIN seat_leases l ON l.id = p.lease_id
      WHERE p.order_id = $1 AND p.event_id = $2 AND p.section_id = ANY($3::bigint[]) AND p.places > p.sold
        AND l.ended_at IS NULL AND l.ends_at > now()
      ORDER BY p.section_id
        FOR UPDATE OF p`,
    [orderId, eventId, wanted.map((s) => Number(s.section_id))]);
  const took: { lease_id: number; section_id: number; item: number }[] = [];
  for (const r of rows) {
    const items = wanted.filter((s) => Number(s.section_id) === Number(r.section_id)).flatMap((s) => s.items);
    for (const item of items.slice(0, Number(r.unsold))) took.push({ lease_id: Number(r.lease_id), section_id: Number(r.section_id), item });
  }
  if (took.length === 0) return;
  await tx.query(
    `WITH x AS (SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS x(lease_id, section_id, item_id)),
          counted AS (
            UPDATE seat_lease_standing p SET sold = p.sold + n.n
              FROM (SELECT lease_id, section_id, count(*)::int AS n FROM x GROUP BY lease_id, section_id) n
             WHERE p.lease_id = n.lease_id AND p.section_id = n.section_id)
     INSERT INTO seat_lease_standing_sales (item_id, lease_id, section_id) SELECT item_id, lease_id, section_id FROM x`,
    [took.map((x) => x.lease_id), took.map((x) => x.section_id), took.map((x) => x.item)]);
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
