import type { Queryable } from '../../db/database';

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

export async function copyPrices(tx: Queryable, sourceId: number, targetId: number): Promise<{ sections: number; seats: number }> {
  // A retried step starts from a clean target.
  await tx.query('DELETE FROM event_seats WHERE event_id = $1', [targetId]);
  await tx.query('DELETE FROM event_sections WHERE event_id = $1', [targetId]);
  await tx.query('DELETE FROM price_sets WHERE event_id = $1', [targetId]);
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
      WHERE st.event_id = $1 AND st.price_overridden`,
    [sourceId, targetId],
  );
  return { sections: sections.rowCount, seats: seats.rowCount };
}

export async function copyHiddenSeats(tx: Queryable, sourceId: number, targetId: number): Promise<{ sections: number; seats: number }> {
  const sections = await tx.query(
    `INSERT INTO event_sections (event_id, section_id, hidden)
     SELECT $2, section_id, true FROM event_sections WHERE event_id = $1 AND hidden
     ON CONFLICT (event_id, section_id) DO UPDATE SET hidden = true`,
    [sourceId, targetId],
  );
  const seats = await tx.query(
    `INSERT INTO event_seats (event_id, seat_id, hidden)
     SELECT $2, seat_id, true FROM event_seats WHERE event_id = $1 AND hidden
     ON CONFLICT (event_id, seat_id) DO UPDATE SET hidden = true`,
    [sourceId, targetId],
  );
  return { sections: sections.rowCount, seats: seats.rowCount };
}
