import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * What a refund keeps and refuses (issue 34; docs/refunds.md): the platform's refund fee (002 §2 Settings → Fees) is
 * kept back and shows in the finance report's refund-fee tables; food cannot be returned from 24 h before the venue
 * opens (001 §5, §9).
 */
let t: TestApp;
let admin: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  today = (await t.db.query<{ d: string }>(`SELECT (now() AT TIME ZONE 'Europe/Stockholm')::date::text AS d`)).rows[0].d;
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, token: admin });
const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
const refund = (payload: object) => t.call({ method: 'POST', url: '/api/refund', token: admin, payload });
const setRefundFee = async (percent: number) => {
  const res = await t.call({ method: 'PUT', url: '/api/settings', token: admin, payload: { admin_fee: 15, refund_fee: percent } });
  expect(res.statusCode).toBe(200);
};

/** A finance report's price_incl_vat summed over today's rows, öre. */
async function financeTotal(group: string, report: string): Promise<number> {
  const res = await get(`/api/reports/finance/${group}/${report}?from_date=${today}&to_date=${today}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.reduce((s: number, r: { price_incl_vat: number }) => s + Math.round(r.price_incl_vat * 100), 0);
}

/** Unrefunded, valid, paid items of one type from completed orders (one per order, so the tests do not meet). */
async function paidItems(type: 'ticket' | 'merchandise', extra = 'true', count = 1) {
  const { rows } = await t.db.query<{ id: number; order_id: number; payment_id: number; price_ore: number; event_id: number; merchandise_id: number | null; vat_percent: number }>(
    `SELECT DISTINCT ON (i.order_id) i.id::int, i.order_id::int, i.payment_id::int, i.price_ore * i.quantity AS price_ore, i.event_id::int, i.merchandise_id::int, i.vat_percent::float8 AS vat_percent
       FROM order_items i JOIN orders o ON o.id = i.order_id
       LEFT JOIN merchandises m ON m.id = i.merchandise_id LEFT JOIN merchandise_types mt ON mt.id = m.type_id
      WHERE o.status = 'completed' AND i.type = $1 AND i.valid AND i.payment_id IS NOT NULL AND i.price_ore >= 1000
        AND NOT EXISTS (SELECT 1 FROM refund_items ri WHERE ri.order_item_id = i.id) AND ${extra}
      ORDER BY i.order_id, i.id LIMIT $2`,
    [type, count],
  );
  expect(rows.length).toBe(count);
  return rows;
}

const line = (item: { id: number; payment_id: number; vat_percent: number }, decrease: number, back?: number) => ({
  id: item.id, keep_valid: true,
  item_payments: [{ id: item.payment_id, original_price_decrease: decrease, net_price_decrease: Math.round((decrease * 100) / (1 + item.vat_percent / 100)) / 100, ...(back === undefined ? {} : { refund_amount: back }) }],
});

describe('the refund fee (Settings → Fees) is kept back by POST api/refund', () => {
  it('when the amount back is left out, then the decrease minus the fee goes back, and the refund, the audit row and the refund-fee report say what was kept', async () => {
    await setRefundFee(7.5);
    const [ticket] = await paidItems('ticket', 'i.price_ore >= 10000');
    const feesBefore = await financeTotal('tickets', 'refund-fees');
    const totalsBefore = await financeTotal('totals', 'refund-fees');
    const refundsBefore = await financeTotal('totals', 'refunds');

    // 7.5 % of 40,00 kr is 3,00 kr: 37,00 kr goes back.
    const res = await refund({ order_id: ticket.order_id, items: [line(ticket, 40)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refund_fee_percent: 7.5, items: [{ id: ticket.id, refund_amount: 37, refund_fee: 3, refunded: 40 }] });
    const stored = await one<{ back: number; decrease: number; percent: string }>(
      `SELECT ri.refund_amount_ore AS back, ri.original_price_decrease_ore AS decrease, r.refund_fee_percent::text AS percent
         FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id WHERE ri.order_item_id = $1`, [ticket.id],
    );
    expect(stored).toEqual({ back: 3700, decrease: 4000, percent: '7.50' });
    expect(await financeTotal('tickets', 'refund-fees')).toBe(feesBefore + 300);
    expect(await financeTotal('totals', 'refund-fees')).toBe(totalsBefore + 300);
    // The sale loses the whole decrease; the fee is what the platform kept of it.
    expect(await financeTotal('totals', 'refunds')).toBe(refundsBefore + 4000);
    const log = (await get(`/api/logs?action=order.refund&event_id=${ticket.event_id}`)).json();
    expect(log.collection[0]).toMatchObject({
      order_id: ticket.order_id, amounts: { refund_amount_ore: 3700, refund_fee_ore: 300, refund_fee_percent: 7.5 },
    });
  });

  it('when the admin changes the amount back, then that amount goes back and the rest is the fee kept', async () => {
    await setRefundFee(5);
    const [ticket] = await paidItems('ticket', `i.price_ore >= 10000 AND i.order_id NOT IN (SELECT order_id FROM refunds)`);
    const feesBefore = await financeTotal('totals', 'refund-fees');
    const res = await refund({ order_id: ticket.order_id, items: [line(ticket, 50, 49.5)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ id: ticket.id, refunded: 50, valid: true, refund_amount: 49.5, refund_fee: 0.5 }]);
    expect(await financeTotal('totals', 'refund-fees')).toBe(feesBefore + 50);
    // More back than the decrease is refused; nothing is written.
    const [other] = await paidItems('ticket', `i.price_ore >= 10000 AND i.order_id NOT IN (SELECT order_id FROM refunds)`);
    const tooMuch = await refund({ order_id: other.order_id, items: [line(other, 50, 50.01)] });
    expect(tooMuch.statusCode).toBe(422);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [other.id])).n).toBe(0);
  });

  it('when the fee is 100 % and the amount back is left out, then nothing would go back: refused, nothing written', async () => {
    await setRefundFee(100);
    const [ticket] = await paidItems('ticket', `i.price_ore >= 10000 AND i.order_id NOT IN (SELECT order_id FROM refunds)`);
    const res = await refund({ order_id: ticket.order_id, items: [line(ticket, 10)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'refund_amount', message: `The refund of item ${ticket.id} after the refund fee is less than 0,01 SEK.` });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [ticket.id])).n).toBe(0);
    await setRefundFee(5);
  });
});

describe('food merchandise cannot be returned from 24 h before the venue opens (POST api/refund)', () => {
  it('when the venue opens in 2 hours, then a food item is refused with the rule in words; 3 days ahead it is refunded', async () => {
    const [food] = await paidItems('merchandise', `mt.alias = 'food'`);
    await t.db.query(`UPDATE events SET venue_open_date = (now() AT TIME ZONE 'Europe/Stockholm') + interval '2 hours' WHERE id = $1`, [food.event_id]);
    const refused = await refund({ order_id: food.order_id, items: [line(food, 10)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'food_not_returnable', message: `Item ${food.id} is food: food can not be returned 24h prior to venue open date and time.`,
    });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [food.id])).n).toBe(0);

    // 23 h 59 min ahead is inside the 24 h; no opening time set falls back to the event's start.
    await t.db.query(`UPDATE events SET venue_open_date = NULL, start_date = (now() AT TIME ZONE 'Europe/Stockholm') + interval '23 hours 59 minutes' WHERE id = $1`, [food.event_id]);
    expect((await refund({ order_id: food.order_id, items: [line(food, 10)] })).statusCode).toBe(422);

    await t.db.query(`UPDATE events SET venue_open_date = (now() AT TIME ZONE 'Europe/Stockholm') + interval '3 days' WHERE id = $1`, [food.event_id]);
    const allowed = await refund({ order_id: food.order_id, items: [line(food, 10)] });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().items[0]).toMatchObject({ id: food.id, refunded: 10 });
  });

  it('when the venue opens in 2 hours, then a merchandise item that is not food is still refunded', async () => {
    const [shirt] = await paidItems('merchandise', `mt.alias <> 'food' AND i.order_id NOT IN (SELECT order_id FROM refunds)`);
    await t.db.query(`UPDATE events SET venue_open_date = (now() AT TIME ZONE 'Europe/Stockholm') + interval '2 hours' WHERE id = $1`, [shirt.event_id]);
    const res = await refund({ order_id: shirt.order_id, items: [line(shirt, 10)] });
    expect(res.statusCode).toBe(200);
  });
});
