import type { Queryable } from '../../db/database';
import { hideSectionLeavingTaken, keptSeats, lockTicketWrites, type SectionRow } from '../../pricing/setPrices';

/**
 * Copy wizard, step 2 (000 §4): prices and hidden seats of one event onto another on the same map, set-based.
 * Ticket types are matched by name (ignoring case); a price for a type the target lacks is left out. The source's
 * price sets are re-keyed with the target's type ids in the canonical form of server/pricing/priceSets.ts.
 */

// Source set → its key re-written with the target's type ids ($1 source event, $2 target event).
const KEYS = `
  tmap AS (
    SELECT s.id AS src, t.id AS dst FROM ticket_types s
      JOIN ticket_types t ON lower(t.name) = lower(s.name) AND t.event_id = $2
     WHERE s.event_id = $1
  ),
  items AS (
    SELECT psi.price_set_id, tmap.dst, psi.price_ore
      FROM price_set_items psi JOIN price_sets ps ON ps.id = psi.price_set_id AND ps.event_id = $1
      JOIN tmap ON tmap.src = psi.ticket_type_id
  ),
  keys AS (
    SELECT price_set_id, string_agg(dst::text || ':' || price_ore::text, ',' ORDER BY dst) AS key FROM items GROUP BY price_set_id
  )`;

// Source set → target set.
const SET_MAP = `${KEYS},
  setmap AS (
    SELECT keys.price_set_id AS src_set, ps.id AS dst_set FROM keys JOIN price_sets ps ON ps.event_id = $2 AND ps.key = keys.key
  )`;

/**
 * The source's prices onto the target, replacing the target's. A seat taken on the target (keptSeats: sold, reserved,
 * held or leased) keeps a price whatever the source has, as a release leaves it (docs/places.md "Hidden and taken"):
 * the source's price where the source prices it, else the price it had on the target. Under the target's ticket-write
 * lock, so no ticket comes onto a seat meanwhile; the guard of 298_taken_seat_for_sale.sql refuses any other end.
 */
export async function copyPrices(tx: Queryable, sourceId: number, targetId: number): Promise<{ sections: number; seats: number }> {
  await lockTicketWrites(tx, targetId);
  // The kept seats' prices first, each as a price of its own, so that clearing the target leaves none unpriced.
  const { rows: pinned } = await tx.query<{ seat_id: number }>(
    `INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id)
     SELECT DISTINCT $1::bigint, k.seat_id, true, v.price_set_id
       FROM ${keptSeats('$1')} k JOIN event_seat_sale v ON v.event_id = $1 AND v.seat_id = k.seat_id
      WHERE v.price_set_id IS NOT NULL
     ON CONFLICT (event_id, seat_id) DO UPDATE SET price_overridden = true, price_set_id = EXCLUDED.price_set_id, hidden = false
     RETURNING seat_id::int`,
    [targetId],
  );
  const kept = pinned.map((p) => p.seat_id);
  // A retried step starts from a clean target, but for those seats and their price sets.
  await tx.query('DELETE FROM event_seats WHERE event_id = $1 AND NOT (seat_id = ANY($2::bigint[]))', [targetId, kept]);
  await tx.query('DELETE FROM event_sections WHERE event_id = $1', [targetId]);
  await tx.query('DELETE FROM price_sets ps WHERE ps.event_id = $1 AND NOT EXISTS (SELECT 1 FROM event_seats st WHERE st.event_id = $1 AND st.price_set_id = ps.id)', [targetId]);
  await tx.query(
    `WITH ${KEYS}
     INSERT INTO price_sets (event_id, key) SELECT DISTINCT $2::bigint, key FROM keys ON CONFLICT (event_id, key) DO NOTHING`,
    [sourceId, targetId],
  );
  await tx.query(
    `WITH ${SET_MAP}
     INSERT INTO price_set_items (price_set_id, ticket_type_id, price_ore)
     SELECT DISTINCT setmap.dst_set, items.dst, items.price_ore FROM items JOIN setmap ON setmap.src_set = items.price_set_id
     ON CONFLICT DO NOTHING`,
    [sourceId, targetId],
  );
  const sections = await tx.query(
    `WITH ${SET_MAP}
     INSERT INTO event_sections (event_id, section_id, price_set_id, hidden, seats_count)
     SELECT $2, es.section_id, setmap.dst_set, false, es.seats_count
       FROM event_sections es LEFT JOIN setmap ON setmap.src_set = es.price_set_id
      WHERE es.event_id = $1`,
    [sourceId, targetId],
  );
  const seats = await tx.query(
    `WITH ${SET_MAP}
     INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id, hidden)
     SELECT $2, st.seat_id, true, setmap.dst_set, false
       FROM event_seats st LEFT JOIN setmap ON setmap.src_set = st.price_set_id
      WHERE st.event_id = $1 AND st.price_overridden
     ON CONFLICT (event_id, seat_id) DO UPDATE SET price_set_id = coalesce(EXCLUDED.price_set_id, event_seats.price_set_id)`,
    [sourceId, targetId],
  );
  // A kept seat the source leaves to its section follows the section's copied price when it has one.
  await tx.query(
    `UPDATE event_seats st SET price_overridden = false, price_set_id = NULL
       FROM map_seats ms JOIN event_sections es ON es.event_id = $2 AND es.section_id = ms.section_id AND es.price_set_id IS NOT NULL
      WHERE st.event_id = $2 AND st.seat_id = ANY($3::bigint[]) AND ms.id = st.seat_id
        AND NOT EXISTS (SELECT 1 FROM event_seats src WHERE src.event_id = $1 AND src.seat_id = st.seat_id AND src.price_overridden)`,
    [sourceId, targetId, kept],
  );
  await tx.query('DELETE FROM event_seats WHERE event_id = $1 AND NOT price_overridden AND NOT hidden', [targetId]);
  return { sections: sections.rowCount, seats: seats.rowCount };
}

/**
 * The source's hidden seats onto the target, as "Hide all" and "Hide" would put them there (docs/places.md "Hidden and
 * taken"): a seated section closed on the source (its flag, or every seat hidden but those its tickets hold) is closed
 * on the target, leaving the target's sold, reserved, held or leased seats open; any other hidden seat is hidden unless
 * the target keeps it (keptSeats: a ticket, a lease, or the target's season family holds it). Under the target's
 * ticket-write lock, so no ticket comes onto a seat meanwhile. A standing area hidden on the source is hidden on the
 * target (its sold places stay sold).
 */
export async function copyHiddenSeats(tx: Queryable, sourceId: number, targetId: number): Promise<{ sections: number; seats: number }> {
  await lockTicketWrites(tx, targetId);
  const { rows: closed } = await tx.query<SectionRow>(
    `SELECT s.id::int AS id, s.general_admission, s.capacity, s.seat_count
       FROM map_sections s JOIN events e ON e.map_id = s.map_id AND e.id = $1
       LEFT JOIN event_sections es ON es.event_id = $1 AND es.section_id = s.id
      WHERE coalesce(es.hidden, false)
         OR (NOT s.general_admission
             AND EXISTS (SELECT 1 FROM event_seats st JOIN map_seats ms ON ms.id = st.seat_id WHERE st.event_id = $1 AND st.hidden AND ms.section_id = s.id)
             AND NOT EXISTS (SELECT 1 FROM map_seats ms LEFT JOIN event_seats st ON st.event_id = $1 AND st.seat_id = ms.id
                              WHERE ms.section_id = s.id AND NOT coalesce(st.hidden, false)
                                AND NOT EXISTS (SELECT 1 FROM event_taken_seats tk WHERE tk.event_id = $1 AND tk.seat_id = ms.id)))
      ORDER BY s.position`,
    [sourceId],
  );
  for (const section of closed) {
    if (section.general_admission) {
      await tx.query(
        `INSERT INTO event_sections (event_id, section_id, hidden) VALUES ($1, $2, true)
         ON CONFLICT (event_id, section_id) DO UPDATE SET hidden = true`, [targetId, section.id]);
    } else {
      await hideSectionLeavingTaken(tx, targetId, section);
    }
  }
  const seats = await tx.query(
    `INSERT INTO event_seats (event_id, seat_id, hidden)
     SELECT $2, st.seat_id, true FROM event_seats st JOIN map_seats ms ON ms.id = st.seat_id
      WHERE st.event_id = $1 AND st.hidden AND NOT (ms.section_id = ANY($3::bigint[]))
        AND NOT EXISTS (SELECT 1 FROM ${keptSeats('$2')} tk WHERE tk.seat_id = st.seat_id)
     ON CONFLICT (event_id, seat_id) DO UPDATE SET hidden = true`,
    [sourceId, targetId, closed.map((c) => c.id)],
  );
  return { sections: closed.length, seats: seats.rowCount };
}
