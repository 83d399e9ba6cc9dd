import type { Queryable } from '../database';

const EVENTS = 4;
const ORDERS_PER_EVENT = 6;
const SEATS_PER_ORDER = 2;

/**
 * Orders the back office acts on (issue 20): on the first upcoming events with sales, a few web purchases whose
 * payment has started and waits (pending, two free seats each, a pending card payment), every other one owned by an
 * unregistered customer; and every second unpaid hold of the sales year becomes pending too. So the orders screens
 * have pending orders to void and unregistered owners to re-assign. Deterministic: chosen by id and row number.
 */
export async function seedOrders(tx: Queryable): Promise<string> {
  const { rows: events } = await tx.query<{ event_id: number; promoter_id: number; section_id: number; ticket_type_id: number | null; price_ore: number; vat: number }>(
    // Each upcoming event's first seated ticket by id, found in one pass over the items: asked per event ("ORDER BY
    // i.id LIMIT 1"), the planner walked the key's index and read every item for an event that sold none (a draft),
    // 6.6 s of the first start's CPU on the 1M-item demo.
    `WITH upcoming AS (
       SELECT id, promoter_id FROM events WHERE entity_type = 'ordinary' AND start_date > (now() AT TIME ZONE 'Europe/Stockholm')
     ), first_ticket AS (
       SELECT i.event_id, min(i.id) AS id FROM order_items i
        WHERE i.event_id IN (SELECT id FROM upcoming) AND i.type = 'ticket' AND i.seat_id IS NOT NULL
        GROUP BY i.event_id)
     SELECT e.id::int AS event_id, e.promoter_id::int, ref.section_id::int, ref.ticket_type_id::int, ref.original_price_ore AS price_ore, ref.vat_percent AS vat
       FROM upcoming e
       JOIN first_ticket f ON f.event_id = e.id
       JOIN order_items ref ON ref.id = f.id
      ORDER BY e.id LIMIT ${EVENTS}`,
  );
  let made = 0;
  for (const [k, ev] of events.entries()) {
    // Owners: attendees by row number; the odd orders go to unregistered ones.
    const { rows: orders } = await tx.query<{ id: number }>(
      `WITH owners AS (
         SELECT u.id, u.status, row_number() OVER (PARTITION BY u.status ORDER BY u.id) AS r
           FROM users u WHERE u.type = 'attendee' AND u.status IN ('active', 'unregistered'))
       INSERT INTO orders (event_id, promoter_id, type, status, owner_id, reserver_id, reserved_until, confirmation_status, ticket_vat, created_at, updated_at)
       SELECT $1, $2, 'purchase', 'pending', o.id, o.id, (now() AT TIME ZONE 'Europe/Stockholm') + interval '30 days', 'pending', $3,
              (now() AT TIME ZONE 'Europe/Stockholm') - make_interval(mins => 10 * n), (now() AT TIME ZONE 'Europe/Stockholm') - make_interval(mins => 10 * n)
         FROM generate_series(1, ${ORDERS_PER_EVENT}) AS n
         JOIN owners o ON o.status = CASE WHEN n % 2 = 1 THEN 'unregistered' ELSE 'active' END AND o.r = 1 + $4 * ${ORDERS_PER_EVENT} + n
        ORDER BY n
       RETURNING id::int`,
      [ev.event_id, ev.promoter_id, ev.vat, k],
    );
    const ids = orders.map((o) => o.id);
    await tx.query(
      `WITH free AS (
         SELECT s.id AS seat_id, row_number() OVER (ORDER BY s.row_label DESC, s.seat_index DESC) AS r
           FROM map_seats s
          WHERE s.section_id = $2
            AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = $1 AND i.seat_id = s.id AND i.valid)
          ORDER BY s.row_label DESC, s.seat_index DESC LIMIT ${ORDERS_PER_EVENT * SEATS_PER_ORDER})
       INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, ticket_type_id, holder_id,
                                original_price_ore, discount_ore, price_ore, vat_percent, created_at)
       SELECT o.id, $1, $3, 'ticket', 'sale', $2, f.seat_id, $4, o.owner_id, $5, 0, $5, $6, o.created_at
         FROM free f
         JOIN unnest($7::bigint[]) WITH ORDINALITY AS x(id, k) ON x.k = (f.r - 1) / ${SEATS_PER_ORDER} + 1
         JOIN orders o ON o.id = x.id`,
      [ev.event_id, ev.section_id, ev.promoter_id, ev.ticket_type_id, ev.price_ore, ev.vat, ids],
    );
    made += ids.length;
  }
  const { rows } = await tx.query<{ n: number }>(
    `WITH held AS (
       UPDATE orders o SET status = 'pending', confirmation_status = 'pending'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM orders WHERE status = 'new' AND parent_id IS NULL) n
        WHERE o.id = n.id AND n.k % 2 = 0
       RETURNING o.id, o.created_at)
     , paid AS (
       INSERT INTO payments (order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, created_at)
       SELECT o.id, 'card', 'pi_pending_' || o.id, 'pending', true,
              coalesce((SELECT sum(i.price_ore::bigint * i.quantity) FROM order_items i WHERE i.order_id = o.id), 0),
              coalesce((SELECT sum(i.discount_ore::bigint * i.quantity) FROM order_items i WHERE i.order_id = o.id), 0),
              o.created_at + interval '1 minute'
         FROM (SELECT h.id, h.created_at FROM held h
               UNION ALL
               SELECT x.id, x.created_at FROM orders x
                WHERE x.status = 'pending' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = x.id)) o
       RETURNING 1)
     SELECT (SELECT count(*) FROM held)::int AS n, (SELECT count(*) FROM paid)::int AS payments`,
  );
  return `orders: ${made} pending web purchases on ${events.length} upcoming events, ${rows[0].n} holds pending`;
}
