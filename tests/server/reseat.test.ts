import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
/** Free stadium seats by their default ticket type's price, a few per price, none used before in this file. */
async function freeByPrice(): Promise<PricedSeat[]> {
  const { rows } = await t.db.query<PricedSeat>(
    `WITH priced AS (
       SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat, p.price_ore::int,
              row_number() OVER (PARTITION BY p.price_ore ORDER BY s.name DESC, ms.row_label, ms.seat_label) AS n
         FROM events e JOIN map_sections s ON s.map_id = e.map_id AND NOT s.general_admission
         JOIN map_seats ms ON ms.section_id = s.id
         JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id AND NOT es.hidden
         JOIN price_set_items p ON p.price_set_id = es.price_set_id
         JOIN ticket_types tt ON tt.id = p.ticket_type_id AND tt.is_default
         LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
        WHERE e.id = $1 AND ev.seat_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = e.id AND i.seat_id = ms.id AND i.valid))
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
    const fee = Math.floor((difference * REFUND_FEE_PERCENT * 100 + 5000) / 10000);
    const moved = res.json().items.find((i: { id: number }) => i.id === item.id);
    // The price stays what was paid; what the sale lost is the refund line.
    expect(moved).toMatchObject({ ...label(to), price: from.price_ore / 100, valid: true, refunded: difference / 100 });
    const { rows: [refund] } = await t.db.query<{ percent: string; reason: string; decrease: number; back: number; keep_valid: boolean }>(
      `SELECT r.refund_fee_percent::text AS percent, r.reason, ri.original_price_decrease_ore AS decrease, ri.refund_amount_ore AS back, ri.keep_valid
         FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id WHERE ri.order_item_id = $1`, [item.id]);
    expect(refund).toMatchObject({ decrease: difference, back: difference - fee, keep_valid: true });
    expect(Number(refund.percent)).toBe(REFUND_FEE_PERCENT);
    expect(refund.reason).toMatch(/^Re-seat from /);
    const [audit] = await audits(id);
    expect(audit.amounts).toMatchObject({ channel: 'order', price_decrease_ore: difference, refund_amount_ore: difference - fee, refund_fee_ore: fee });
  });

  it('when a paid ticket would move to a dearer seat, then it is refused with what it costs and nothing moves', async () => {
    const { from, to } = await pair('dearer');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const v = await version();
    const res = await reseatOrder(id, item.id, to);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'price_differs' });
    expect(res.json().error.message).toMatch(/more would be a new sale/);
    expect(await version()).toBe(v);
    expect(await audits(id)).toHaveLength(0);
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

  it('when the counter moves a sold ticket to a cheaper seat, then the difference goes back in full; a dearer seat is refused', async () => {
    const { from, to } = await pair('cheaper');
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const res = await reseatCounter(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    const difference = from.price_ore - to.price_ore;
    const { rows: [refund] } = await t.db.query<{ percent: string | null; decrease: number; back: number }>(
      `SELECT r.refund_fee_percent::text AS percent, ri.original_price_decrease_ore AS decrease, ri.refund_amount_ore AS back
         FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id WHERE ri.order_item_id = $1`, [item.id]);
    expect(refund).toEqual({ percent: null, decrease: difference, back: difference });
    expect((await audits(id))[0].amounts).toMatchObject({ channel: 'counter', refund_amount_ore: difference, refund_fee_ore: 0 });

    const dearer = await pair('dearer');
    const other = await reservationWith(dearer.from, 'boxoffice', boxoffice);
    const refused = await reseatCounter(other.id, other.item.id, dearer.to);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('price_differs');
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
