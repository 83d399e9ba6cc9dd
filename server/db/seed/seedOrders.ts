import type { Queryable } from '../database';

/**
 * Orders the back office acts on (issue 20): of the demo's unpaid holds (status new), every second one has started
 * a payment and waits for it (pending, with its pending card payment), so the orders screens have new and pending
 * orders to void. Deterministic: chosen by id. Unregistered owners come with the attendees (every 23rd).
 */
export async function seedOrders(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH moved AS (
       UPDATE orders o SET status = 'pending', confirmation_status = 'pending'
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM orders WHERE status = 'new' AND parent_id IS NULL) n
        WHERE o.id = n.id AND n.k % 2 = 0
       RETURNING o.id, o.created_at)
     , paid AS (
       INSERT INTO payments (order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, created_at)
       SELECT m.id, 'card', 'pi_pending_' || m.id, 'pending', true,
              coalesce((SELECT sum(i.price_ore::bigint * i.quantity) FROM order_items i WHERE i.order_id = m.id), 0),
              coalesce((SELECT sum(i.discount_ore::bigint * i.quantity) FROM order_items i WHERE i.order_id = m.id), 0),
              m.created_at + interval '1 minute'
         FROM moved m
       RETURNING 1)
     SELECT count(*)::int AS n FROM paid`,
  );
  return `orders: ${rows[0].n} pending orders`;
}
