import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { AuditLogPage, OrderDetail, RefundResult } from '../../src/contracts/orders';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats } from './support/eventFixtures';

/** Orders, void, refunds, re-assign and the audit log (001 §2, §4, §5, §7, §8; issue 20). */
let t: TestApp;
let admin: string;
let promoter: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter')]);
  today = (await t.db.query<{ d: string }>(`SELECT (now() AT TIME ZONE 'Europe/Stockholm')::date::text AS d`)).rows[0].d;
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });
const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
const refund = (payload: unknown, key?: string, token = admin) =>
  t.call({ method: 'POST', url: '/api/refund', token, payload: payload as object, headers: key ? { 'idempotency-key': key } : {} });

/** Sum of a finance report's price_incl_vat over today (öre, to compare exactly). */
async function financeTotal(report: string): Promise<number> {
  const res = await get(`/api/reports/finance/totals/${report}?from_date=${today}&to_date=${today}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.reduce((s: number, r: { price_incl_vat: number }) => s + Math.round(r.price_incl_vat * 100), 0);
}

/** A paid order with at least two valid, unrefunded tickets. */
async function refundableOrder(skip: number[] = []) {
  const row = await one<{ order_id: number }>(
    `SELECT i.order_id::int FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.status = 'completed' AND o.parent_id IS NULL AND i.type = 'ticket' AND i.valid AND i.payment_id IS NOT NULL
        AND i.price_ore > 0 AND NOT EXISTS (SELECT 1 FROM refund_items ri WHERE ri.order_item_id = i.id)
        AND NOT (i.order_id = ANY($1::bigint[]))
      GROUP BY i.order_id HAVING count(*) >= 2 ORDER BY i.order_id LIMIT 1`,
    [skip],
  );
  const detail = (await get(`/api/orders/${row.order_id}`)).json();
  const tickets = detail.items.filter((i: { type: string; valid: boolean; refundable: number }) => i.type === 'ticket' && i.valid && i.refundable > 0);
  return { id: row.order_id as number, detail, tickets };
}

/** The amount excl. VAT of a decrease at the item's VAT rate (worked out here: incl / (1 + rate/100), to the öre). */
const exclVat = (amount: number, vatPercent: number) => Math.round((amount * 100) / (1 + vatPercent / 100)) / 100;

const line = (item: { id: number; payment_id: number; vat_percent: number }, amount: number, keep_valid = false) => ({
  id: item.id, keep_valid,
  item_payments: [{ id: item.payment_id, original_price_decrease: amount, net_price_decrease: exclVat(amount, item.vat_percent), refund_amount: amount }],
});

describe('GET api/orders (the Reservations list)', () => {
  it('when an admin opens the list, then 50 orders a page, newest first, with a count', async () => {
    const res = await get('/api/orders');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.collection).toHaveLength(50);
    expect(body.count).toBeGreaterThan(50);
    const dates = body.collection.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.collection[0]).toMatchObject({ event: { id: expect.any(Number), name: expect.any(String) } });
  });

  it('when searching by phone (as typed, 07…), email, order id or payment-provider id, then the order is found', async () => {
    const o = await one<{ id: number; phone: string; email: string; provider_order_id: string }>(
      `SELECT o.id::int, u.phone, u.email, p.provider_order_id FROM orders o JOIN users u ON u.id = o.owner_id
         JOIN payments p ON p.order_id = o.id
        WHERE o.parent_id IS NULL AND u.email IS NOT NULL AND p.provider_order_id IS NOT NULL ORDER BY o.id DESC LIMIT 1`,
    );
    const ids = async (search: string) =>
      (await get(`/api/orders?search=${encodeURIComponent(search)}&per_page=500`)).json().collection.map((r: { id: number }) => r.id);
    expect(await ids(o.phone.replace('+46', '0'))).toContain(o.id);
    expect(await ids(o.email.toUpperCase())).toContain(o.id);
    expect(await ids(String(o.id))).toContain(o.id);
    expect(await ids(o.provider_order_id)).toContain(o.id);
    expect((await get('/api/orders?search=nobody-by-this-name-xyz')).json()).toEqual({ collection: [], count: 0 });
  });

  it('when filtering by event and not yet accepted, then only such orders', async () => {
    const e = await one<{ event_id: number }>(`SELECT event_id::int FROM orders WHERE confirmation_status <> 'confirmed' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const body = (await get(`/api/orders?event=${e.event_id}&accepted=0&per_page=100`)).json();
    expect(body.count).toBeGreaterThan(0);
    for (const r of body.collection) {
      expect(r.event.id).toBe(e.event_id);
      expect(['unconfirmed', 'pending']).toContain(r.confirmation_status);
    }
  });

  it('when listing an event\'s unregistered owners (re-assign), then 500 a page and every owner unregistered', async () => {
    const e = await one<{ event_id: number }>(
      `SELECT o.event_id::int FROM orders o JOIN users u ON u.id = o.owner_id WHERE u.status = 'unregistered' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const body = (await get(`/api/orders?event=${e.event_id}&unregistered=1&per_page=500`)).json();
    expect(body.count).toBeGreaterThan(0);
    expect(body.collection.every((r: { owner: { status: string } }) => r.owner.status === 'unregistered')).toBe(true);
  });

  it('when the input is bad, then 4xx, never 5xx; a promoter is refused', async () => {
    expect((await get('/api/orders?search=a%00b')).statusCode).toBe(422);
    expect((await get('/api/orders?per_page=501')).statusCode).toBe(422);
    expect((await get('/api/orders?event=99999999999999999999')).statusCode).toBe(422);
    expect((await get('/api/orders?accepted=2')).statusCode).toBe(422);
    expect((await get('/api/orders', promoter)).statusCode).toBe(403);
  });
});

describe('GET api/orders/{id}', () => {
  it('when a paid order is opened, then its items, and its payment\'s summary adds up to what was paid', async () => {
    const o = await one<{ id: number }>(
      `SELECT o.id::int FROM orders o WHERE o.status = 'completed' AND o.parent_id IS NULL
          AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.type = 'merchandise') ORDER BY o.id LIMIT 1`);
    const res = await get(`/api/orders/${o.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ id: o.id, status: 'completed', can_void: false, confirmation_status: 'confirmed' });
    const ticket = d.items.find((i: { type: string }) => i.type === 'ticket');
    expect(ticket).toMatchObject({ section: expect.any(String), ticket_type: { name: expect.any(String) } });
    expect(d.items.some((i: { type: string; sku: string | null }) => i.type === 'merchandise')).toBe(true);
    const paid = d.payments.find((p: { status: string }) => p.status === 'paid');
    const s = paid.summary;
    expect(Math.round(s.total * 100)).toBe(Math.round(paid.amount * 100));
    expect(Math.round((s.merchandise + s.merchandise_admin_fee + s.merchandise_order_fee + s.ticket + s.ticket_admin_fee + s.ticket_service_fee) * 100))
      .toBe(Math.round(s.total * 100));
    expect(s.merchandise_order_fee).toBeGreaterThan(0);
  });

  it('when the order does not exist or the id is bad, then 404 / 422', async () => {
    expect((await get('/api/orders/2147483000')).statusCode).toBe(404);
    expect((await get('/api/orders/abc')).statusCode).toBe(422);
    expect((await get('/api/orders/1', promoter)).statusCode).toBe(403);
  });
});

describe('GET api/payment/{id}/reservation (001 §7)', () => {
  it('when a payment is named, then the reservation it paid answers, with the same items and sub-reservations as the order', async () => {
    // A paid order whose last ticket is moved into a sub-reservation of its own (the seed makes none that are paid).
    const paid = await one<{ payment_id: number; order_id: number; item_id: number }>(
      `SELECT p.id::int AS payment_id, o.id::int AS order_id, max(i.id)::int AS item_id
         FROM payments p JOIN orders o ON o.id = p.order_id JOIN order_items i ON i.order_id = o.id AND i.type = 'ticket'
        WHERE o.parent_id IS NULL AND o.status = 'completed' AND p.status = 'paid'
        GROUP BY p.id, o.id HAVING count(*) >= 2 ORDER BY p.id DESC LIMIT 1`);
    const child = await one<{ id: number }>(
      `INSERT INTO orders (event_id, promoter_id, parent_id, type, status, title, owner_id, confirmation_status)
       SELECT event_id, promoter_id, id, type, status, 'Sub-reservation', owner_id, confirmation_status FROM orders WHERE id = $1 RETURNING id::int`,
      [paid.order_id]);
    await t.db.query('UPDATE order_items SET order_id = $1 WHERE id = $2', [child.id, paid.item_id]);
    const res = await get(`/api/payment/${paid.payment_id}/reservation`);
    expect(res.statusCode).toBe(200);
    const order = (await get(`/api/orders/${paid.order_id}`)).json();
    expect(res.json().id).toBe(paid.order_id);
    expect(res.json().items).toEqual(order.items);
    expect(res.json().sub_reservations).toEqual(order.sub_reservations);
    expect(res.json().sub_reservations.map((r: { id: number; items: { id: number }[] }) => [r.id, r.items.map((i) => i.id)])).toEqual([[child.id, [paid.item_id]]]);
    expect(res.json().payments.map((p: { id: number }) => p.id)).toContain(paid.payment_id);
  });

  it('when the payment does not exist or a promoter asks, then 404 / 403', async () => {
    expect((await get('/api/payment/2147483000/reservation')).statusCode).toBe(404);
    expect((await get('/api/payment/abc/reservation')).statusCode).toBe(422);
    const any = await one<{ id: number }>('SELECT id::int FROM payments ORDER BY id LIMIT 1');
    expect((await get(`/api/payment/${any.id}/reservation`, promoter)).statusCode).toBe(403);
  });
});

describe('void (GET and POST api/orders/{id}/void)', () => {
  it('when a pending order is voided, then its seats are free at once, the finance report does not move, and it is logged', async () => {
    const o = await one<{ id: number }>(
      `SELECT o.id::int FROM orders o WHERE o.status = 'pending' AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.valid AND i.type = 'ticket') ORDER BY o.id LIMIT 1`);
    const before = await financeTotal('sales');
    const res = await t.call({ method: 'POST', url: `/api/orders/${o.id}/void`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: o.id, status: 'void' });
    expect(await one(`SELECT count(*) FILTER (WHERE valid)::int AS valid FROM order_items WHERE order_id = $1`, [o.id])).toEqual({ valid: 0 });
    expect((await get(`/api/orders/${o.id}`)).json()).toMatchObject({ status: 'void', can_void: false });
    expect(await financeTotal('sales')).toBe(before);
    const log = (await get(`/api/logs?action=order.void`)).json();
    expect(log.collection[0]).toMatchObject({ action: 'order.void', order_id: o.id, user: { id: expect.any(Number) } });
    // Voided once: a second void is refused.
    const again = await get(`/api/orders/${o.id}/void`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Only a new or pending order can be voided/);
  });

  it('when a new order is voided with GET (the spec\'s call), then it is void too', async () => {
    const o = await one<{ id: number }>(`SELECT id::int FROM orders WHERE status = 'new' AND parent_id IS NULL ORDER BY id LIMIT 1`);
    expect((await get(`/api/orders/${o.id}/void`)).statusCode).toBe(200);
  });

  it('when the order is completed or unknown, then 409 / 404; a promoter gets 403', async () => {
    const o = await one<{ id: number }>(`SELECT id::int FROM orders WHERE status = 'completed' ORDER BY id LIMIT 1`);
    expect((await t.call({ method: 'POST', url: `/api/orders/${o.id}/void`, token: admin })).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: '/api/orders/2147483000/void', token: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/orders/${o.id}/void`, token: promoter })).statusCode).toBe(403);
  });
});

describe('void of a hold that has ended (docs/orders.md "Void")', () => {
  /** A reservation of two free seats of the stadium whose reserved until has then passed (the API refuses a past time). */
  async function endedHold() {
    const stadium = await eventId(t, 'Midsummer Stadium Night');
    const seats = await freePricedSeats(t, stadium, 2, 40, 'lastSections');
    const created = await t.call({ method: 'POST', url: '/api/reservations', token: admin, payload: { event: stadium, title: 'Ended hold', type: 'guest', reserved_until: '2099-12-31 23:00:00' } });
    const id = created.json().id as number;
    expect((await t.call({ method: 'PUT', url: `/api/reservations/${id}`, token: admin, payload: { tickets: seats.map((s) => ({ ...s, event: stadium })) } })).statusCode).toBe(200);
    await t.db.query(`UPDATE orders SET reserved_until = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 minute' WHERE id = $1`, [id]);
    return { stadium, seats, id };
  }
  const version = async (event: number) => Number((await one<{ v: string }>('SELECT version::text AS v FROM event_seat_versions WHERE event_id = $1', [event]))?.v ?? 0);

  it('when nobody took its seats, then the void frees nothing and says so: the answer, the order, the audit row; no map is told of a change', async () => {
    const { stadium, id } = await endedHold();
    expect((await get(`/api/orders/${id}`)).json()).toMatchObject({ status: 'new', hold_ended: true, can_void: true });
    const before = await version(stadium);
    const res = await t.call({ method: 'POST', url: `/api/orders/${id}/void`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'void', items_freed: 0, items_voided: 2, hold_ended: true });
    expect(res.json().message).toMatch(/hold had already ended/);
    expect(await version(stadium)).toBe(before);
    const log = (await get(`/api/logs?action=order.void`)).json();
    const row = log.collection.find((r: { order_id: number }) => r.order_id === id);
    expect(row.amounts).toMatchObject({ items: 2, tickets: 2, tickets_freed: 0, hold_ended: true });
  });

  it('when a ticket of the ended hold is to be moved to another seat, then it is refused (422 hold_ended) and the order page offers no Move', async () => {
    const { stadium, id } = await endedHold();
    const [target] = await freePricedSeats(t, stadium, 1, 120, 'lastSections');
    const detail = (await get(`/api/orders/${id}`)).json();
    const res = await t.call({ method: 'PUT', url: `/api/orders/${id}/items/${detail.items[0].id}/seat`, token: admin, payload: target });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'hold_ended' });
    expect(res.json().error.message).toMatch(/^This reservation was held until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}: its tickets hold no seat any more/);
    expect((await get(`/api/orders/${id}`)).json().items[0]).toMatchObject({ section: detail.items[0].section, row: detail.items[0].row, seat: detail.items[0].seat });
  });

  it('when another reservation took one of its seats, then the void is refused (409) and the other order\'s ticket stays', async () => {
    const { stadium, seats, id } = await endedHold();
    const other = (await t.call({ method: 'POST', url: '/api/reservations', token: admin, payload: { event: stadium, title: 'Took the seat', type: 'guest', reserved_until: '2099-12-31 23:00:00' } })).json().id as number;
    expect((await t.call({ method: 'PUT', url: `/api/reservations/${other}`, token: admin, payload: { tickets: [{ ...seats[0], event: stadium }] } })).statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: `/api/orders/${id}/void`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/hold ended and its seats were given up/);
    expect(await one(`SELECT count(*) FILTER (WHERE valid)::int AS valid FROM order_items WHERE order_id = $1`, [other])).toEqual({ valid: 1 });
  });

  it('when a hold that still runs is voided, then items_freed counts its items and the map is told', async () => {
    const stadium = await eventId(t, 'Midsummer Stadium Night');
    const seats = await freePricedSeats(t, stadium, 2, 80, 'lastSections');
    const id = (await t.call({ method: 'POST', url: '/api/reservations', token: admin, payload: { event: stadium, title: 'Running hold', type: 'guest', reserved_until: '2099-12-31 23:00:00' } })).json().id as number;
    await t.call({ method: 'PUT', url: `/api/reservations/${id}`, token: admin, payload: { tickets: seats.map((s) => ({ ...s, event: stadium })) } });
    const before = await version(stadium);
    const res = await t.call({ method: 'POST', url: `/api/orders/${id}/void`, token: admin });
    expect(res.json()).toMatchObject({ items_freed: 2, items_voided: 2, hold_ended: false });
    expect(await version(stadium)).toBeGreaterThan(before);
  });
});

describe('POST api/refund', () => {
  it('when the form is incomplete, then the spec\'s messages', async () => {
    const r1 = await refund({ items: [] });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().validation_errors.order_id).toEqual(['Please enter an order ID']);
    const { id, tickets } = await refundableOrder();
    const r2 = await refund({ order_id: id, items: [{ id: tickets[0].id, keep_valid: false }] });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.message).toBe(`Payment ID not found for item ${tickets[0].id}`);
    const r3 = await refund({ order_id: id, items: [{ ...line(tickets[0], 1), item_payments: [{ ...line(tickets[0], 1).item_payments[0], id: tickets[0].payment_id + 1 }] }] });
    expect(r3.json().error.message).toBe(`Payment ID not found for item ${tickets[0].id}`);
    const r4 = await refund({ order_id: id, items: [line(tickets[0], tickets[0].refundable + 0.01)] });
    expect(r4.statusCode).toBe(422);
    expect(r4.json().error.code).toBe('refund_too_large');
    // The amount left is written as the console writes money (Swedish style), not 450.00.
    const left = tickets[0].refundable.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    expect(r4.json().error.message).toBe(`The refund of item ${tickets[0].id} is more than what is left to refund (${left} SEK).`);
    expect((await refund({ order_id: id, items: [line(tickets[0], -1)] })).statusCode).toBe(422);
    expect((await refund({ order_id: 2147483647, items: [line(tickets[0], 1)] })).statusCode).toBe(404);
    expect((await refund({ order_id: id, items: [{ ...line(tickets[0], 1), id: 2147483000 }] })).statusCode).toBe(422);
    expect((await refund({ order_id: id, items: [line(tickets[0], 1)] }, undefined, promoter)).statusCode).toBe(403);
  });

  it('when the amount excl. VAT is not the decrease at the item\'s VAT rate, then 422 names the right figure and nothing is written', async () => {
    const { id, tickets } = await refundableOrder();
    const ticket = tickets[0];
    const before = await financeTotal('refunds');
    const refundsBefore = await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [ticket.id]);
    // The whole decrease sent as if no VAT were in it: the accounting report would have booked no VAT on the return.
    const wrong = { ...line(ticket, ticket.refundable), item_payments: [{ ...line(ticket, ticket.refundable).item_payments[0], net_price_decrease: ticket.refundable }] };
    const res = await refund({ order_id: id, items: [wrong] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('net_price_decrease');
    const expected = exclVat(ticket.refundable, ticket.vat_percent).toFixed(2).replace('.', ',');
    expect(res.json().error.message).toContain(`The amount excl. VAT of item ${ticket.id} must be ${expected.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} SEK`);
    expect(await financeTotal('refunds')).toBe(before);
    expect(await one('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [ticket.id])).toEqual(refundsBefore);
    // The figure at the item's rate, off by the öre another rounding may give, is taken.
    const ok = line(ticket, 1);
    ok.item_payments[0].net_price_decrease = Math.round(ok.item_payments[0].net_price_decrease * 100 + 1) / 100;
    expect((await refund({ order_id: id, items: [ok] })).statusCode).toBe(200);
  });

  it('when two tickets are refunded (one stays valid), then the finance refunds grow by exactly that, the seat of the other is free, and it is logged', async () => {
    const { id, tickets } = await refundableOrder();
    const [a, b] = tickets;
    const before = await financeTotal('refunds');
    const res = await refund({ order_id: id, items: [line(a, a.refundable, true), line(b, b.refundable, false)] }, `k-${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Refund successful!', order_id: id });
    expect(await financeTotal('refunds')).toBe(before + Math.round(a.refundable * 100) + Math.round(b.refundable * 100));
    const after = (await get(`/api/orders/${id}`)).json();
    const item = (x: number) => after.items.find((i: { id: number }) => i.id === x);
    expect(item(a.id)).toMatchObject({ valid: true, refundable: 0 });
    expect(item(b.id)).toMatchObject({ valid: false, refundable: 0 });
    const log = (await get(`/api/logs?action=order.refund&event_id=${after.event.id}`)).json();
    expect(log.collection[0]).toMatchObject({ order_id: id, amounts: { original_price_decrease_ore: Math.round((a.refundable + b.refundable) * 100) } });

    // The same request again (a double click, a retry): the first result, refunded once.
    const again = await refund({ order_id: id, items: [line(a, a.refundable, true), line(b, b.refundable, false)] }, `k-${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await financeTotal('refunds')).toBe(before + Math.round(a.refundable * 100) + Math.round(b.refundable * 100));
  });

  it('when two refunds of the same item run at once, then one wins and the other is refused', async () => {
    const { id, tickets, detail } = await refundableOrder([]);
    const [a] = tickets;
    const half = Math.round(a.refundable * 60) / 100;
    const results = await Promise.all([
      refund({ order_id: id, items: [line(a, half, true)] }, `c1-${id}`),
      refund({ order_id: id, items: [line(a, half, true)] }, `c2-${id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refunded = await one<{ n: number }>(`SELECT coalesce(sum(original_price_decrease_ore), 0)::int AS n FROM refund_items WHERE order_item_id = $1`, [a.id]);
    expect(refunded.n).toBe(Math.round(half * 100));
    expect(detail.id).toBe(id);
  });

  it('when a refund of 0 SEK or 0.001 SEK is asked for, then it is refused and the paid ticket stays valid and unrefunded (probe)', async () => {
    const { id, tickets } = await refundableOrder();
    const [a] = tickets.filter((x: { refunded: number }) => x.refunded === 0);
    const zero = await refund({ order_id: id, items: [line(a, 0)] });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().error).toEqual({ code: 'refund_amount', message: `The refund of item ${a.id} must be at least 0,01 SEK.` });
    const tiny = await refund({ order_id: id, items: [{ id: a.id, item_payments: [{ id: a.payment_id, original_price_decrease: 0.001, net_price_decrease: 0, refund_amount: 0.001 }] }] });
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().error.message).toBe(`The amounts of item ${a.id} may have at most two decimals.`);
    const threeDecimals = await refund({ order_id: id, items: [{ id: a.id, item_payments: [{ id: a.payment_id, original_price_decrease: 10.005, net_price_decrease: 9.43, refund_amount: 10 }] }] });
    expect(threeDecimals.statusCode).toBe(422);
    // A price decrease with nothing paid back is not a refund either.
    const nothingBack = await refund({ order_id: id, items: [{ id: a.id, item_payments: [{ id: a.payment_id, original_price_decrease: 10, net_price_decrease: 9.43, refund_amount: 0 }] }] });
    expect(nothingBack.statusCode).toBe(422);
    const after = (await get(`/api/orders/${id}`)).json().items.find((i: { id: number }) => i.id === a.id);
    expect(after).toMatchObject({ valid: true, refunded: 0 });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [a.id])).n).toBe(0);
    // The least refund, 0.01 SEK, is one.
    const cent = await refund({ order_id: id, items: [line(a, 0.01, true)] });
    expect(cent.statusCode).toBe(200);
    expect(cent.json().items).toEqual([{ id: a.id, refunded: 0.01, valid: true, refund_amount: 0.01, refund_fee: 0 }]);
  });

  it('when an item already ended is refunded with "stays valid", then the answer reports it as it is: not valid (probe)', async () => {
    const { id, tickets } = await refundableOrder();
    const [a] = tickets.filter((x: { refunded: number }) => x.refunded === 0);
    expect((await refund({ order_id: id, items: [line(a, 1, false)] })).json().items).toEqual([{ id: a.id, refunded: 1, valid: false, refund_amount: 1, refund_fee: 0 }]);
    const res = await refund({ order_id: id, items: [line(a, 2, true)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([{ id: a.id, refunded: 3, valid: false, refund_amount: 2, refund_fee: 0 }]);
    expect((await get(`/api/orders/${id}`)).json().items.find((i: { id: number }) => i.id === a.id).valid).toBe(false);
  });

  it('when an Idempotency-Key is reused with another body, then 422 and nothing is refunded; the same body answers the first result (probe)', async () => {
    const { id, tickets } = await refundableOrder();
    const [a, b] = tickets;
    const key = `reuse-${id}`;
    const first = await refund({ order_id: id, items: [line(a, 1, true)] }, key);
    expect(first.statusCode).toBe(200);
    const other = await refund({ order_id: id, items: [line(b, 2, true)] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM refund_items WHERE order_item_id = $1', [b.id])).n).toBe(0);
    const same = await refund({ order_id: id, items: [line(a, 1, true)] }, key);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(first.json());
  });

  it('when a refund above what was paid is written past the API, then the database refuses it', async () => {
    const { tickets } = await refundableOrder();
    const a = tickets[0];
    const r = await one<{ id: number }>(`INSERT INTO refunds (order_id, payment_id, event_id, promoter_id)
      SELECT order_id, payment_id, event_id, promoter_id FROM order_items WHERE id = $1 RETURNING id::int`, [a.id]);
    await expect(t.db.query(`INSERT INTO refund_items (refund_id, order_item_id, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore)
      VALUES ($1, $2, $3, 0, 0)`, [r.id, a.id, Math.round(a.refundable * 100) + 1])).rejects.toThrow(/exceeds what was paid/);
  });
});

/** An event's money as the finance report sums it over all days (öre): ticket sales with their fees, corporate tickets, less ticket returns. */
async function eventFinanceOre(eventId: number): Promise<number> {
  const sum = async (report: string) => {
    const res = await get(`/api/reports/finance/tickets/${report}?from_date=2000-01-01&to_date=2099-12-31&event_id=${eventId}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.reduce((s: number, r: { price_incl_vat: number }) => s + Math.round(r.price_incl_vat * 100), 0);
  };
  return (await sum('sales')) + (await sum('corporate')) - (await sum('refunds'));
}
/** The dashboard's Total (000 §2: net paid + service fee + admin fee), less refunds, öre. */
async function dashboardOre(eventId: number): Promise<number> {
  const { all } = (await get(`/api/events/${eventId}/stats`)).json();
  const ore = (sek: number) => Math.round(sek * 100);
  return ore(all.tickets.paid_net_price) + ore(all.service_fees.paid_net_price) + ore(all.admin_fees.paid_net_price) - ore(all.refunds.price_decrease);
}

describe('refunds shown on the order and taken off the dashboard (issue 38)', () => {
  it('when a ticket is refunded with a fee kept and a reason, then its payment lists the refund (amount, fee kept, who, when, why) and says partly refunded; the dashboard Total drops by it and agrees with the finance report', async () => {
    const { id, tickets, detail } = await refundableOrder();
    const eventId = detail.event.id as number;
    expect(await dashboardOre(eventId)).toBe(await eventFinanceOre(eventId));
    const before = await dashboardOre(eventId);
    const a = tickets[0];
    const amount = Math.round((a.refundable - 10) * 100) / 100;
    const res = await refund({
      order_id: id, reason: 'Broken seat',
      items: [{ id: a.id, item_payments: [{ id: a.payment_id, original_price_decrease: a.refundable, net_price_decrease: Math.round((a.refundable / 1.06) * 100) / 100, refund_amount: amount }] }],
    });
    expect(res.statusCode).toBe(200);
    const after = (await get(`/api/orders/${id}`)).json();
    const payment = after.payments.find((p: { id: number }) => p.id === a.payment_id);
    expect(payment.state).toBe('partly refunded');
    const earlier = detail.payments.find((p: { id: number }) => p.id === a.payment_id).refunded;
    expect(payment.refunded).toBeCloseTo(earlier + a.refundable, 2);
    const last = payment.refunds.at(-1);
    expect(last).toMatchObject({ by: { name: expect.any(String) }, reason: 'Broken seat', price_decrease: a.refundable, amount, fee_kept: 10 });
    expect(last.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(last.items[0]).toContain(a.ticket_type.name);
    expect(await dashboardOre(eventId)).toBe(before - Math.round(a.refundable * 100));
    expect(await dashboardOre(eventId)).toBe(await eventFinanceOre(eventId));

    // Everything else on that payment too: then the payment says refunded.
    const rest = after.items.concat(after.sub_reservations.flatMap((x: { items: unknown[] }) => x.items))
      .filter((i: { payment_id: number; refundable: number }) => i.payment_id === a.payment_id && i.refundable > 0);
    expect((await refund({ order_id: id, items: rest.map((i: { id: number; payment_id: number; refundable: number; vat_percent: number }) => line(i, i.refundable)) })).statusCode).toBe(200);
    const whole = (await get(`/api/orders/${id}`)).json().payments.find((p: { id: number }) => p.id === a.payment_id);
    expect(whole.state).toBe('refunded');
    expect(await dashboardOre(eventId)).toBe(await eventFinanceOre(eventId));
  });

  it('when a pending order of the event is voided, then neither the dashboard Total nor the finance report moves', async () => {
    const o = await one<{ id: number; event_id: number }>(
      `SELECT id::int, event_id::int FROM orders WHERE status = 'pending' AND parent_id IS NULL ORDER BY id LIMIT 1`);
    const [dash, finance] = [await dashboardOre(o.event_id), await eventFinanceOre(o.event_id)];
    expect(dash).toBe(finance);
    expect((await t.call({ method: 'POST', url: `/api/orders/${o.id}/void`, token: admin })).statusCode).toBe(200);
    expect(await dashboardOre(o.event_id)).toBe(dash);
    expect(await eventFinanceOre(o.event_id)).toBe(finance);
  });
});

describe('re-assign (POST api/users/{id}/merge)', () => {
  it('when an unregistered owner\'s reservation is re-assigned, then it belongs to the other user and it is logged', async () => {
    const o = await one<{ id: number; owner_id: number; event_id: number }>(
      `SELECT o.id::int, o.owner_id::int, o.event_id::int FROM orders o JOIN users u ON u.id = o.owner_id
        WHERE u.status = 'unregistered' AND o.parent_id IS NULL AND o.status = 'completed' ORDER BY o.id LIMIT 1`);
    const target = await one<{ id: number; name: string }>(`SELECT id::int, name FROM users WHERE type = 'attendee' AND status = 'active' ORDER BY id LIMIT 1`);
    const found = (await get(`/api/reassign/users?search=${encodeURIComponent(target.name)}`)).json().collection;
    expect(found.map((u: { id: number }) => u.id)).toContain(target.id);
    const res = await t.call({ method: 'POST', url: `/api/users/${o.owner_id}/merge`, token: admin, payload: { user_id: target.id, reservation_id: o.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: target.id, orders: [o.id] });
    expect((await get(`/api/orders/${o.id}`)).json().owner).toMatchObject({ id: target.id, status: 'active' });
    const log = (await get(`/api/logs?action=order.reassign&user_id=${(await one<{ id: number }>(`SELECT id::int FROM users WHERE email = 'admin@demo.test'`)).id}`)).json();
    expect(log.collection[0]).toMatchObject({ order_id: o.id, event: { id: o.event_id }, amounts: { from_user_id: o.owner_id, to_user_id: target.id } });
    // The reservation is no longer the unregistered user's.
    const again = await t.call({ method: 'POST', url: `/api/users/${o.owner_id}/merge`, token: admin, payload: { user_id: target.id, reservation_id: o.id } });
    expect(again.statusCode).toBe(404);
  });

  it('when the owner is registered, the target is staff or unknown, then refused', async () => {
    const registered = await one<{ id: number }>(`SELECT id::int FROM users WHERE type = 'attendee' AND status = 'active' ORDER BY id LIMIT 1`);
    const unregistered = await one<{ id: number }>(`SELECT id::int FROM users WHERE status = 'unregistered' ORDER BY id DESC LIMIT 1`);
    const staff = await one<{ id: number }>(`SELECT id::int FROM users WHERE type = 'promoter' ORDER BY id LIMIT 1`);
    const merge = (id: number, body: object, token = admin) => t.call({ method: 'POST', url: `/api/users/${id}/merge`, token, payload: body });
    expect((await merge(registered.id, { user_id: unregistered.id })).json().error.code).toBe('owner_registered');
    expect((await merge(unregistered.id, { user_id: staff.id })).json().error.code).toBe('target_not_customer');
    expect((await merge(unregistered.id, { user_id: 2147483000 })).statusCode).toBe(404);
    expect((await merge(unregistered.id, { user_id: 'x' })).statusCode).toBe(422);
    expect((await merge(unregistered.id, { user_id: registered.id }, promoter)).statusCode).toBe(403);
  });
});

describe('the audit log (GET api/logs)', () => {
  it('when filtered by action, event and user, then only matching rows; the table is append-only', async () => {
    const all = (await get('/api/logs')).json();
    expect(all.count).toBeGreaterThanOrEqual(4);
    const voids = (await get('/api/logs?action=order.void')).json();
    expect(voids.collection.every((r: { action: string }) => r.action === 'order.void')).toBe(true);
    expect((await get('/api/logs?user_id=2147483000')).json()).toMatchObject({ collection: [], count: 0 });
    expect((await get('/api/logs?action=%00')).statusCode).toBe(422);
    expect((await get('/api/logs', promoter)).statusCode).toBe(403);
    await expect(t.db.query(`UPDATE audit_log SET action = 'order.void'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('response schemas (src/contracts): GET api/orders/{id}, POST api/refund, GET api/logs', () => {
  it('when each is called, then its answer is exactly its contract', async () => {
    const { id, tickets } = await refundableOrder();
    const detail = (await get(`/api/orders/${id}`)).json();
    expect(Value.Errors(OrderDetail, detail)).toEqual([]);
    const refunded = (await refund({ order_id: id, items: [line(tickets[0], 1, true)] })).json();
    expect(Value.Errors(RefundResult, refunded)).toEqual([]);
    const logs = (await get('/api/logs?action=order.refund&per_page=5')).json();
    expect(logs.collection.length).toBeGreaterThan(0);
    expect(Value.Errors(AuditLogPage, logs)).toEqual([]);
    // The audit amounts come through whole (nested lines too), not cut by the schema.
    expect(logs.collection[0].amounts.items[0]).toMatchObject({ id: tickets[0].id, original_price_decrease_ore: 100 });
  });
});
