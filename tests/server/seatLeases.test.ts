import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSek } from '../../src/domain/money';
import { announceEndedLeases } from '../../server/seat-leases/leaseExpiry';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, seatHidden, type FreeSeat } from './support/eventFixtures';

/**
 * Seat leases (issue 35; docs/boxoffice.md "Seat leases"): a counter's lease is refused to every other channel until it
 * ends, is handed back or revoked; it never takes a sold or held seat, and never two counters' at once.
 */
let t: TestApp;
let promoter: string;
let admin: string;
let box: string;
let stadium: number;
let boxUser: number;
let seq = 0;
const later = '2099-12-31 23:00:00';
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = box) => t.call({ method, url, token, payload });
/** Free seats of the stadium no other test of this file uses. */
const freeSeats = (n: number): Promise<FreeSeat[]> => freePricedSeats(t, stadium, n, 40 * seq++ + 3, 'sectionEnds');

async function counter(title: string): Promise<number> {
  const res = await call('POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: later, description: '{"extra_fee": 0}' }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await t.db.query('UPDATE orders SET title = $2 WHERE id = $1', [id, title]);
  return id;
}
async function guest(): Promise<number> {
  const res = await call('POST', '/api/reservations', { event: stadium, title: `Guests ${seq++}`, type: 'guest', reserved_until: later }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const take = (id: number, body: object, hours = 2) => call('POST', `/api/boxoffice/reservations/${id}/leases`, { ends_at: inHours(hours), ...body });
const reserve = (id: number, seats: FreeSeat[], token = box) => call('PUT', `/api/reservations/${id}`, { tickets: seats.map((s) => ({ ...s, event: stadium })) }, token);
const leases = async () => (await call('GET', `/api/events/${stadium}/seat-leases`)).json().collection as { id: number; reservation_id: number; seats: { section: string; row: string; seat: string; sold: boolean }[]; seats_left: number }[];
const version = async () => Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0]?.version ?? 0);
const statesSince = async (since: number) => (await call('GET', `/api/events/${stadium}/seat-states?since=${since}`)).json() as { changed: { seat_index: number; taken: number; leased?: { counter: string; reservation_id: number } | null }[] };
async function seatIndex(s: FreeSeat): Promise<number> {
  const { rows } = await t.db.query<{ seat_index: number }>(
    `SELECT ms.seat_index FROM map_seats ms JOIN map_sections sec ON sec.id = ms.section_id JOIN events e ON e.map_id = sec.map_id
      WHERE e.id = $1 AND sec.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, s.section, s.row, s.seat]);
  return Number(rows[0].seat_index);
}

beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin, box] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
}, 120_000);
afterAll(() => t.close());

describe('taking a lease', () => {
  it('when a counter leases seats, then the lease lists them, other channels are refused them and its own counter sells them', async () => {
    const [c1, c2, g] = [await counter('Counter 1'), await counter('Counter 2'), await guest()];
    const seats = await freeSeats(3);
    const res = await take(c1, { seats });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reservation_id: c1, counter: 'Counter 1', seats_left: 3 });
    expect((await leases()).find((l) => l.reservation_id === c1)?.seats.map((s) => s.seat).sort()).toEqual(seats.map((s) => s.seat).sort());

    // Every other channel: a back-office reservation, another counter (box-office staff), the corporate channel.
    for (const [id, token] of [[g, promoter], [c2, box]] as const) {
      const refused = await reserve(id, [seats[0]], token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'seat_leased' });
      expect(refused.json().error.message).toMatch(/^Seat is leased to Counter 1 until \d\d:\d\d: choose another seat\.$/);
    }
    const corporate = await call('POST', '/api/reservations', { event: stadium, title: `Corp ${seq++}`, type: 'corporate', reserved_until: later }, promoter);
    if (corporate.statusCode === 201) expect((await reserve(corporate.json().id, [seats[1]], promoter)).statusCode).toBe(409);

    const sold = await reserve(c1, [seats[0], seats[1]]);
    expect(sold.statusCode, sold.body).toBe(200);
    const mine = (await leases()).find((l) => l.reservation_id === c1)!;
    expect(mine.seats_left).toBe(1);
    expect(mine.seats.filter((s) => s.sold).map((s) => s.seat).sort()).toEqual([seats[0].seat, seats[1].seat].sort());
  });

  it('when the database is written past the API (a race the reserve\'s read missed), then the guard refuses the ticket', async () => {
    const c1 = await counter('Counter G');
    const g = await guest();
    const [seat] = await freeSeats(1);
    expect((await take(c1, { seats: [seat] })).statusCode).toBe(201);
    const write = t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
       SELECT o.id, o.event_id, o.promoter_id, 'ticket', 'guest', ms.section_id, ms.id, 0, 0, 6
         FROM orders o JOIN events e ON e.id = o.event_id JOIN map_sections s ON s.map_id = e.map_id AND s.name = $2
         JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = $3 AND ms.seat_label = $4 WHERE o.id = $1`, [g, seat.section, seat.row, seat.seat]);
    await expect(write).rejects.toMatchObject({ code: 'SL001', message: expect.stringMatching(/is leased to Counter G until/) });
  });

  it('when seats are sold or held, then a lease of them is refused naming them, and a section lease skips them', async () => {
    const c1 = await counter('Counter S');
    const g = await guest();
    const seats = await freeSeats(2);
    expect((await reserve(g, [seats[0]], promoter)).statusCode).toBe(200);
    const refused = await take(c1, { seats });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({ code: 'seat_taken', message: 'These seats are sold or held and cannot be leased.', seats: [{ section: seats[0].section, row: seats[0].row, seat: seats[0].seat }] });
    expect((await leases()).some((l) => l.reservation_id === c1)).toBe(false);

    // A row range of the same section: every free seat of those rows, not the held one.
    const res = await take(c1, { rows: [{ section: seats[0].section, from: seats[0].row, to: seats[0].row }] });
    expect(res.statusCode, res.body).toBe(201);
    const got = res.json().seats as FreeSeat[];
    expect(got.length).toBeGreaterThan(0);
    expect(got.some((s) => s.row === seats[0].row && s.seat === seats[0].seat)).toBe(false);
    expect(got.every((s) => s.row === seats[0].row)).toBe(true);
    expect((await call('POST', `/api/boxoffice/reservations/${c1}/leases/${res.json().id}/hand-back`)).statusCode).toBe(200);
  });

  it('when a counter asks for N best seats of a section, then it gets the counter\'s best block; a second take is refused while one runs', async () => {
    const c1 = await counter('Counter B');
    const [seat] = await freeSeats(1);
    const res = await take(c1, { best: [{ count: 4, section: seat.section }] });
    expect(res.statusCode, res.body).toBe(201);
    const got = res.json().seats as FreeSeat[];
    expect(got).toHaveLength(4);
    expect(new Set(got.map((s) => s.row)).size).toBe(1); // one block in one row
    const again = await take(c1, { seats: [seat] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('lease_running');
    expect((await call('POST', `/api/boxoffice/reservations/${c1}/leases/${res.json().id}/hand-back`)).statusCode).toBe(200);
  });

  it('when no N seats are free at the price asked, then 409 names the price as the counter shows money', async () => {
    const c = await counter('Counter P');
    const res = await take(c, { best: [{ count: 4, price_ore: 123456 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'not_enough_seats', message: `There are not 4 free seats at ${formatSek(123456)}.` });
    expect(res.json().error.message).toContain('234,56');
  });

  it('when the reservation\'s validity date has passed, then no lease is taken: its counter could sell none of the seats', async () => {
    const c1 = await counter('Counter V');
    await t.db.query(`UPDATE orders SET validity_date = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 hour' WHERE id = $1`, [c1]);
    const [seat] = await freeSeats(1);
    const res = await take(c1, { seats: [seat] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validity_passed', message: expect.stringMatching(/^Sales are closed: this box-office reservation was valid until /) });
    expect((await leases()).some((l) => l.reservation_id === c1)).toBe(false);
  });

  it('when the lease would end after the reservation\'s validity date, then 422 names the date beside the end and no lease is taken', async () => {
    const c1 = await counter('Counter W');
    await t.db.query(`UPDATE orders SET validity_date = date_trunc('minute', now() AT TIME ZONE 'Europe/Stockholm') + interval '1 hour' WHERE id = $1`, [c1]);
    const [seat] = await freeSeats(1);
    const res = await take(c1, { seats: [seat] }, 2);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().validation_errors.ends_at[0]).toMatch(/^The lease must end by \d\d\.\d\d\.\d{4} \d\d:\d\d, when this counter's sales close\.$/);
    expect((await leases()).some((l) => l.reservation_id === c1)).toBe(false);
    const within = await take(c1, { seats: [seat] }, 0.5);
    expect(within.statusCode, within.body).toBe(201);
  });

  it('when the end is missing, past or more than a week away, then 422 says so', async () => {
    const c1 = await counter('Counter E');
    const [seat] = await freeSeats(1);
    for (const [ends_at, message] of [['soon', /date and time/], [inHours(-1), /future/], [inHours(24 * 8), /7 days/]] as const) {
      const res = await call('POST', `/api/boxoffice/reservations/${c1}/leases`, { ends_at, seats: [seat] });
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors.ends_at[0]).toMatch(message);
    }
  });
});

describe('two counters, one seat', () => {
  it('when two counters lease the same seats at the same moment, then exactly one wins and the other is told whose they are', async () => {
    const [c1, c2] = [await counter('Counter R1'), await counter('Counter R2')];
    const seats = await freeSeats(3);
    const answers = await Promise.all([take(c1, { seats }), take(c2, { seats })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().error.code).toBe('seat_leased');
    const holders = (await t.db.query<{ n: number }>(
      `SELECT count(DISTINCT a.lease_id)::int AS n FROM active_seat_lease_places a JOIN map_seats ms ON ms.id = a.seat_id
        WHERE a.event_id = $1 AND ms.row_label = $2 AND ms.seat_label = ANY($3::text[]) AND a.order_id = ANY($4::bigint[])`,
      [stadium, seats[0].row, seats.map((s) => s.seat), [c1, c2]])).rows[0].n;
    expect(holders).toBe(1);
  });

  it('when a lease and a reserve race for a seat, then the seat ends up either leased or reserved, never both', async () => {
    const c1 = await counter('Counter RR');
    const g = await guest();
    const seats = await freeSeats(2);
    const [leased, reserved] = await Promise.all([take(c1, { seats }), reserve(g, seats, promoter)]);
    expect([leased.statusCode === 201, reserved.statusCode === 200].filter(Boolean), `${leased.body} ${reserved.body}`).toHaveLength(1);
    expect(leased.statusCode === 201 ? reserved.statusCode : leased.statusCode).toBe(409);
    const both = await t.db.query(
      `SELECT 1 FROM active_seat_lease_places a JOIN order_items i ON i.event_id = a.event_id AND i.seat_id = a.seat_id AND i.valid AND i.order_id <> a.order_id
        WHERE a.event_id = $1 AND a.order_id = $2`, [stadium, c1]);
    expect(both.rows).toEqual([]);
  });
});

describe('widen, shrink, hand back, revoke, end', () => {
  it('when a counter widens and shrinks its lease, then the seats follow and every map hears each change', async () => {
    const c1 = await counter('Counter W');
    const g = await guest();
    const seats = await freeSeats(4);
    const idx = await Promise.all(seats.map(seatIndex));
    const lease = (await take(c1, { seats: seats.slice(0, 2) })).json();
    const v0 = await version();
    const widened = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/widen`, { seats: seats.slice(2) });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().seats_left).toBe(4);
    const states = await statesSince(v0);
    expect(idx.slice(2).map((i) => states.changed.find((c) => c.seat_index === i)?.leased?.counter)).toEqual(['Counter W', 'Counter W']);

    const v1 = await version();
    const shrunk = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/shrink`, { seats: [seats[0]] });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().seats_left).toBe(3);
    const after = await statesSince(v1);
    expect(after.changed.find((c) => c.seat_index === idx[0])).toMatchObject({ taken: 0 });
    expect(after.changed.find((c) => c.seat_index === idx[0])?.leased ?? null).toBeNull();
    expect((await reserve(g, [seats[0]], promoter)).statusCode).toBe(200);
    expect((await reserve(g, [seats[1]], promoter)).statusCode).toBe(409);
  });

  it('when a counter hands its lease back, then every unsold seat is for sale again at once and sold ones stay sold', async () => {
    const c1 = await counter('Counter H');
    const g = await guest();
    const seats = await freeSeats(3);
    const lease = (await take(c1, { seats })).json();
    expect((await reserve(c1, [seats[0]])).statusCode).toBe(200);
    const v = await version();
    const back = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/hand-back`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().seats).toEqual([]);
    expect((await statesSince(v)).changed.length).toBe(3);
    expect((await reserve(g, seats.slice(1), promoter)).statusCode).toBe(200);
    expect((await reserve(g, [seats[0]], promoter)).statusCode).toBe(409); // sold by the counter
    expect((await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/hand-back`)).statusCode).toBe(409);
  });

  it('when an admin revokes a lease, then its seats are for sale again; a promoter or the box office may not revoke', async () => {
    const c1 = await counter('Counter V');
    const g = await guest();
    const seats = await freeSeats(2);
    const lease = (await take(c1, { seats })).json();
    expect((await call('POST', `/api/seat-leases/${lease.id}/revoke`, {}, promoter)).statusCode).toBe(403);
    expect((await call('POST', `/api/seat-leases/${lease.id}/revoke`, {}, box)).statusCode).toBe(403);
    const revoked = await call('POST', `/api/seat-leases/${lease.id}/revoke`, {}, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await leases()).some((l) => l.id === lease.id)).toBe(false);
    expect((await reserve(g, seats, promoter)).statusCode).toBe(200);
    const widen = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/widen`, { seats: await freeSeats(1) });
    expect(widen.statusCode).toBe(409);
    expect(widen.json().error.code).toBe('lease_ended');
  });

  it('when a lease\'s end passes, then one look of the expiry job returns its unsold seats to every map, once', async () => {
    const c1 = await counter('Counter X');
    const g = await guest();
    const seats = await freeSeats(3);
    const idx = await Promise.all(seats.map(seatIndex));
    const lease = (await take(c1, { seats })).json();
    expect((await reserve(c1, [seats[0]])).statusCode).toBe(200);
    await announceEndedLeases(t.db); // what ended before this test is not its business
    // Time passes: the lease ends (the job's mark is a moment before it, as it is when it looks every second).
    await t.db.query(`UPDATE seat_leases SET ends_at = now() - interval '1 second' WHERE id = $1`, [lease.id]);
    await t.db.query(`UPDATE seat_lease_expiry_scan SET scanned_until = now() - interval '2 seconds'`);
    const v = await version();
    expect(await announceEndedLeases(t.db)).toBe(3);
    const states = await statesSince(v);
    expect(idx.map((i) => states.changed.find((c) => c.seat_index === i)?.taken)).toEqual([1, 0, 0]);
    expect(await announceEndedLeases(t.db)).toBe(0);
    expect((await reserve(g, seats.slice(1), promoter)).statusCode).toBe(200);
    // A new lease may take a seat whose lease ended, even before the job released it.
    const c2 = await counter('Counter X2');
    const [seat] = await freeSeats(1);
    const l2 = (await take(c2, { seats: [seat] })).json();
    await t.db.query(`UPDATE seat_leases SET ends_at = now() - interval '1 second' WHERE id = $1`, [l2.id]);
    expect((await take(c1, { seats: [seat] })).statusCode).toBe(201);
  });

  it('when box-office staff call for another user\'s counter, then 404', async () => {
    const other = await call('POST', '/api/reservations', { event: stadium, title: `Other ${seq++}`, type: 'guest', reserved_until: later }, promoter);
    const res = await take(other.json().id, { seats: await freeSeats(1) });
    expect(res.statusCode).toBe(404);
  });
});

describe('a promoter hiding or releasing leased seats (docs/places.md "Hidden and taken")', () => {
  const hide = (payload: object) => call('POST', `/api/events/${stadium}/hide-seats`, payload, promoter);

  it('when a counter leases seats, then hiding one alone is refused, and "Hide all" leaves them open for the counter to sell', async () => {
    const c = await counter('Counter Hide');
    const seats = await freeSeats(2);
    expect((await take(c, { seats })).statusCode).toBe(201);

    const alone = await hide({ action: 'hide', seats: [seats[0]] });
    expect(alone.statusCode, alone.body).toBe(422);
    expect(alone.json().error).toEqual({ code: 'seat_taken',
      message: `${seats[0].section}, row ${seats[0].row}, seat ${seats[0].seat} is leased to a counter: it cannot be hidden while the lease runs. The counter can hand it back, or an admin can end the lease.` });
    const release = await call('POST', `/api/events/${stadium}/prices`, { seats: [{ ...seats[0], prices: {} }] }, promoter);
    expect(release.statusCode, release.body).toBe(422);

    const all = await hide({ action: 'hide', section: seats[0].section });
    try {
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().kept).toBeGreaterThanOrEqual(2);
      expect(await seatHidden(t, stadium, seats[0])).toBe(false);
      expect(await seatHidden(t, stadium, seats[1])).toBe(false);
      // The counter still sells them: before, the hidden seat's ticket was refused when it reached the server.
      const sold = await reserve(c, seats);
      expect(sold.statusCode, sold.body).toBe(200);
    } finally {
      expect((await hide({ action: 'unhide', section: seats[0].section })).statusCode).toBe(200);
    }
  });
});
