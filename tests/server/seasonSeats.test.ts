import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, type FreeSeat, freeSeatsInSeasonFamily } from './support/eventFixtures';

/**
 * A season ticket holds its seat in every included event (001 §3 `seasonal_child`; only seats with
 * can_reserve_admin may be reserved, 001 §4). The back office (admin, the promoter, the box office) may not reserve a
 * seat the season holds in an included event, nor in the season a seat an included event has taken; the server
 * refuses it as taken and the section detail says can_reserve_admin false (server/reservations/seasonSeats.ts).
 */
let t: TestApp;
let promoter: string;
let admin: string;
let season: number;
let child: number;
let sibling: number;

type Seat = FreeSeat;
type DetailSeat = { name: string; row: string; seasonal_child: boolean; reserved: boolean; can_reserve_admin: boolean; can_reserve_user: boolean };

/** Seats free in the season and in every included event, priced in both, taken from a different place each call. */
let offset = 0;
async function freeInFamily(n: number): Promise<Seat[]> {
  const rows = await freeSeatsInSeasonFamily(t, season, n, offset, 'front');
  offset += n;
  expect(rows).toHaveLength(n);
  return rows.map(({ section, row, seat }) => ({ section, row, seat }));
}

async function reservation(event: number, token = promoter): Promise<number> {
  const res = await t.call({ method: 'POST', url: '/api/reservations', token, payload: { event, title: 'Season seats', type: 'guest', reserved_until: '2099-12-31 23:00:00' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const reserve = (id: number, event: number, seats: Seat[], token = promoter) =>
  t.call({ method: 'PUT', url: `/api/reservations/${id}`, token, payload: { tickets: seats.map((s) => ({ ...s, event })) } });

async function detailSeat(event: number, seat: Seat): Promise<DetailSeat> {
  const body = (await t.call({ method: 'GET', url: `/api/events/${event}/sections/${encodeURIComponent(seat.section)}`, token: promoter })).json();
  const seats: DetailSeat[] = body.rows.flatMap((r: { seats: DetailSeat[] }) => r.seats);
  return seats.find((s) => s.row === seat.row && s.name === seat.seat)!;
}

beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin')]);
  season = await eventId(t, 'Göta Lejon Season 2027');
  child = await eventId(t, 'Les Misérables (premiere)');
  const others = await t.db.query<{ id: number }>('SELECT id FROM events WHERE seasonal_event_id = $1 AND id <> $2 ORDER BY id LIMIT 1', [season, child]);
  sibling = Number(others.rows[0]!.id);
}, 180_000);
afterAll(async () => t.close());

describe('a seat the season holds, in an included event', () => {
  it('when the season holds a seat, then the included event refuses it as taken (admin and promoter) and it is not can_reserve_admin', async () => {
    const [held, free] = await freeInFamily(2);
    expect(await detailSeat(child, held)).toMatchObject({ seasonal_child: false, can_reserve_admin: true });
    expect((await reserve(await reservation(season), season, [held])).statusCode).toBe(200);

    expect(await detailSeat(child, held)).toMatchObject({ seasonal_child: true, reserved: false, can_reserve_admin: false, can_reserve_user: false });
    expect(await detailSeat(child, free)).toMatchObject({ seasonal_child: false, can_reserve_admin: true });
    for (const token of [promoter, admin]) {
      const refused = await reserve(await reservation(child, token), child, [free, held], token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'seat_taken', message: 'Seat is already taken, please select a new seat.', seats: [{ ...held }] });
    }
    // All or nothing: the free seat of the refused reserve was not kept.
    expect(await detailSeat(child, free)).toMatchObject({ reserved: false, can_reserve_admin: true });
    expect((await reserve(await reservation(child), child, [free])).statusCode).toBe(200);
  });

  it('when the season gives the seat up, then the included event may reserve it again', async () => {
    const [seat] = await freeInFamily(1);
    const id = await reservation(season);
    expect((await reserve(id, season, [seat])).statusCode).toBe(200);
    expect((await reserve(await reservation(child), child, [seat])).statusCode).toBe(409);
    expect((await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: promoter })).statusCode).toBe(200);
    expect(await detailSeat(child, seat)).toMatchObject({ seasonal_child: false, can_reserve_admin: true });
    expect((await reserve(await reservation(child), child, [seat])).statusCode).toBe(200);
  });
});

describe('a seat an included event has taken, in the season', () => {
  it('when an included event has taken a seat, then the season refuses it and says can_reserve_admin false; another included event may still take it', async () => {
    const [seat] = await freeInFamily(1);
    expect((await reserve(await reservation(child), child, [seat])).statusCode).toBe(200);
    expect(await detailSeat(season, seat)).toMatchObject({ seasonal_child: false, reserved: false, can_reserve_admin: false });
    const refused = await reserve(await reservation(season), season, [seat]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.seats).toEqual([{ ...seat }]);
    // Two included events are two evenings: the same seat may go to different people.
    expect((await reserve(await reservation(sibling), sibling, [seat])).statusCode).toBe(200);
  });
});

describe('a season and an included event reserving one seat at once', () => {
  it('when both reserve the same seat together, then exactly one gets it', async () => {
    const seats = await freeInFamily(5);
    for (const seat of seats) {
      const [a, b] = await Promise.all([reservation(season), reservation(child)]);
      const answers = await Promise.all([reserve(a, season, [seat]), reserve(b, child, [seat])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });
});

describe('a ticket moved onto a seat the season holds', () => {
  it('when a ticket of an included event is moved to a seat the season holds, then the move is refused as taken and the ticket stays; a free seat takes it', async () => {
    const [from, held, free] = await freeInFamily(3);
    const id = await reservation(child);
    expect((await reserve(id, child, [from])).statusCode).toBe(200);
    expect((await reserve(await reservation(season), season, [held])).statusCode).toBe(200);
    const item = (await t.call({ method: 'GET', url: `/api/reservations/${id}`, token: promoter })).json().items
      .find((i: { seat: string | null; row: string | null }) => i.seat === from.seat && i.row === from.row);
    const move = (to: Seat) => t.call({ method: 'PUT', url: `/api/reservations/${id}/items/${item.id}/seat`, token: promoter, payload: to });

    const refused = await move(held);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'seat_taken' });
    expect(refused.json().error.message).toContain('taken for the season');
    expect(await detailSeat(child, from)).toMatchObject({ reserved: true });
    expect((await move(free)).statusCode).toBe(200);
    expect(await detailSeat(child, free)).toMatchObject({ reserved: true });
  });
});
