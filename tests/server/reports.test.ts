import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscountRow, FinanceRow } from '../../src/contracts/reports';
import { computeFinanceVat, financeTotals } from '../../workers/reports/financeRows';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * Reports against numbers computed another way: plain SQL over the raw order items (not sales_daily, not the report
 * queries), with the VAT rule written out here, so a wrong join, filter or rounding in the reports shows.
 */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let ownPromoterId: number;
let otherPromoterId: number;
let from: string;
let to: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  const ids = (await t.db.query<{ email: string; promoter_id: number }>(
    `SELECT email, promoter_id FROM users WHERE email IN ('promoter@demo.test', 'promoter2@demo.test')`)).rows;
  ownPromoterId = Number(ids.find((r) => r.email === 'promoter@demo.test')!.promoter_id);
  otherPromoterId = Number(ids.find((r) => r.email === 'promoter2@demo.test')!.promoter_id);
  const span = (await t.db.query<{ first: string; last: string }>(
    `SELECT min(sold_at)::date::text AS first, max(sold_at)::date::text AS last FROM order_items`)).rows[0]!;
  [from, to] = [span.first, span.last];
});
afterAll(() => t.close());

const get = (url: string, token = admin, headers: Record<string, string> = {}) => t.call({ method: 'GET', url, token, headers });
const finance = async (path: string, token = admin, extra = '') => {
  const res = await get(`/api/reports/finance/${path}?from_date=${from}&to_date=${to}${extra}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FinanceRow[];
};

/** öre → SEK as the API sends it. */
const sek = (ore: number) => ore / 100;
/** The VAT rule of 002 §5, written out independently: excl = incl / (1 + rate), rounded half up on whole öre. */
const excl = (inclOre: number, rate: number) => Math.floor((inclOre * 10000 * 2 + (10000 + rate * 100)) / (2 * (10000 + rate * 100)));

/** item name → [quantity, öre] from raw items, the plain way. */
async function naive(where: string, params: unknown[] = []): Promise<Map<string, [number, number]>> {
  const { rows } = await t.db.query<{ name: string; q: number; ore: number }>(
    `SELECT et.name || ' – ' || coalesce(tt.name, mt.name) AS name, sum(i.quantity)::int AS q, sum(i.price_ore * i.quantity)::bigint AS ore
       FROM order_items i
       JOIN event_translations et ON et.event_id = i.event_id AND et.language = 'en'
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
       LEFT JOIN merchandise_translations mt ON mt.merchandise_id = i.merchandise_id AND mt.language = 'en'
      WHERE i.sold_at IS NOT NULL AND i.type <> 'fee' AND ${where}
      GROUP BY 1`, params);
  return new Map(rows.map((r) => [r.name, [Number(r.q), Number(r.ore)]]));
}
const asMap = (rows: FinanceRow[]) => new Map(rows.filter((r) => !/Fee$/.test(r.item_name)).map((r) => [r.item_name, [r.quantity, Math.round(r.price_incl_vat * 100)]]));

describe('finance reports', () => {
  it('when an admin asks for ticket sales over the whole period, then every row matches the raw items and its VAT adds up', async () => {
    const rows = await finance('tickets/sales');
    expect(asMap(rows)).toEqual(await naive(`i.type = 'ticket' AND i.channel = 'sale'`));
    const fees = await t.db.query<{ fee_type: string; ore: number; q: number }>(
      `SELECT fee_type, sum(price_ore)::bigint AS ore, count(*)::int AS q FROM order_items
        WHERE sold_at IS NOT NULL AND channel = 'sale' AND fee_type IN ('ticket_service_fee', 'ticket_admin_fee') GROUP BY 1`);
    const service = rows.find((r) => r.item_name === 'Ticket Service Fee')!;
    expect([service.quantity, service.price_incl_vat]).toEqual([fees.rows.find((f) => f.fee_type === 'ticket_service_fee')!.q, sek(Number(fees.rows.find((f) => f.fee_type === 'ticket_service_fee')!.ore))]);
    for (const r of rows) {
      const incl = Math.round(r.price_incl_vat * 100);
      expect(Math.round(r.price_excl_vat * 100)).toBe(excl(incl, r.vat_percent));
      expect(Math.round(r.vat * 100) + Math.round(r.price_excl_vat * 100)).toBe(incl);
    }
  });

  it('when merchandise sales are asked for, then they match the raw items and carry the Merchandise Order Fee row', async () => {
    const rows = await finance('merchandises/sales');
    expect(asMap(rows)).toEqual(await naive(`i.type = 'merchandise' AND i.channel = 'sale'`));
    const orderFee = await t.db.query<{ ore: number; q: number }>(
      `SELECT sum(price_ore)::bigint AS ore, count(*)::int AS q FROM order_items WHERE sold_at IS NOT NULL AND fee_type = 'merchandise_order_fee'`);
    expect(rows.find((r) => r.item_name === 'Merchandise Order Fee')).toMatchObject({ quantity: orderFee.rows[0]!.q, price_incl_vat: sek(Number(orderFee.rows[0]!.ore)) });
  });

  it('when resales and corporate tickets are asked for, then they are their own tables (not in sales)', async () => {
    expect(asMap(await finance('tickets/resales'))).toEqual(await naive(`i.type = 'ticket' AND i.channel = 'resale'`));
    expect(asMap(await finance('tickets/corporate'))).toEqual(await naive(`i.type = 'ticket' AND i.channel = 'corporate'`));
  });

  it('when totals are asked for, then Total sales is the tickets, resales and merchandise tables added up', async () => {
    const sum = (rows: FinanceRow[]) => rows.reduce((s, r) => s + Math.round(r.price_incl_vat * 100), 0);
    const parts = sum(await finance('tickets/sales')) + sum(await finance('tickets/resales')) + sum(await finance('merchandises/sales'));
    const totals = await finance('totals/sales');
    // The tickets/resales table holds resale fees too; totals file them under the fee rows: the money is the same.
    expect(sum(totals)).toBe(parts);
    expect(totals.map((r) => r.item_name)).toEqual(expect.arrayContaining(['Tickets', 'Merchandise', 'Ticket Service Fee', 'Merchandise Order Fee']));
  });

  it('when the Totals tab sums Total sales, then its quantity holds no fees, as the footnote says: only tickets and merchandise', async () => {
    const rows = await finance('totals/sales');
    const totals = financeTotals(computeFinanceVat({
      itemName: rows.map((r) => r.item_name),
      quantity: Float64Array.from(rows, (r) => r.quantity),
      priceInclOre: Float64Array.from(rows, (r) => Math.round(r.price_incl_vat * 100)),
      vatPercent: Float64Array.from(rows, (r) => r.vat_percent),
    }));
    const raw = await t.db.query<{ q: number; order_fees: number }>(
      `SELECT sum(quantity) FILTER (WHERE type IN ('ticket', 'merchandise'))::int AS q,
              count(*) FILTER (WHERE fee_type = 'merchandise_order_fee')::int AS order_fees
         FROM order_items WHERE sold_at IS NOT NULL AND channel IN ('sale', 'resale')`);
    expect(raw.rows[0]!.order_fees).toBeGreaterThan(0);
    expect(totals.quantity).toBe(raw.rows[0]!.q);
  });

  it('when refunds are asked for, then the returns are what the refund items took off, and the fees what was kept', async () => {
    const { rows } = await t.db.query<{ type: string; decrease: number; fee: number; q: number }>(
      `SELECT i.type, sum(ri.original_price_decrease_ore)::bigint AS decrease, sum(ri.original_price_decrease_ore - ri.refund_amount_ore)::bigint AS fee,
              sum(ri.quantity)::int AS q
         FROM refund_items ri JOIN order_items i ON i.id = ri.order_item_id GROUP BY 1`);
    const of = (type: string) => rows.find((r) => r.type === type)!;
    const ticketRefunds = await finance('tickets/refunds');
    expect(ticketRefunds.reduce((s, r) => s + Math.round(r.price_incl_vat * 100), 0)).toBe(Number(of('ticket').decrease));
    expect(ticketRefunds.reduce((s, r) => s + r.quantity, 0)).toBe(of('ticket').q);
    const fees = await finance('totals/refund-fees');
    expect(fees.find((r) => r.item_name === 'Ticket Refund Fee')?.price_incl_vat).toBe(sek(Number(of('ticket').fee)));
    expect(fees.find((r) => r.item_name === 'Merchandise Refund Fee')?.price_incl_vat).toBe(sek(Number(of('merchandise').fee)));
  });

  it('when discounts are asked for, then each code shows its original price, the amount taken off and its share', async () => {
    const res = await get(`/api/reports/finance/tickets/discounts?from_date=${from}&to_date=${to}`);
    const rows = res.json().data as DiscountRow[];
    const { rows: raw } = await t.db.query<{ original: number; discount: number; paid: number }>(
      `SELECT sum(original_price_ore)::bigint AS original, sum(discount_ore)::bigint AS discount, sum(price_ore)::bigint AS paid
         FROM order_items WHERE sold_at IS NOT NULL AND type = 'ticket' AND discount_id IS NOT NULL`);
    const total = (f: (r: DiscountRow) => number) => rows.reduce((s, r) => s + Math.round(f(r) * 100), 0);
    expect([total((r) => r.original_price), total((r) => r.discount_amount), total((r) => r.price_incl_vat)])
      .toEqual([Number(raw[0]!.original), Number(raw[0]!.discount), Number(raw[0]!.paid)]);
    for (const r of rows) expect(r.discount_percent).toBeCloseTo((r.discount_amount / r.original_price) * 100, 2);
  });

  it('when every finance call of 002 §7 is asked for, then each answers, and cost of sales is the fees charged, per group', async () => {
    const names = {
      tickets: ['sales', 'refunds', 'discounts', 'corporate', 'refund-fees', 'cost-of-sales'],
      merchandises: ['sales', 'refunds', 'discounts', 'refund-fees', 'cost-of-sales'],
      totals: ['sales', 'refunds', 'discounts', 'refund-fees', 'cost-of-sales'],
    };
    for (const [group, reports] of Object.entries(names)) for (const report of reports) await finance(`${group}/${report}`);
    const fees = async (where: string) => Number((await t.db.query<{ ore: number }>(
      `SELECT coalesce(sum(price_ore * quantity), 0)::bigint AS ore FROM order_items WHERE sold_at IS NOT NULL AND type = 'fee' AND ${where}`)).rows[0]!.ore);
    const total = (rows: FinanceRow[]) => rows.reduce((s, r) => s + Math.round(r.price_incl_vat * 100), 0);
    expect(total(await finance('tickets/cost-of-sales'))).toBe(await fees(`fee_type LIKE 'ticket_%'`));
    expect(total(await finance('merchandises/cost-of-sales'))).toBe(await fees(`fee_type LIKE 'merchandise_%'`));
    expect(total(await finance('totals/cost-of-sales'))).toBe(await fees('true'));
    const rawReturns = await t.db.query<{ q: number; ore: number }>(
      `SELECT sum(ri.quantity)::int AS q, sum(ri.original_price_decrease_ore)::bigint AS ore
         FROM refund_items ri JOIN order_items i ON i.id = ri.order_item_id WHERE i.type = 'merchandise'`);
    const returns = await finance('merchandises/refunds');
    expect([returns.reduce((s, r) => s + r.quantity, 0), total(returns)]).toEqual([rawReturns.rows[0]!.q, Number(rawReturns.rows[0]!.ore)]);
  });

  it('when a period is given, then only the items paid on those days count (whole days, both ends)', async () => {
    const day = (await t.db.query<{ d: string }>(`SELECT sold_at::date::text AS d FROM order_items WHERE sold_at IS NOT NULL ORDER BY sold_at DESC LIMIT 1 OFFSET 500`)).rows[0]!.d;
    const rows = (await get(`/api/reports/finance/tickets/sales?from_date=${day}&to_date=${day}`)).json().data as FinanceRow[];
    expect(asMap(rows)).toEqual(await naive(`i.type = 'ticket' AND i.channel = 'sale' AND i.sold_at >= $1::date AND i.sold_at < $1::date + 1`, [day]));
  });

  it('when the to date is before the from date, then 422 says so on to_date', async () => {
    const res = await get('/api/reports/finance/tickets/sales?from_date=2026-02-01&to_date=2026-01-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.to_date).toEqual(['The to date may not be before the from date.']);
  });
});

describe('promoter scoping', () => {
  const eventNamesOf = async (promoterId: number) =>
    new Set((await t.db.query<{ name: string }>(`SELECT t.name FROM events e JOIN event_translations t ON t.event_id = e.id AND t.language = 'en' WHERE e.promoter_id = $1`, [promoterId])).rows.map((r) => r.name));

  it("when a promoter passes another promoter's id, then they still get exactly their own numbers", async () => {
    const own = await finance('tickets/sales', promoter);
    const asked = await finance('tickets/sales', promoter, `&promoter_id=${otherPromoterId}`);
    expect(asked).toEqual(own);
    expect(asMap(own)).toEqual(await naive(`i.type = 'ticket' AND i.channel = 'sale' AND i.promoter_id = $1`, [ownPromoterId]));
    const others = await eventNamesOf(otherPromoterId);
    expect(own.filter((r) => others.has(r.item_name.split(' – ')[0]!))).toEqual([]);
  });

  it("when a promoter names another promoter's event, then 404 and no numbers", async () => {
    const other = (await t.db.query<{ event_id: number }>('SELECT event_id FROM order_items WHERE promoter_id = $1 LIMIT 1', [otherPromoterId])).rows[0]!.event_id;
    for (const url of [`/api/reports/finance/totals/sales?event_id=${other}`, `/api/reports/sales-overview?event_id=${other}`, `/api/reports/customer?event_id=${other}`]) {
      const res = await get(url, promoter);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/price_incl_vat|isolated|by_age/);
    }
    const scan = await t.call({ method: 'POST', url: '/api/reports/scanning/aggregated', token: promoter, payload: { event_id: other } });
    expect(scan.statusCode).toBe(404);
  });

  it('when an admin filters by promoter, then the numbers are that promoter’s, and both promoters add up to all', async () => {
    const total = (rows: FinanceRow[]) => rows.reduce((s, r) => s + Math.round(r.price_incl_vat * 100), 0);
    const all = total(await finance('totals/sales'));
    const one = total(await finance('totals/sales', admin, `&promoter_id=${ownPromoterId}`));
    const two = total(await finance('totals/sales', admin, `&promoter_id=${otherPromoterId}`));
    expect(one + two).toBe(all);
    expect(one).toBe(total(await finance('totals/sales', promoter)));
    expect(two).toBe(total(await finance('totals/sales', promoter2)));
  });

  it('when a promoter asks for refund fees or accounting, then 403 (admin only, 002 §6)', async () => {
    expect((await get(`/api/reports/finance/tickets/refund-fees?from_date=${from}&to_date=${to}`, promoter)).statusCode).toBe(403);
    expect((await get(`/api/reports/accounting?from_date=${from}&to_date=${to}`, promoter)).statusCode).toBe(403);
    expect((await get(`/api/reports/finance/tickets/refund-fees?from_date=${from}&to_date=${to}`, admin)).statusCode).toBe(200);
  });

  it('when the report filters are read, then a promoter sees only their own events and promoter', async () => {
    const own = (await get('/api/reports/filters', promoter)).json();
    expect(own.promoters.map((p: { id: number }) => p.id)).toEqual([ownPromoterId]);
    expect(own.events.every((e: { promoter_id: number }) => e.promoter_id === ownPromoterId)).toBe(true);
    const all = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promoters')).rows[0].n;
    expect((await get('/api/reports/filters', admin)).json().promoters).toHaveLength(all);
  });
});
