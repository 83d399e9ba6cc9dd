import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceFeeShiftOre } from '../../src/domain/reseat';
import { serviceFeeBands } from '../../server/boxoffice/boxOfficeSale';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/**
 * Re-seat (issue 38; docs/orders.md, docs/boxoffice.md, docs/reservations.md): a ticket moves to another free seat in
 * one transaction, with an audit row, and open maps see both seats change — from the reservation
 * (PUT api/reservations/{id}/items/{itemId}/seat), the order (PUT api/orders/{id}/items/{itemId}/seat) and the counter
 * (PUT api/boxoffice/reservations/{id}/items/{itemId}/seat). One module writes it: server/reservations/reseatTicket.ts.
 */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let boxoffice: string;
let boxoffice2: string;
let stadium: number;
let boxUser: number;
let seq = 0;
const later = '2099-12-31 23:00:00';
const REFUND_FEE_PERCENT = 10;

type Token = string;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token: Token = promoter) => t.call({ method, url, token, payload });
const freeSeats = (n: number, skip = 0): Promise<FreeSeat[]> => freePricedSeats(t, stadium, n, 400 * seq++ + 11 + skip, 'lastSections');
const version = async () => Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0]?.version ?? 0);
const states = async (since: number) => (await call('GET', `/api/events/${stadium}/seat-states?since=${since}`)).json() as { changed: { seat_index: number; taken: number }[] };
const reseatReservation = (id: number, item: number, to: FreeSeat, token: Token = promoter) => call('PUT', `/api/reservations/${id}/items/${item}/seat`, to, token);
const reseatOrder = (id: number, item: number, to: FreeSeat, token: Token = admin) => call('PUT', `/api/orders/${id}/items/${item}/seat`, to, token);
const reseatCounter = (id: number, item: number, to: FreeSeat, token: Token = boxoffice) => call('PUT', `/api/boxoffice/reservations/${id}/items/${item}/seat`, to, token);
const audits = async (orderId: number) =>
  (await t.db.query<{ user_id: number; amounts: Record<string, unknown> }>(`SELECT user_id::int, amounts FROM audit_log WHERE action = 'ticket.reseat' AND order_id = $1 ORDER BY id`, [orderId])).rows;
const label = (s: FreeSeat) => ({ section: s.section, row: s.row, seat: s.seat });

async function seatIndex(s: FreeSeat): Promise<number> {
  const { rows } = await t.db.query<{ seat_index: number }>(
    `SELECT ms.seat_index FROM map_seats ms JOIN map_sections sec ON sec.id = ms.section_id JOIN events e ON e.map_id = sec.map_id
      WHERE e.id = $1 AND sec.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, s.section, s.row, s.seat]);
  return Number(rows[0].seat_index);
}

/** Both seats reached open maps since `v`: the old one free, the new one taken. */
async function expectBothSeatsChanged(v: number, from: FreeSeat, to: FreeSeat) {
  expect(await version()).toBeGreaterThan(v);
  const changed = new Map((await states(v)).changed.map((c) => [c.seat_index, c.taken]));
  expect(changed.get(await seatIndex(from))).toBe(0);
  expect(changed.get(await seatIndex(to))).toBe(1);
}

/** A reservation of the stadium with one seat; a box-office one is sold at once (the counter is paid). */
async function reservationWith(seat: FreeSeat, type = 'guest', token: Token = promoter, owner = boxUser) {
  const body = type === 'boxoffice'
    ? { event: stadium, type, owner, validity_date: later, description: '{"extra_fee": 0}' }
    : { event: stadium, type, title: `Re-seat ${seq++}`, reserved_until: later };
  const created = await call('POST', '/api/reservations', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const res = await call('PUT', `/api/reservations/${id}`, { tickets: [{ ...seat, event: stadium }] }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { id, item: res.json().items[0] as { id: number; price: number } };
}

interface PricedSeat extends FreeSeat { price_ore: number }
/**
 * Free stadium seats by their default ticket type's price, a few per price, none used before in this file. The price of
 * each section is found first (210 rows), then joined to its seats; the taken seats are left out by hashed `NOT IN`
 * (as freePricedSeats, support/eventFixtures.ts). Written as one join of seats, prices and taken seats, the planner
 * looped per seat: 1.7 → 0.33 CPU s a call on PGlite, the same seats.
 */
async function freeByPrice(): Promise<PricedSeat[]> {
  const { rows } = await t.db.query<PricedSeat>(
    `WITH section_price AS MATERIALIZED (
       SELECT s.id AS section_id, s.name, p.price_ore::int AS price_ore
         FROM events e JOIN map_sections s ON s.map_id = e.map_id AND NOT s.general_admission
         JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id AND NOT es.hidden
         JOIN price_set_items p ON p.price_set_id = es.price_set_id
         JOIN ticket_types tt ON tt.id = p.ticket_type_id AND tt.is_default
        WHERE e.id = $1),
     priced AS (
       SELECT sp.name AS section, ms.row_label AS row, ms.seat_label AS seat, sp.price_ore,
              row_number() OVER (PARTITION BY sp.price_ore ORDER BY sp.name DESC, ms.row_label, ms.seat_label) AS n
         FROM section_price sp JOIN map_seats ms ON ms.section_id = sp.section_id
        WHERE ms.id NOT IN (SELECT ev.seat_id FROM event_seats ev WHERE ev.event_id = $1)
          AND ms.id NOT IN (SELECT i.seat_id FROM order_items i WHERE i.event_id = $1 AND i.valid AND i.seat_id IS NOT NULL))
     SELECT section, row, seat, price_ore FROM priced WHERE n > 7 * $2 AND n <= 7 * $2 + 4 ORDER BY price_ore, section, row, seat`,
    [stadium, seq++]);
  return rows;
}
/** A free seat to start from and one whose price is the same, lower or higher. */
async function pair(kind: 'same' | 'cheaper' | 'dearer'): Promise<{ from: PricedSeat; to: PricedSeat }> {
  const seats = await freeByPrice();
  const prices = [...new Set(seats.map((s) => s.price_ore))];
  expect(prices.length, 'the stadium has seats of at least two prices').toBeGreaterThan(1);
  const at = (price: number, k = 0) => seats.filter((s) => s.price_ore === price)[k];
  if (kind === 'same') return { from: at(prices[0], 0), to: at(prices[0], 1) };
  if (kind === 'cheaper') return { from: at(prices[prices.length - 1]), to: at(prices[0]) };
  return { from: at(prices[0]), to: at(prices[prices.length - 1]) };
}

/** How much the ticket's service fee moves (the demo promoter's bands; a box-office sale writes it per ticket). */
async function feeShift(from: PricedSeat, to: PricedSeat): Promise<number> {
  const promoterId = Number((await t.db.query<{ id: number }>('SELECT promoter_id AS id FROM events WHERE id = $1', [stadium])).rows[0].id);
  return serviceFeeShiftOre(await serviceFeeBands(t.db, promoterId), from.price_ore, to.price_ore);
}

/** The stadium's money as the finance report (Total sales − Total returns, today) and the dashboard (000 §2) say it, öre. */
async function money(): Promise<{ financeOre: number; dashboardOre: number }> {
  const day = (await t.db.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS d`)).rows[0].d;
  const sum = async (report: string) => {
    const res = await call('GET', `/api/reports/finance/totals/${report}?from_date=2020-01-01&to_date=${day}&event_id=${stadium}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { price_incl_vat: number }[]).reduce((a, r) => a + Math.round(r.price_incl_vat * 100), 0);
  };
  const stats = (await call('GET', `/api/events/${stadium}/stats`, undefined, admin)).json().all;
  const ore = (sek: number) => Math.round(sek * 100);
  return {
    financeOre: (await sum('sales')) - (await sum('refunds')),
    dashboardOre: ore(stats.tickets.paid_net_price) + ore(stats.service_fees.paid_net_price) + ore(stats.admin_fees.paid_net_price) - ore(stats.refunds.price_decrease),
  };
}

/** The box-office user's open shift: cash taken and change handed back, öre. */
async function cashShift(): Promise<{ amount_ore: number; change_ore: number }> {
  const res = await call('GET', '/api/boxoffice/summary', undefined, boxoffice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shift.tenders.find((x: { method: string }) => x.method === 'cash');
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2, boxoffice, boxoffice2] = await Promise.all(
    ['admin', 'promoter', 'promoter2', 'boxoffice', 'boxoffice2'].map((k) => t.tokenFor(k)));
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  await t.db.query('UPDATE platform_settings SET refund_fee_percent = $1', [REFUND_FEE_PERCENT]);
}, 120_000);
afterAll(() => t.close());

describe('re-seat from the reservation (PUT api/reservations/{id}/items/{itemId}/seat)', () => {
  it('when an unpaid ticket moves to a seat of another price, then it is there at that price, both seats reach open maps, and it is logged', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from);
    const v = await version();
    const res = await reseatReservation(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().items.find((i: { id: number }) => i.id === item.id);
    expect(moved).toMatchObject({ ...label(to), price: to.price_ore / 100 });
    await expectBothSeatsChanged(v, from, to);
    const audit = await audits(id);
    expect(audit).toHaveLength(1);
    expect(audit[0].amounts).toMatchObject({ item_id: item.id, channel: 'reservation', to: label(to), price_ore_before: from.price_ore, price_ore_after: to.price_ore });
  });

  it('when the new seat is taken, unknown, or the same, then it is refused with a message and nothing moves', async () => {
    const [from, other] = await freeSeats(2);
    const { id, item } = await reservationWith(from);
    await reservationWith(other);
    const v = await version();
    const taken = await reseatReservation(id, item.id, other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/is taken/);
    expect((await reseatReservation(id, item.id, from)).json().error.code).toBe('same_seat');
    expect((await reseatReservation(id, item.id, { section: from.section, row: from.row, seat: 'no such seat' })).json().error.code).toBe('not_a_seat');
    expect((await reseatReservation(id, 2_147_483_000, other)).json().error.code).toBe('unknown_item');
    // Another promoter's caller does not find the reservation at all.
    expect((await reseatReservation(id, item.id, other, promoter2)).statusCode).toBe(404);
    const after = (await call('GET', `/api/reservations/${id}`)).json().items[0];
    expect(after).toMatchObject(label(from));
    expect(await version()).toBe(v);
    expect(await audits(id)).toHaveLength(0);
  });
});

describe('re-seat from the order (PUT api/orders/{id}/items/{itemId}/seat)', () => {
  it('when an admin moves an unpaid ticket, then the order shows it on the new seat at its price, both seats change and it is logged', async () => {
    const { from, to } = await pair('cheaper');
    const { id, item } = await reservationWith(from);
    const v = await version();
    const res = await reseatOrder(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ ...label(to), price: to.price_ore / 100, valid: true });
    await expectBothSeatsChanged(v, from, to);
    const [audit] = await audits(id);
    expect(audit.amounts).toMatchObject({ item_id: item.id, channel: 'order', from: label(from), to: label(to), price_ore_after: to.price_ore });
    expect(audit.amounts.refund_id).toBeUndefined();
  });

  it('when a paid ticket moves to a cheaper seat, then the difference is refunded by the refund rules and the ticket stays valid', async () => {
    const { from, to } = await pair('cheaper');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const res = await reseatOrder(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    const difference = from.price_ore - to.price_ore;
    // The box-office sale wrote the service fee per ticket: it follows the price to the cheaper band.
    const feeBack = -(await feeShift(from, to));
    const fee = Math.floor(((difference + feeBack) * REFUND_FEE_PERCENT * 100 + 5000) / 10000);
    const moved = res.json().items.find((i: { id: number }) => i.id === item.id);
    // The price stays what was paid; what the sale lost is the refund line.
    expect(moved).toMatchObject({ ...label(to), price: from.price_ore / 100, valid: true, refunded: difference / 100 });
    const { rows: [refund] } = await t.db.query<{ percent: string; reason: string; decrease: number; back: number; keep_valid: boolean }>(
      `SELECT r.refund_fee_percent::text AS percent, r.reason, ri.original_price_decrease_ore AS decrease, ri.refund_amount_ore AS back, ri.keep_valid
         FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id WHERE ri.order_item_id = $1`, [item.id]);
    expect(refund).toMatchObject({ decrease: difference, keep_valid: true });
    expect(Number(refund.percent)).toBe(REFUND_FEE_PERCENT);
    expect(refund.reason).toMatch(/^Re-seat from /);
    const [audit] = await audits(id);
    expect(audit.amounts).toMatchObject({ channel: 'order', price_decrease_ore: difference + feeBack, refund_amount_ore: difference + feeBack - fee, refund_fee_ore: fee });
    // The refund's lines (ticket, and its service fee when the band changed) add up to what went back.
    const { rows: [sum] } = await t.db.query<{ back: number; decrease: number }>(
      `SELECT sum(ri.refund_amount_ore)::int AS back, sum(ri.original_price_decrease_ore)::int AS decrease FROM refund_items ri
        WHERE ri.refund_id = $1`, [audit.amounts.refund_id]);
    expect(sum).toEqual({ back: difference + feeBack - fee, decrease: difference + feeBack });
  });

  it('when a paid ticket moves to a dearer seat, then the difference is recorded as a payment of the order with its method, and the Payments tab, the finance report and the dashboard agree', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    const before = await money();
    const v = await version();

    // Without saying how it is paid, or for another amount than the move costs, nothing moves.
    const unpaid = await reseatOrder(id, item.id, to);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().error).toMatchObject({ code: 'payment_required' });
    expect(unpaid.json().error.message).toMatch(/more: say how the difference is paid/);
    const stale = await reseatOrder(id, item.id, { ...to, payment: { method: 'card', amount_ore: amount - 1 } } as FreeSeat);
    expect(stale.statusCode).toBe(409);
    expect((await reseatOrder(id, item.id, { ...to, payment: { method: 'cash', amount_ore: amount } } as FreeSeat)).json().error.code).toBe('payment_method');
    expect(await version()).toBe(v);
    expect(await audits(id)).toHaveLength(0);

    const res = await reseatOrder(id, item.id, { ...to, payment: { method: 'swish', amount_ore: amount } } as FreeSeat);
    expect(res.statusCode, res.body).toBe(200);
    await expectBothSeatsChanged(v, from, to);
    const order = res.json() as { items: { id: number; price: number; refundable: number }[]; payments: { id: number; provider: string; amount: number; status: string; summary: { ticket: number; ticket_service_fee: number; total: number }; increases: { amount: number; reason: string; items: string[] }[] }[] };
    // The ticket keeps its first price; what was paid for it is now the new seat's price.
    expect(order.items.find((i) => i.id === item.id)).toMatchObject({ ...label(to), price: from.price_ore / 100, refundable: to.price_ore / 100 });
    const [audit] = await audits(id);
    const paid = order.payments.find((p) => p.id === audit.amounts.payment_id)!;
    expect(paid).toMatchObject({ provider: 'swish', status: 'paid', amount: amount / 100 });
    expect(paid.summary).toMatchObject({ ticket: (to.price_ore - from.price_ore) / 100, ticket_service_fee: (await feeShift(from, to)) / 100, total: amount / 100 });
    expect(paid.increases).toHaveLength(1);
    expect(paid.increases[0]).toMatchObject({ amount: amount / 100, reason: expect.stringMatching(/^Re-seat from /) });
    expect(audit.amounts).toMatchObject({ channel: 'order', price_increase_ore: to.price_ore - from.price_ore, paid_ore: amount, tender: 'swish' });

    // The money reports: the difference counts today, to the öre, in the finance report and on the dashboard.
    const after = await money();
    expect(after.financeOre - before.financeOre).toBe(amount);
    expect(after.dashboardOre - before.dashboardOre).toBe(amount);

    // And in Accounting Reporting: one row per item whose price moved, under the payment of the difference, as a
    // page and in the CSV file.
    const day = (await t.db.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS d`)).rows[0].d;
    const accounting = `/api/reports/accounting?from_date=${day}&to_date=${day}&event_id=${stadium}`;
    const page = (await call('GET', `${accounting}&per_page=20000`, undefined, admin)).json() as { data: { payment_id: number | null; transaction_type: string; total_incl_vat: number }[] };
    const rows = page.data.filter((r) => r.payment_id === paid.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.transaction_type === 'sale')).toBe(true);
    expect(Math.round(rows.reduce((a, r) => a + r.total_incl_vat, 0) * 100)).toBe(amount);
    const csv = await t.call({ method: 'GET', url: accounting, token: admin, headers: { accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').filter((line) => line.split(',')[4] === String(paid.id));
    expect(lines).toHaveLength(rows.length);
  });

  it('when the new seat is held, leased to a counter or taken, then it is refused; a hold that has ended gives its seat up', async () => {
    const [from, held, leased] = await freeSeats(3, 5);
    const { id, item } = await reservationWith(from);
    const hold = await reservationWith(held);
    const counter = await reservationWith((await freeSeats(1, 9))[0], 'boxoffice', boxoffice);
    const lease = await call('POST', `/api/boxoffice/reservations/${counter.id}/leases`,
      { ends_at: new Date(Date.now() + 2 * 3_600_000).toISOString(), seats: [leased] }, boxoffice);
    expect(lease.statusCode, lease.body).toBe(201);
    const v = await version();

    const onHold = await reseatOrder(id, item.id, held);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().error.code).toBe('seat_taken');
    const onLease = await reseatOrder(id, item.id, leased);
    expect(onLease.statusCode).toBe(409);
    expect(onLease.json().error).toMatchObject({ code: 'seat_leased' });
    expect(onLease.json().error.message).toMatch(/is leased to .* until \d\d:\d\d: choose another seat\./);
    expect(await version()).toBe(v);

    // The hold ends: its seat is free for the move (and its end reaches open maps with it).
    await t.db.query(`UPDATE orders SET reserved_until = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 second' WHERE id = $1`, [hold.id]);
    const res = await reseatOrder(id, item.id, held);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0]).toMatchObject(label(held));
    await expectBothSeatsChanged(v, from, held);
  });

  it('when anyone but an admin asks, then it is refused, and nothing moves', async () => {
    const [from, to] = await freeSeats(2, 13);
    const { id, item } = await reservationWith(from);
    for (const token of [promoter, promoter2, boxoffice]) expect((await reseatOrder(id, item.id, to, token)).statusCode).toBe(403);
    expect((await reseatOrder(2_147_483_000, item.id, to)).statusCode).toBe(404);
    expect((await reseatOrder(id, 2_147_483_000, to)).json().error.code).toBe('unknown_item');
    expect((await call('GET', `/api/orders/${id}`, undefined, admin)).json().items[0]).toMatchObject(label(from));
    expect(await audits(id)).toHaveLength(0);
  });
});

describe('re-seat at the counter (PUT api/boxoffice/reservations/{id}/items/{itemId}/seat)', () => {
  it('when the counter moves a sold ticket to a seat of the same price, then it moves, both seats change and it is logged by the counter', async () => {
    const { from, to } = await pair('same');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const v = await version();
    const res = await reseatCounter(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ ...label(to), price: item.price });
    await expectBothSeatsChanged(v, from, to);
    const [audit] = await audits(id);
    expect(audit.user_id).toBe(boxUser);
    expect(audit.amounts).toMatchObject({ channel: 'counter', from: label(from), to: label(to) });
  });

  it('when the counter moves a sold ticket to a cheaper seat, then the difference goes back in full', async () => {
    const { from, to } = await pair('cheaper');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const res = await reseatCounter(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    const difference = from.price_ore - to.price_ore;
    const { rows: [refund] } = await t.db.query<{ percent: string | null; decrease: number; back: number }>(
      `SELECT r.refund_fee_percent::text AS percent, ri.original_price_decrease_ore AS decrease, ri.refund_amount_ore AS back
         FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id WHERE ri.order_item_id = $1`, [item.id]);
    expect(refund).toEqual({ percent: null, decrease: difference, back: difference });
    const feeBack = -(await feeShift(from, to));
    expect((await audits(id))[0].amounts).toMatchObject({ channel: 'counter', refund_amount_ore: difference + feeBack, refund_fee_ore: 0 });
  });

  it('when the counter moves a sold ticket to a dearer seat for cash, then the difference is a paid tender with its change, on the shift, and the money reports agree', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    const before = await money();
    const shiftBefore = await cashShift();
    const given = Math.ceil((amount + 1) / 10_000) * 10_000;
    const res = await reseatCounter(id, item.id, { ...to, payment: { method: 'cash', amount_ore: amount, given_ore: given } } as FreeSeat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { id: number }) => i.id === item.id)).toMatchObject(label(to));
    const [audit] = await audits(id);
    expect(audit.amounts).toMatchObject({ channel: 'counter', paid_ore: amount, tender: 'cash', given_ore: given, change_ore: given - amount });
    const { rows: [tender] } = await t.db.query<{ method: string; total_ore: number; given_ore: number; change_ore: number; sold_by: number; provider: string; status: string }>(
      `SELECT t.method, t.total_ore, t.given_ore, t.change_ore, t.sold_by::int, p.provider, p.status
         FROM counter_tenders t JOIN payments p ON p.id = t.payment_id WHERE t.payment_id = $1`, [audit.amounts.payment_id]);
    expect(tender).toEqual({ method: 'cash', total_ore: amount, given_ore: given, change_ore: given - amount, sold_by: boxUser, provider: 'boxoffice', status: 'paid' });
    // The shift counts it as cash taken: the drawer should hold the difference more.
    const shiftAfter = await cashShift();
    expect(shiftAfter.amount_ore - shiftBefore.amount_ore).toBe(amount);
    expect(shiftAfter.change_ore - shiftBefore.change_ore).toBe(given - amount);
    const after = await money();
    expect(after.financeOre - before.financeOre).toBe(amount);
    expect(after.dashboardOre - before.dashboardOre).toBe(amount);
    // A later refund of the ticket may give back all that was paid for it, the difference too.
    const detail = (await call('GET', `/api/orders/${id}`, undefined, admin)).json();
    expect(detail.items.find((i: { id: number }) => i.id === item.id).refundable).toBe(to.price_ore / 100);
  });

  it('when the price crosses into another fee band, then the ticket\'s service fee follows it: collected with a dearer seat, given back with a cheaper one', async () => {
    const { from, to } = await pair('dearer');
    const promoterId = Number((await t.db.query<{ id: number }>('SELECT promoter_id AS id FROM events WHERE id = $1', [stadium])).rows[0].id);
    const saved = (await t.db.query('SELECT price_min_ore, price_max_ore, fixed_ore FROM service_fees WHERE promoter_id = $1', [promoterId])).rows;
    // Two bands split between the two prices: 10 kr below the dearer price, 30 kr from it.
    await t.db.query('DELETE FROM service_fees WHERE promoter_id = $1', [promoterId]);
    await t.db.query(`INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore) VALUES ($1, 0, $2, 1000), ($1, $2, NULL, 3000)`, [promoterId, to.price_ore]);
    try {
      const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
      const fees = async () => (await t.db.query<{ fee_type: string; paid: number }>(
        `SELECT f.fee_type, (f.price_ore + coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = f.id), 0)
                - coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = f.id), 0))::int AS paid
           FROM order_items f WHERE f.fee_of_item_id = $1 AND f.valid ORDER BY f.fee_type`, [item.id])).rows;
      expect(await fees()).toEqual([{ fee_type: 'ticket_service_fee', paid: 1000 }]);
      const amount = to.price_ore - from.price_ore + 2000;
      const before = await money();
      const up = await reseatCounter(id, item.id, { ...to, payment: { method: 'other', amount_ore: amount } } as FreeSeat);
      expect(up.statusCode, up.body).toBe(200);
      expect((await audits(id))[0].amounts).toMatchObject({ price_increase_ore: to.price_ore - from.price_ore, service_fee_increase_ore: 2000, paid_ore: amount });
      expect(await fees()).toEqual([{ fee_type: 'ticket_service_fee', paid: 3000 }]);
      expect((await money()).dashboardOre - before.dashboardOre).toBe(amount);

      // Back to the first seat: the price and the fee's 20 kr go back in full (the counter's rule).
      const down = await reseatCounter(id, item.id, from);
      expect(down.statusCode, down.body).toBe(200);
      expect((await audits(id))[1].amounts).toMatchObject({ price_decrease_ore: to.price_ore - from.price_ore + 2000, refund_amount_ore: to.price_ore - from.price_ore + 2000, service_fee_decrease_ore: 2000 });
      expect(await fees()).toEqual([{ fee_type: 'ticket_service_fee', paid: 1000 }]);
      expect((await money()).financeOre - before.financeOre).toBe(0);
    } finally {
      await t.db.query('DELETE FROM service_fees WHERE promoter_id = $1', [promoterId]);
      for (const b of saved) {
        await t.db.query('INSERT INTO service_fees (promoter_id, price_min_ore, price_max_ore, fixed_ore) VALUES ($1, $2, $3, $4)', [promoterId, b.price_min_ore, b.price_max_ore, b.fixed_ore]);
      }
    }
  });

  it('when the counter takes a card for a dearer seat without the terminal reference, then it is refused in the till\'s words and nothing moves or is paid', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    const payments = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [id])).rows[0].n);
    const had = await payments();
    const v = await version();
    const res = await reseatCounter(id, item.id, { ...to, payment: { method: 'card', amount_ore: amount, reference: '  ' } } as FreeSeat);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'tender_invalid', message: "Enter the card terminal's reference." });
    const short = await reseatCounter(id, item.id, { ...to, payment: { method: 'cash', amount_ore: amount, given_ore: amount - 100 } } as FreeSeat);
    expect(short.json().error.message).toMatch(/^The amount given is less than the total/);
    expect(await payments()).toBe(had);
    expect(await version()).toBe(v);
    expect(await audits(id)).toHaveLength(0);
    // With the reference it goes through, recorded with the payment.
    const ok = await reseatCounter(id, item.id, { ...to, payment: { method: 'card', amount_ore: amount, reference: 'T-4711' } } as FreeSeat);
    expect(ok.statusCode, ok.body).toBe(200);
    const { rows: [tender] } = await t.db.query<{ reference: string; total_ore: number }>(
      'SELECT reference, total_ore FROM counter_tenders WHERE payment_id = $1', [(await audits(id))[0].amounts.payment_id]);
    expect(tender).toEqual({ reference: 'T-4711', total_ore: amount });
  });

  it("when a counter asks for another counter's, another promoter's or a back-office reservation, then it is not found, and nothing moves", async () => {
    const [a, b, c, to] = await freeSeats(4, 17);
    // Another box-office user of the same promoter owns this counter's reservation.
    const colleague = Number((await t.db.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE u.type = 'boxoffice' AND u.status = 'active' AND u.id <> $1
          AND u.promoter_id = (SELECT promoter_id FROM users WHERE id = $1) ORDER BY u.id LIMIT 1`, [boxUser])).rows[0].id);
    const theirs = await reservationWith(a, 'boxoffice', promoter, colleague);
    const mine = await reservationWith(b, 'boxoffice', boxoffice);
    const guests = await reservationWith(c);
    expect((await reseatCounter(theirs.id, theirs.item.id, to)).statusCode).toBe(404);
    expect((await reseatCounter(mine.id, mine.item.id, to, boxoffice2)).statusCode).toBe(404);
    expect((await reseatCounter(mine.id, mine.item.id, to, promoter2)).statusCode).toBe(404);
    // The counter's call is for box-office reservations only, whoever asks.
    expect((await reseatCounter(guests.id, guests.item.id, to, promoter)).statusCode).toBe(404);
    for (const r of [theirs, mine, guests]) expect(await audits(r.id)).toHaveLength(0);
    // The counter's promoter may move its counter's ticket.
    const res = await reseatCounter(mine.id, mine.item.id, to, promoter);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('when the counter reservation is no longer valid, then the counter cannot re-seat', async () => {
    const [from, to] = await freeSeats(2, 21);
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    await t.db.query(`UPDATE orders SET validity_date = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 minute' WHERE id = $1`, [id]);
    const res = await reseatCounter(id, item.id, to);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validity_passed');
  });
});

describe('money after re-seats: the counter summary, and refunds back to the payments that paid', () => {
  const ore = (sek: number) => Math.round(sek * 100);
  interface SummaryLine { ticket_type: string; count: number; tickets: number; service_fees: number; extra_fees: number; total: number }
  interface Summary { rows: SummaryLine[]; differences: SummaryLine | null; totals: SummaryLine; shift: { tenders: { amount_ore: number; refunded_ore: number }[] } }
  /** The box-office user's "Sold today": its total, what its tenders hold (taken − given back), its differences line; öre. */
  async function counted() {
    const res = await call('GET', '/api/boxoffice/summary', undefined, boxoffice);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Summary;
    // The total counts tickets (the rows'), not moves; its money is the rows' and the differences'.
    expect(s.totals.count).toBe(s.rows.reduce((n, r) => n + r.count, 0));
    expect(ore(s.totals.total)).toBe(s.rows.reduce((n, r) => n + ore(r.total), 0) + ore(s.differences?.total ?? 0));
    return {
      total: ore(s.totals.total), tenders: s.shift.tenders.reduce((a, x) => a + x.amount_ore - x.refunded_ore, 0),
      moves: s.differences?.count ?? 0, differences: ore(s.differences?.total ?? 0), tickets: s.totals.count, line: s.differences,
    };
  }
  /** Each payment of the order: what it collected and what refunds gave back from it, öre. */
  const perPayment = async (orderId: number) => (await t.db.query<{ id: number; amount: number; refunded: number }>(
    `SELECT p.id::int, p.amount_ore AS amount,
            coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id WHERE r.payment_id = p.id), 0)::int AS refunded
       FROM payments p WHERE p.order_id = $1 ORDER BY p.id`, [orderId])).rows;

  it('when the counter sells, moves the ticket to a dearer seat, back, up again and releases it, then "Sold today" moves with the tenders to the öre, the differences on a line of their own', async () => {
    const { from, to } = await pair('dearer');
    const start = await counted();
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const sold = await counted();
    expect(sold.tickets - start.tickets).toBe(1);
    expect(sold.total - start.total).toBeGreaterThanOrEqual(from.price_ore);
    expect(sold.total - start.total).toBe(sold.tenders - start.tenders);

    // Up, for cash: the difference is on the differences line, and in the total as in the tenders.
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    const up = await reseatCounter(id, item.id, { ...to, payment: { method: 'cash', amount_ore: amount } } as FreeSeat);
    expect(up.statusCode, up.body).toBe(200);
    const moved = await counted();
    expect(moved.tenders - sold.tenders).toBe(amount);
    expect(moved.total - sold.total).toBe(amount);
    expect(moved.differences - sold.differences).toBe(amount);
    expect(moved.moves - sold.moves).toBe(1);
    expect(moved.tickets).toBe(sold.tickets);
    expect(moved.line).toMatchObject({ ticket_type: 'Re-seat differences' });

    // Back to the first seat: the difference goes back in full, to the payment that paid it, not to the sale's.
    const down = await reseatCounter(id, item.id, from);
    expect(down.statusCode, down.body).toBe(200);
    const back = await counted();
    expect(back.tenders - moved.tenders).toBe(-amount);
    expect(back.total - moved.total).toBe(-amount);
    expect(back.moves - moved.moves).toBe(1);
    const [sale, first] = await perPayment(id);
    expect(first).toMatchObject({ amount, refunded: amount });
    expect(sale.refunded).toBe(0);

    // Up again by card, then released: every payment gives back what it took and no more, and the ticket, its
    // differences and its release are in neither the summary nor the tenders any more.
    const again = await reseatCounter(id, item.id, { ...to, payment: { method: 'card', amount_ore: amount, reference: 'T-38' } } as FreeSeat);
    expect(again.statusCode, again.body).toBe(200);
    const released = await call('PUT', `/api/reservations/${id}`, { items: [{ id: item.id, valid: false }] }, boxoffice);
    expect(released.statusCode, released.body).toBe(200);
    const payments = await perPayment(id);
    expect(payments).toHaveLength(3);
    for (const p of payments) expect(p.refunded).toBe(p.amount);
    const end = await counted();
    expect(end.total - start.total).toBe(0);
    expect(end.tenders - start.tenders).toBe(0);
    expect(end.tickets).toBe(start.tickets);
  });

  it('when a ticket moved to a dearer seat is refunded in full, then the refund goes back to both payments, neither above what it collected, and the Payments tab, the accounting report, the finance report and the dashboard agree', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    const up = await reseatOrder(id, item.id, { ...to, payment: { method: 'swish', amount_ore: amount } } as FreeSeat);
    expect(up.statusCode, up.body).toBe(200);
    const ticket = (up.json().items as { id: number; payment_id: number; refundable: number; vat_percent: number }[]).find((i) => i.id === item.id)!;
    expect(ticket.refundable).toBe(to.price_ore / 100);
    const before = await money();
    const till = await counted();

    const res = await call('POST', '/api/refund', {
      order_id: id, reason: 'The event moved',
      items: [{ id: ticket.id, keep_valid: false, item_payments: [{ id: ticket.payment_id, original_price_decrease: ticket.refundable, net_price_decrease: Math.round((ticket.refundable * 100) / (1 + ticket.vat_percent / 100)) / 100, refund_amount: ticket.refundable }] }],
    }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund_ids).toHaveLength(2);
    expect(res.json().items[0]).toMatchObject({ id: ticket.id, refunded: to.price_ore / 100, valid: false });
    // The back office gave the money back, not the counter: its till and its "Sold today" keep the sale, and agree.
    const tillAfter = await counted();
    expect(tillAfter.tenders).toBe(till.tenders);
    expect(tillAfter.total).toBe(till.total);
    expect(tillAfter.tickets).toBe(till.tickets);

    // The Payments tab: the difference went back to the payment that paid it, the rest to the sale's.
    const detail = (await call('GET', `/api/orders/${id}`, undefined, admin)).json() as { payments: { id: number; amount: number; refunded: number; state: string; refunds: { price_decrease: number; reason: string | null; items: string[] }[] }[] };
    const salePayment = detail.payments.find((p) => p.id === ticket.payment_id)!;
    const difference = detail.payments.find((p) => p.id !== ticket.payment_id)!;
    expect(difference.refunded).toBe((to.price_ore - from.price_ore) / 100);
    expect(salePayment.refunded).toBe(from.price_ore / 100);
    for (const p of detail.payments) expect(p.refunded).toBeLessThanOrEqual(p.amount);
    expect(difference.refunds).toEqual([expect.objectContaining({ price_decrease: (to.price_ore - from.price_ore) / 100, reason: 'The event moved' })]);
    expect(difference.state).toBe(amount === to.price_ore - from.price_ore ? 'refunded' : 'partly refunded');
    // The sale's payment also paid the ticket's service fee (when its band has one), which was not refunded.
    expect(salePayment.state).toBe(salePayment.amount > from.price_ore / 100 ? 'partly refunded' : 'refunded');
    // Every refund line of the database stays within what its payment collected (the 290 trigger's rule).
    for (const p of await perPayment(id)) expect(p.refunded).toBeLessThanOrEqual(p.amount);

    // The finance report and the dashboard lose the whole refund, to the öre.
    const after = await money();
    expect(before.financeOre - after.financeOre).toBe(to.price_ore);
    expect(before.dashboardOre - after.dashboardOre).toBe(to.price_ore);

    // Accounting Reporting: the refund rows are under the payment they go back to; the ticket counts once.
    const day = (await t.db.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS d`)).rows[0].d;
    const page = (await call('GET', `/api/reports/accounting?from_date=${day}&to_date=${day}&event_id=${stadium}&per_page=20000`, undefined, admin)).json() as
      { data: { payment_id: number | null; item_id: number; transaction_type: string; total_incl_vat: number; quantity: number }[] };
    const refunds = page.data.filter((r) => r.transaction_type === 'refund' && r.item_id === ticket.id);
    const under = (paymentId: number) => refunds.filter((r) => r.payment_id === paymentId).reduce((a, r) => a + ore(r.total_incl_vat), 0);
    expect(under(difference.id)).toBe(-(to.price_ore - from.price_ore));
    expect(under(salePayment.id)).toBe(-from.price_ore);
    expect(refunds.reduce((n, r) => n + r.quantity, 0)).toBe(1);
  });

  it('when a refund line is written past the API against a payment that did not collect that much for the item, then the database refuses it, and a refund\'s payment cannot be changed', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const amount = to.price_ore - from.price_ore + await feeShift(from, to);
    expect((await reseatOrder(id, item.id, { ...to, payment: { method: 'card', amount_ore: amount } } as FreeSeat)).statusCode).toBe(200);
    const [salePayment, differencePayment] = (await perPayment(id)).map((p) => p.id);
    const refundOf = async (paymentId: number) => Number((await t.db.query<{ id: number }>(
      `INSERT INTO refunds (order_id, payment_id, event_id, promoter_id) SELECT order_id, $2, event_id, promoter_id FROM order_items WHERE id = $1 RETURNING id::int`,
      [item.id, paymentId])).rows[0].id);
    const line = (refundId: number, decrease: number) => t.db.query(
      `INSERT INTO refund_items (refund_id, order_item_id, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore) VALUES ($1, $2, $3, 0, 0)`,
      [refundId, item.id, decrease]);
    // Within what the ticket was paid in all (the new seat's price), but more than the sale's payment took for it.
    await expect(line(await refundOf(salePayment), from.price_ore + 1)).rejects.toThrow(/exceeds what that payment collected/);
    await expect(line(await refundOf(differencePayment), to.price_ore - from.price_ore + 1)).rejects.toThrow(/exceeds what that payment collected/);
    // Exactly what each took is fine.
    const r = await refundOf(differencePayment);
    await line(r, to.price_ore - from.price_ore);
    await expect(t.db.query('UPDATE refunds SET payment_id = $2 WHERE id = $1', [r, salePayment])).rejects.toThrow(/payment cannot change/);
  });
});
