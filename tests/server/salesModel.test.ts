import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../server/db/migrate';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * The sales data model (020_sales.sql, 021_sales_reporting.sql) and the demo sales (seedSales.ts): what the database
 * guarantees, and that the bulk-loaded seed (foreign-key triggers skipped) is consistent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0]!;

/** A sold seated ticket of the seed, with what a second ticket for the same seat needs. */
async function soldSeat() {
  return one<{ id: number; order_id: number; event_id: number; promoter_id: number; seat_id: number; section_id: number; vat_percent: number }>(
    `SELECT id, order_id, event_id, promoter_id, seat_id, section_id, vat_percent FROM order_items
      WHERE type = 'ticket' AND valid AND seat_id IS NOT NULL ORDER BY id LIMIT 1`,
  );
}

const insertTicket = (s: { order_id: number; event_id: number; promoter_id: number; seat_id: number; section_id: number }) =>
  t.db.query(
    `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
     VALUES ($1, $2, $3, 'ticket', 'sale', $4, $5, 50000, 50000, 6)`,
    [s.order_id, s.event_id, s.promoter_id, s.section_id, s.seat_id],
  );

describe('no double sale (ARCHITECTURE.md)', () => {
  it('when a seat that is already sold is sold again for the same event, then the database refuses it', async () => {
    const s = await soldSeat();
    await expect(insertTicket(s)).rejects.toThrow(/order_items_one_valid_seat|duplicate key/);
  });

  it('when two transactions take the same free seat at once, then exactly one of them gets it', async () => {
    const s = await soldSeat();
    await t.db.query('UPDATE order_items SET valid = false WHERE id = $1', [s.id]);
    const results = await Promise.allSettled([0, 1].map(() => t.db.transaction((tx) =>
      tx.query(
        `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
         VALUES ($1, $2, $3, 'ticket', 'sale', $4, $5, 50000, 50000, 6)`,
        [s.order_id, s.event_id, s.promoter_id, s.section_id, s.seat_id]))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it('when a ticket is released (invalid), then its seat can be sold again and the map sees it taken once', async () => {
    const s = await one<{ id: number; order_id: number; event_id: number; promoter_id: number; seat_id: number; section_id: number }>(
      `SELECT id, order_id, event_id, promoter_id, seat_id, section_id FROM order_items WHERE type = 'ticket' AND valid AND seat_id IS NOT NULL ORDER BY id DESC LIMIT 1`);
    await t.db.query('UPDATE order_items SET valid = false WHERE id = $1', [s.id]);
    expect((await t.db.query('SELECT 1 FROM event_taken_seats WHERE event_id = $1 AND seat_id = $2', [s.event_id, s.seat_id])).rows).toHaveLength(0);
    await insertTicket(s);
    expect((await t.db.query('SELECT 1 FROM event_taken_seats WHERE event_id = $1 AND seat_id = $2', [s.event_id, s.seat_id])).rows).toHaveLength(1);
  });

  it('when the same seat is sold for another event, then that is allowed (one sale per seat per event)', async () => {
    const s = await soldSeat();
    const other = await one<{ id: number; promoter_id: number }>(
      `SELECT e.id, e.promoter_id FROM events e WHERE e.map_id = (SELECT map_id FROM events WHERE id = $1) AND e.id <> $1
        AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = e.id AND i.seat_id = $2 AND i.valid) LIMIT 1`, [s.event_id, s.seat_id]);
    const order = await one<{ id: number }>(`INSERT INTO orders (event_id, promoter_id, type) VALUES ($1, $2, 'guest') RETURNING id`, [other.id, other.promoter_id]);
    await expect(insertTicket({ ...s, order_id: Number(order.id), event_id: Number(other.id), promoter_id: Number(other.promoter_id) })).resolves.toBeTruthy();
  });
});

describe('the demo sales (seedSales.ts)', () => {
  it('when the seed was bulk-loaded without foreign-key triggers, then every reference still points at a row', async () => {
    const dangling = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL)::int AS item_order,
      (SELECT count(*) FROM order_items i LEFT JOIN payments p ON p.id = i.payment_id WHERE i.payment_id IS NOT NULL AND p.id IS NULL)::int AS item_payment,
      (SELECT count(*) FROM order_items i LEFT JOIN map_seats s ON s.id = i.seat_id WHERE i.seat_id IS NOT NULL AND (s.id IS NULL OR s.section_id <> i.section_id))::int AS item_seat,
      (SELECT count(*) FROM order_items i LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id WHERE i.ticket_type_id IS NOT NULL AND (tt.id IS NULL OR tt.event_id <> i.event_id))::int AS item_ticket_type,
      (SELECT count(*) FROM order_items i LEFT JOIN merchandises m ON m.id = i.merchandise_id WHERE i.merchandise_id IS NOT NULL AND (m.id IS NULL OR m.event_id <> i.event_id))::int AS item_merchandise,
      (SELECT count(*) FROM order_items i LEFT JOIN merchandise_options mo ON mo.id = i.merchandise_option_id WHERE i.merchandise_option_id IS NOT NULL AND (mo.id IS NULL OR mo.merchandise_id <> i.merchandise_id))::int AS item_option,
      (SELECT count(*) FROM order_items i LEFT JOIN discounts d ON d.id = i.discount_id WHERE i.discount_id IS NOT NULL AND (d.id IS NULL OR d.promoter_id <> i.promoter_id))::int AS item_discount,
      (SELECT count(*) FROM order_items i LEFT JOIN users u ON u.id = i.holder_id WHERE i.holder_id IS NOT NULL AND u.id IS NULL)::int AS item_holder,
      (SELECT count(*) FROM order_items i LEFT JOIN order_items f ON f.id = i.resold_from_id WHERE i.resold_from_id IS NOT NULL AND (f.id IS NULL OR f.seat_id IS DISTINCT FROM i.seat_id OR f.valid))::int AS item_resold,
      (SELECT count(*) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.event_id <> i.event_id OR o.promoter_id <> i.promoter_id)::int AS item_denormalised,
      (SELECT count(*) FROM orders o LEFT JOIN events e ON e.id = o.event_id WHERE e.id IS NULL OR e.promoter_id <> o.promoter_id)::int AS order_event,
      (SELECT count(*) FROM orders o LEFT JOIN users u ON u.id = o.owner_id WHERE o.owner_id IS NOT NULL AND u.id IS NULL)::int AS order_owner,
      (SELECT count(*) FROM payments p LEFT JOIN orders o ON o.id = p.order_id WHERE o.id IS NULL)::int AS payment_order,
      (SELECT count(*) FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id WHERE p.id IS NULL OR p.order_id <> r.order_id)::int AS refund_payment,
      (SELECT count(*) FROM refund_items ri LEFT JOIN order_items i ON i.id = ri.order_item_id LEFT JOIN refunds r ON r.id = ri.refund_id WHERE i.id IS NULL OR r.id IS NULL OR i.order_id <> r.order_id)::int AS refund_item,
      (SELECT count(*) FROM scans s LEFT JOIN order_items i ON i.id = s.order_item_id WHERE i.id IS NULL OR i.event_id <> s.event_id)::int AS scan_item`);
    expect(Object.entries(dangling).filter(([, n]) => n !== 0)).toEqual([]);
  });

  it('when items are paid, then each payment is what its items add up to, and the provider order ids are unique', async () => {
    const wrong = await one<{ n: number }>(`SELECT count(*)::int AS n FROM payments p
      LEFT JOIN (SELECT payment_id, sum(price_ore * quantity) AS total FROM order_items GROUP BY payment_id) i ON i.payment_id = p.id
      WHERE p.status = 'paid' AND p.amount_ore <> coalesce(i.total, -1)`);
    expect(wrong.n).toBe(0);
    const failed = await one<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE status = 'failed' AND valid`);
    expect(failed.n).toBe(0);
  });

  it('when the demo sells an event, then nothing is sold before the tickets were released or after the event started', async () => {
    const early = await one<{ n: number }>(`SELECT count(*)::int AS n FROM order_items i JOIN events e ON e.id = i.event_id
      WHERE i.sold_at < e.tickets_release_date OR i.sold_at > e.start_date`);
    expect(early.n).toBe(0);
  });

  it('when the demo refunds, resells or scans an item, then that happens after it was paid and not in the future', async () => {
    // The seed's times are the venues' local time (salesPlan.ts, now_local).
    const wrong = await one<{ refunds: number; resales: number; scans: number }>(
      `WITH c AS (SELECT now() AT TIME ZONE 'Europe/Stockholm' AS now_local)
       SELECT (SELECT count(*)::int FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id
                 JOIN order_items i ON i.id = ri.order_item_id
                WHERE r.created_at < i.sold_at OR r.created_at > (SELECT now_local FROM c)) AS refunds,
              (SELECT count(*)::int FROM order_items n JOIN orders o ON o.id = n.order_id AND o.type = 'resale'
                 JOIN order_items i ON i.event_id = n.event_id AND i.seat_id = n.seat_id AND i.id <> n.id AND NOT i.valid
                   AND i.sold_at IS NOT NULL
                WHERE o.created_at < i.sold_at OR o.created_at > (SELECT now_local FROM c)) AS resales,
              (SELECT count(*)::int FROM scans s JOIN order_items i ON i.id = s.order_item_id
                WHERE s.scanned_at < i.sold_at OR s.scanned_at > (SELECT now_local FROM c)) AS scans`,
    );
    expect(wrong).toEqual({ refunds: 0, resales: 0, scans: 0 });
  });

  it('when the seed is read, then it holds every kind of item the reports need, for both promoters', async () => {
    const { rows } = await t.db.query<{ promoter_id: number; kinds: string[] }>(`SELECT promoter_id,
        array_agg(DISTINCT coalesce(fee_type, type || ':' || channel) ORDER BY coalesce(fee_type, type || ':' || channel)) AS kinds
      FROM order_items GROUP BY promoter_id ORDER BY promoter_id`);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.kinds).toEqual(expect.arrayContaining(['merchandise:sale', 'merchandise_admin_fee', 'merchandise_order_fee', 'ticket:corporate',
        'ticket:resale', 'ticket:sale', 'ticket_admin_fee', 'ticket_service_fee']));
    }
    const other = await one<Record<string, number>>(`SELECT (SELECT count(*) FROM refunds)::int AS refunds, (SELECT count(*) FROM scans)::int AS scans,
      (SELECT count(*) FROM order_items WHERE discount_id IS NOT NULL)::int AS discounted, (SELECT count(*) FROM orders WHERE status = 'new')::int AS holds`);
    expect(other.refunds).toBeGreaterThan(0);
    expect(other.scans).toBeGreaterThan(0);
    expect(other.discounted).toBeGreaterThan(0);
  });
});

/** sales_daily recomputed the plain way, for comparison with what the seed and the triggers keep. */
const NAIVE_ROLLUP = `SELECT sold_at::date AS day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id, discount_id,
    vat_percent, count(*)::int AS items, sum(quantity)::int AS quantity, sum(price_ore * quantity)::bigint AS amount
  FROM order_items WHERE sold_at IS NOT NULL AND ($1::bigint IS NULL OR event_id = $1)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`;
const KEPT_ROLLUP = `SELECT day, promoter_id, event_id, channel, type, fee_type, ticket_type_id, merchandise_id, discount_id, vat_percent,
    items, quantity, amount_ore::bigint AS amount
  FROM sales_daily WHERE (items <> 0 OR quantity <> 0 OR amount_ore <> 0) AND ($1::bigint IS NULL OR event_id = $1)`;
const key = (r: Record<string, unknown>) => JSON.stringify([r.day, r.promoter_id, r.event_id, r.channel, r.type, r.fee_type, r.ticket_type_id, r.merchandise_id, r.discount_id, Number(r.vat_percent)]);
async function rollupDifference(eventId: number | null): Promise<string[]> {
  const naive = new Map((await t.db.query<Record<string, unknown>>(NAIVE_ROLLUP, [eventId])).rows.map((r) => [key(r), `${r.items}/${r.quantity}/${r.amount}`]));
  const kept = new Map((await t.db.query<Record<string, unknown>>(KEPT_ROLLUP, [eventId])).rows.map((r) => [key(r), `${r.items}/${r.quantity}/${r.amount}`]));
  const diff: string[] = [];
  for (const k of new Set([...naive.keys(), ...kept.keys()])) if (naive.get(k) !== kept.get(k)) diff.push(`${k}: ${naive.get(k)} vs ${kept.get(k)}`);
  return diff;
}

describe('sales_daily (the finance reports read it)', () => {
  it('when the seed has loaded, then sales_daily holds exactly the sums of the paid items', async () => {
    expect(await rollupDifference(null)).toEqual([]);
  });

  it('when items are inserted, paid, re-priced and deleted, then the triggers keep sales_daily equal to the items', async () => {
    const s = await one<{ event_id: number; promoter_id: number; order_id: number; payment_id: number }>(
      `SELECT event_id, promoter_id, order_id, payment_id FROM order_items WHERE type = 'merchandise' AND payment_id IS NOT NULL ORDER BY id LIMIT 1`);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, fee_type, channel, original_price_ore, price_ore, vat_percent, payment_id, sold_at)
       SELECT $1, $2, $3, 'fee', 'merchandise_order_fee', 'sale', 3900, 3900, 25, $4, CASE WHEN g % 2 = 0 THEN timestamp '2026-01-15 12:00' END
         FROM generate_series(1, 4) g RETURNING id`,
      [s.order_id, s.event_id, s.promoter_id, s.payment_id]);
    expect(await rollupDifference(Number(s.event_id))).toEqual([]);
    const ids = rows.map((r) => Number(r.id));
    await t.db.query(`UPDATE order_items SET sold_at = timestamp '2026-01-16 09:00' WHERE id = ANY ($1::bigint[]) AND sold_at IS NULL`, [ids]);
    expect(await rollupDifference(Number(s.event_id))).toEqual([]);
    await t.db.query(`UPDATE order_items SET price_ore = 4900, original_price_ore = 4900, valid = false WHERE id = $1`, [ids[0]]);
    expect(await rollupDifference(Number(s.event_id))).toEqual([]);
    await t.db.query(`DELETE FROM order_items WHERE id = ANY ($1::bigint[])`, [ids.slice(1)]);
    expect(await rollupDifference(Number(s.event_id))).toEqual([]);
  });
});

describe('the payment provider order id on the items (295_order_item_provider_order_id.sql)', () => {
  const copyDifference = async () => (await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_items i LEFT JOIN payments p ON p.id = i.payment_id
      WHERE i.provider_order_id IS DISTINCT FROM p.provider_order_id`)).n;

  it('when the seed has loaded (triggers off), then every item carries its payment\'s provider order id', async () => {
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM order_items WHERE provider_order_id IS NOT NULL`)).n).toBeGreaterThan(0);
    expect(await copyDifference()).toBe(0);
  });

  it('when items are written with a payment, a wrong copy, no payment, or their payment\'s id changes, then each copy is the payment\'s', async () => {
    const s = await one<{ event_id: number; promoter_id: number; order_id: number; payment_id: number; other_payment_id: number }>(
      `SELECT i.event_id, i.promoter_id, i.order_id, i.payment_id,
              (SELECT p.id FROM payments p WHERE p.id <> i.payment_id AND p.provider_order_id IS NOT NULL ORDER BY p.id LIMIT 1) AS other_payment_id
         FROM order_items i WHERE i.type = 'merchandise' AND i.payment_id IS NOT NULL ORDER BY i.id LIMIT 1`);
    const { rows } = await t.db.query<{ id: number; provider_order_id: string | null }>(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, fee_type, channel, original_price_ore, price_ore, vat_percent, payment_id, provider_order_id)
       SELECT $1, $2, $3, 'fee', 'merchandise_order_fee', 'sale', 3900, 3900, 25, CASE WHEN g < 3 THEN $4::bigint END, CASE WHEN g = 2 THEN 'written by hand' END
         FROM generate_series(1, 3) g RETURNING id, provider_order_id`,
      [s.order_id, s.event_id, s.promoter_id, s.payment_id]);
    const ids = rows.map((r) => Number(r.id));
    const expected = (await one<{ id: string }>('SELECT provider_order_id AS id FROM payments WHERE id = $1', [s.payment_id])).id;
    expect(rows.map((r) => r.provider_order_id)).toEqual([expected, expected, null]);
    try {
      await t.db.query(`UPDATE order_items SET payment_id = $2 WHERE id = $1`, [ids[2], s.other_payment_id]);
      await t.db.query(`UPDATE order_items SET provider_order_id = 'changed by hand' WHERE id = $1`, [ids[0]]);
      await t.db.query(`UPDATE order_items SET payment_id = NULL WHERE id = $1`, [ids[1]]);
      await t.db.query(`UPDATE payments SET provider_order_id = provider_order_id || '-2' WHERE id = $1`, [s.other_payment_id]);
      expect(await copyDifference()).toBe(0);
      const after = await t.db.query<{ provider_order_id: string | null }>('SELECT provider_order_id FROM order_items WHERE id = ANY ($1::bigint[]) ORDER BY id', [ids]);
      expect(after.rows.map((r) => r.provider_order_id)).toEqual([expected, null, expect.stringMatching(/-2$/)]);
    } finally {
      await t.db.query(`DELETE FROM order_items WHERE id = ANY ($1::bigint[])`, [ids]);
      await t.db.query(`UPDATE payments SET provider_order_id = left(provider_order_id, -2) WHERE id = $1`, [s.other_payment_id]);
    }
    expect(await copyDifference()).toBe(0);
  });
});

describe('migrations with function bodies', () => {
  it('when a migration holds a dollar-quoted body, then its semicolons do not split the statement', () => {
    const parts = splitStatements(`CREATE TABLE a (x int); -- a comment; with a semicolon
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO a VALUES (1); RETURN NULL; END $$;
SELECT $tag$ ; $tag$; SELECT 2`);
    expect(parts).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO a VALUES (1); RETURN NULL; END $$',
      'SELECT $tag$ ; $tag$',
      'SELECT 2',
    ]);
  });
});
