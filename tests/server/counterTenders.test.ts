import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_MESSAGES } from '../../src/domain/tenders';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/**
 * Paying at the counter (issue 35; docs/boxoffice.md "Paying at the counter"): a box-office sale stores its tender
 * (cash with the amount given and the change, card with the terminal reference, or other) beside its payment, the
 * till's rules hold in SQL, and the operator's shift splits by tender and closes with the cash counted.
 */
let t: TestApp;
let promoter: string;
let box: string;
let stadium: number;
let boxUser: number;
let counter: number;
let offset = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = box) => t.call({ method, url, token, payload });
/** Free seats of this file's own (the middle sections, away from the lease and offline suites). */
const freeSeats = (n: number): Promise<FreeSeat[]> => freePricedSeats(t, stadium, n, 4000 + 20 * offset++, 'lastSections');
const sell = (seats: FreeSeat[], tender?: object) => call('PUT', `/api/reservations/${counter}`, { tickets: seats.map((s) => ({ event: stadium, ...s })), ...(tender ? { tender } : {}) });
/** The tender stored with the last payment of the counter. */
async function lastTender() {
  const { rows } = await t.db.query<{ method: string; total_ore: number; given_ore: number | null; change_ore: number | null; reference: string | null; amount_ore: number }>(
    `SELECT ct.method, ct.total_ore, ct.given_ore, ct.change_ore, ct.reference, p.amount_ore
       FROM counter_tenders ct JOIN payments p ON p.id = ct.payment_id WHERE ct.order_id = $1 ORDER BY ct.payment_id DESC LIMIT 1`, [counter]);
  return rows[0];
}
const paymentsOf = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [counter])).rows[0]!.n;
const shift = async () => (await call('GET', '/api/boxoffice/summary')).json().shift;

beforeAll(async () => {
  t = await createTestApp();
  [promoter, box] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  const res = await call('POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: '2099-12-31 23:00:00', description: '{"extra_fee": "10"}' }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  counter = res.json().id;
}, 120_000);
afterAll(() => t.close());

describe('a counter sale takes a payment', () => {
  it('when cash is given, then the sale stores what was given and the change = given − total, in öre', async () => {
    const res = await sell(await freeSeats(2), { method: 'cash', given_ore: 500_000 });
    expect(res.statusCode, res.body).toBe(200);
    const tender = await lastTender();
    expect(tender).toMatchObject({ method: 'cash', given_ore: 500_000, reference: null });
    expect(tender!.total_ore).toBe(tender!.amount_ore);
    expect(tender!.change_ore).toBe(500_000 - tender!.amount_ore);
  });

  it('when cash is exact (no amount given), then given = total and no change', async () => {
    expect((await sell(await freeSeats(1), { method: 'cash' })).statusCode).toBe(200);
    const tender = await lastTender();
    expect(tender).toMatchObject({ method: 'cash', change_ore: 0 });
    expect(tender!.given_ore).toBe(tender!.amount_ore);
  });

  it('when less cash is given than the total, then the sale is refused with the total named and nothing is sold', async () => {
    const seats = await freeSeats(1);
    const before = await paymentsOf();
    const res = await sell(seats, { method: 'cash', given_ore: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('tender_invalid');
    expect(res.json().error.message).toMatch(/^The amount given is less than the total \(\d+,\d\d\skr\)\.$/);
    expect(await paymentsOf()).toBe(before);
    const items = await t.db.query(`SELECT 1 FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections s ON s.id = ms.section_id
      WHERE i.event_id = $1 AND i.valid AND s.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, seats[0]!.section, seats[0]!.row, seats[0]!.seat]);
    expect(items.rows).toHaveLength(0);
  });

  it('when a card pays, then its terminal reference is stored; without one the sale is refused', async () => {
    const seats = await freeSeats(1);
    const none = await sell(seats, { method: 'card', reference: '  ' });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(TENDER_MESSAGES.referenceRequired);
    expect((await sell(seats, { method: 'card', reference: 'TX-4711' })).statusCode).toBe(200);
    expect(await lastTender()).toMatchObject({ method: 'card', reference: 'TX-4711', given_ore: null, change_ore: null });
  });

  it('when no tender is sent, then the sale is recorded as "other"', async () => {
    expect((await sell(await freeSeats(1))).statusCode).toBe(200);
    expect(await lastTender()).toMatchObject({ method: 'other', given_ore: null, change_ore: null, reference: null });
  });

  it('when a writer breaks the till rules past the API, then the database refuses the row', async () => {
    const seeded = (await t.db.query<{ id: number }>('SELECT id FROM payments WHERE id NOT IN (SELECT payment_id FROM counter_tenders) LIMIT 1')).rows[0]!.id;
    const insert = (method: string, given: number | null, change: number | null, reference: string | null) => t.db.query(
      `INSERT INTO counter_tenders (payment_id, order_id, sold_by, method, total_ore, given_ore, change_ore, reference)
       SELECT id, order_id, $2, $3, 1000, $4, $5, $6 FROM payments WHERE id = $1`, [seeded, boxUser, method, given, change, reference]);
    await expect(insert('cash', 900, -100, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert('cash', 1500, 400, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert('cash', null, null, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert('card', null, null, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert('other', 1000, 0, null)).rejects.toMatchObject({ code: '23514' });
    await expect(t.db.query(`UPDATE counter_tenders SET change_ore = -1, given_ore = total_ore - 1 WHERE method = 'cash'`)).rejects.toMatchObject({ code: '23514' });
    await expect(t.db.query(`UPDATE counter_tenders SET reference = NULL WHERE method = 'card'`)).rejects.toMatchObject({ code: '23514' });
  });
});

describe('the shift', () => {
  it('splits the sales by tender and closes with the cash counted: expected, counted and the difference are stored', async () => {
    // A clean shift first: whatever this file sold above is closed.
    const first = await call('POST', '/api/boxoffice/shift/close', { counted_cash_ore: 0 });
    expect(first.statusCode, first.body).toBe(201);
    const open = await shift();
    expect(open.expected_cash_ore).toBe(0);
    expect(open.tenders.map((x: { method: string; sales: number }) => [x.method, x.sales])).toEqual([['cash', 0], ['card', 0], ['other', 0]]);

    expect((await sell(await freeSeats(2), { method: 'cash', given_ore: 1_000_000 })).statusCode).toBe(200);
    const cash = (await lastTender())!;
    expect((await sell(await freeSeats(1), { method: 'card', reference: 'T-1' })).statusCode).toBe(200);
    const card = (await lastTender())!;
    expect((await sell(await freeSeats(1), { method: 'other', reference: 'Gift card 12' })).statusCode).toBe(200);
    const other = (await lastTender())!;

    const now = await shift();
    expect(now.tenders).toEqual([
      { method: 'cash', sales: 1, amount_ore: cash.total_ore, given_ore: 1_000_000, change_ore: 1_000_000 - cash.total_ore, refunded_ore: 0 },
      { method: 'card', sales: 1, amount_ore: card.total_ore, given_ore: 0, change_ore: 0, refunded_ore: 0 },
      { method: 'other', sales: 1, amount_ore: other.total_ore, given_ore: 0, change_ore: 0, refunded_ore: 0 },
    ]);
    expect(now.expected_cash_ore).toBe(cash.total_ore);

    const close = await call('POST', '/api/boxoffice/shift/close', { counted_cash_ore: cash.total_ore - 500 });
    expect(close.statusCode).toBe(201);
    expect(close.json()).toMatchObject({ expected_cash_ore: cash.total_ore, counted_cash_ore: cash.total_ore - 500, difference_ore: -500, card_ore: card.total_ore, other_ore: other.total_ore });
    const stored = await t.db.query('SELECT expected_cash_ore, counted_cash_ore, difference_ore FROM counter_shift_closes WHERE id = $1', [close.json().id]);
    expect(stored.rows[0]).toEqual({ expected_cash_ore: cash.total_ore, counted_cash_ore: cash.total_ore - 500, difference_ore: -500 });
    await expect(t.db.query('UPDATE counter_shift_closes SET difference_ore = 0 WHERE id = $1', [close.json().id])).rejects.toMatchObject({ code: '23514' });

    const next = await shift();
    expect(next.expected_cash_ore).toBe(0);
    expect(next.closes[0]).toMatchObject({ id: close.json().id, difference_ore: -500 });
  });

  it('when cash sold in the shift is released at the counter, then the expected cash is less by what was given back', async () => {
    await call('POST', '/api/boxoffice/shift/close', { counted_cash_ore: 0 });
    const sold = await sell(await freeSeats(2), { method: 'cash' });
    const cash = (await lastTender())!;
    const all = sold.json().items.filter((i: { type: string }) => i.type === 'ticket');
    const release = await call('PUT', `/api/reservations/${counter}`, { items: [{ id: all[all.length - 1].id, valid: false }] });
    expect(release.statusCode, release.body).toBe(200);
    const now = await shift();
    const split = now.tenders.find((x: { method: string }) => x.method === 'cash');
    expect(split.refunded_ore).toBeGreaterThan(0);
    expect(now.expected_cash_ore).toBe(cash.total_ore - split.refunded_ore);
    // The answer says what goes back and how, for the counter's notice: what the shift counts as given back.
    expect(release.json().released).toEqual({ tickets: 1, refund_amount: split.refunded_ore / 100, tenders: [{ method: 'cash', amount: split.refunded_ore / 100 }] });
  });

  it('when a card sale is released, then the answer says the whole amount goes back to the card', async () => {
    const sold = await sell(await freeSeats(2), { method: 'card', reference: 'TX-REL' });
    expect(sold.statusCode, sold.body).toBe(200);
    const card = (await lastTender())!;
    const mine = sold.json().items.filter((i: { type: string }) => i.type === 'ticket').slice(-2);
    const release = await call('PUT', `/api/reservations/${counter}`, { items: mine.map((i: { id: number }) => ({ id: i.id, valid: false })) });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().released).toEqual({ tickets: 2, refund_amount: card.total_ore / 100, tenders: [{ method: 'card', amount: card.total_ore / 100 }] });
    // Any other change of the reservation answers no release.
    const again = await call('GET', `/api/reservations/${counter}`);
    expect(again.json().released).toBeUndefined();
  });

  it('refuses a shift close to every role but the box office, and a negative count', async () => {
    expect((await call('POST', '/api/boxoffice/shift/close', { counted_cash_ore: 10 }, promoter)).statusCode).toBe(403);
    expect((await call('POST', '/api/boxoffice/shift/close', { counted_cash_ore: -1 })).statusCode).toBe(422);
  });
});
