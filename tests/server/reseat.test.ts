import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/**
 * Re-seat (issue 38): PUT api/reservations/{id}/items/{itemId}/seat moves a ticket to another free seat in one
 * transaction, with an audit row, and open maps see both seats change.
 */
let t: TestApp;
let promoter: string;
let promoter2: string;
let boxoffice: string;
let stadium: number;
let seq = 0;
const later = '2099-12-31 23:00:00';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = promoter) => t.call({ method, url, token, payload });
const freeSeats = (n: number, skip = 0): Promise<FreeSeat[]> => freePricedSeats(t, stadium, n, 400 * seq++ + 11 + skip, 'lastSections');
const version = async () => Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0]?.version ?? 0);
const reseat = (id: number, item: number, to: FreeSeat, token = promoter) => call('PUT', `/api/reservations/${id}/items/${item}/seat`, to, token);

async function reservationWith(seat: FreeSeat, type = 'guest', token = promoter) {
  const boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  const body = type === 'boxoffice'
    ? { event: stadium, type, owner: boxUser, validity_date: later, description: '{"extra_fee": 0}' }
    : { event: stadium, type, title: `Re-seat ${seq++}`, reserved_until: later };
  const created = await call('POST', '/api/reservations', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const res = await call('PUT', `/api/reservations/${id}`, { tickets: [{ ...seat, event: stadium }] }, token);
  expect(res.statusCode, res.body).toBe(200);
  return { id, item: res.json().items[0] as { id: number; price: number } };
}

/** A free seat of the stadium whose price for the default ticket type differs from the given seat's (or equals it). */
async function seatPriced(like: FreeSeat, same: boolean): Promise<FreeSeat> {
  const { rows } = await t.db.query<FreeSeat>(
    `WITH priced AS (
       SELECT s.name AS section, ms.row_label AS row, ms.seat_label AS seat, p.price_ore
         FROM events e JOIN map_sections s ON s.map_id = e.map_id AND NOT s.general_admission
         JOIN map_seats ms ON ms.section_id = s.id
         JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id AND NOT es.hidden
         JOIN price_set_items p ON p.price_set_id = es.price_set_id
         JOIN ticket_types tt ON tt.id = p.ticket_type_id AND tt.is_default
         LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
        WHERE e.id = $1 AND ev.seat_id IS NULL),
     free AS (SELECT * FROM priced p WHERE NOT EXISTS (
        SELECT 1 FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections s ON s.id = ms.section_id
         WHERE i.event_id = $1 AND i.valid AND s.name = p.section AND ms.row_label = p.row AND ms.seat_label = p.seat))
     SELECT section, row, seat FROM free
      WHERE (price_ore = (SELECT price_ore FROM priced WHERE section = $2 AND row = $3 AND seat = $4)) = $5
      ORDER BY section DESC, row, seat OFFSET $6 LIMIT 1`,
    [stadium, like.section, like.row, like.seat, same, 37 * seq++]);
  expect(rows[0], `a free seat priced ${same ? 'like' : 'unlike'} ${like.section} ${like.row} ${like.seat}`).toBeDefined();
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2, boxoffice] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
});
afterAll(() => t.close());

describe('re-seat (PUT api/reservations/{id}/items/{itemId}/seat)', () => {
  it('when an unpaid ticket moves to a seat of another price, then it is there at that price, both seats reach open maps, and it is logged', async () => {
    const [from] = await freeSeats(1);
    const { id, item } = await reservationWith(from);
    const to = await seatPriced(from, false);
    const v = await version();
    const res = await reseat(id, item.id, to);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().items.find((i: { id: number }) => i.id === item.id);
    expect(moved).toMatchObject({ section: to.section, row: to.row, seat: to.seat });
    expect(moved.price).not.toBe(item.price);
    const states = (await call('GET', `/api/events/${stadium}/seat-states?since=${v}`)).json();
    expect(states.changed.map((c: { taken: number }) => c.taken).sort()).toEqual([0, 1]);
    const audit = (await t.db.query<{ amounts: { item_id: number; to: FreeSeat } }>(`SELECT amounts FROM audit_log WHERE action = 'ticket.reseat' AND order_id = $1`, [id])).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0].amounts).toMatchObject({ item_id: item.id, to: { section: to.section, row: to.row, seat: to.seat } });
  });

  it('when the new seat is taken, unknown, or the same, then it is refused with a message and nothing moves', async () => {
    const [from, other] = await freeSeats(2);
    const { id, item } = await reservationWith(from);
    await reservationWith(other);
    const taken = await reseat(id, item.id, other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/is taken/);
    expect((await reseat(id, item.id, from)).json().error.code).toBe('same_seat');
    expect((await reseat(id, item.id, { section: from.section, row: from.row, seat: 'no such seat' })).json().error.code).toBe('not_a_seat');
    expect((await reseat(id, 2_147_483_000, other)).json().error.code).toBe('unknown_item');
    // Another promoter's caller does not find the reservation at all.
    expect((await reseat(id, item.id, other, promoter2)).statusCode).toBe(404);
    const after = (await call('GET', `/api/reservations/${id}`)).json().items[0];
    expect(after).toMatchObject({ section: from.section, row: from.row, seat: from.seat });
  });

  it('when a paid box-office ticket moves, then only a seat of the same price takes it', async () => {
    const [from] = await freeSeats(1, 3);
    const { id, item } = await reservationWith(from, 'boxoffice', boxoffice);
    const dearer = await seatPriced(from, false);
    const refused = await reseat(id, item.id, dearer, boxoffice);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('price_differs');
    const same = await seatPriced(from, true);
    const res = await reseat(id, item.id, same, boxoffice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ section: same.section, row: same.row, seat: same.seat, price: item.price });
  });
});
