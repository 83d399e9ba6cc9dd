import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_NO_ADD_SEATS, PAID_NO_HOLD_END, paidRemoveByRefund } from '../../src/domain/reservations';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/** Event reservations (001 §2, §4, §5, §7 "Reservations", §8): every body, every message, scoping, the seat race. */
let t: TestApp;
let promoter: string;
let promoter2: string;
let admin: string;
let stadium: number;
let corporateId: number;
let seq = 0;

type Seat = FreeSeat;

/** Free, priced, visible seats of an event from the last sections, skipping `skip` of them (each call moves on). */
const freeSeats = (event: number, n: number, skip = 0): Promise<Seat[]> => freePricedSeats(t, event, n, skip + 200 * seq++, 'lastSections');

const create = (payload: Record<string, unknown>, token = promoter) => t.call({ method: 'POST', url: '/api/reservations', token, payload });
const update = (id: number, payload: Record<string, unknown>, token = promoter) => t.call({ method: 'PUT', url: `/api/reservations/${id}`, token, payload });
const get = (id: number, token = promoter) => t.call({ method: 'GET', url: `/api/reservations/${id}`, token });
const remove = (id: number, token = promoter) => t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token });
const later = '2099-12-31 23:00:00';

async function newReservation(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await create({ event: stadium, title: `Guests ${seq}`, type: 'guest', reserved_until: later, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const ticketsOf = (seats: Seat[], extra: Record<string, unknown> = {}) => ({ tickets: seats.map((s) => ({ ...s, event: stadium, ...extra })) });

beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2'), t.tokenFor('admin')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  corporateId = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'corporate@demo.test'`)).rows[0].id);
});
afterAll(() => t.close());

describe('create a reservation (POST api/reservations)', () => {
  it('when title, type and reserved until are given, then it is created with no tickets', async () => {
    const res = await create({ event: stadium, title: 'Press guests', description: 'Press row', type: 'guest', reserved_until: later });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Press guests', description: 'Press row', type: 'guest', reserved_until: later, items: [], event: { id: stadium } });
  });

  it('when the title is blank or a corporate reservation has no corporate, then "Required!"', async () => {
    const res = await create({ event: stadium, title: ' ', type: 'corporate', reserved_until: later });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ title: ['Required!'], owner: ['Required!'] });
  });

  it('when a corporate reservation names the event promoter\'s corporate, then the list shows its name', async () => {
    const id = await newReservation({ type: 'corporate', owner: corporateId, title: 'Volvo box' });
    expect((await get(id)).json()).toMatchObject({ type: 'corporate', corporate_id: corporateId, owner: { id: corporateId, name: 'Volvo Hospitality' } });
    const list = (await t.call({ method: 'GET', url: `/api/events/${stadium}/reservations`, token: promoter })).json();
    expect(list.collection.find((r: { id: number }) => r.id === id)).toMatchObject({ corporate: { id: corporateId, name: 'Volvo Hospitality' }, tickets: { assigned: 0, total: 0 } });
  });

  it('when the corporate is another promoter\'s, or the event is, then it is refused', async () => {
    const other = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'corporate2@demo.test'`)).rows[0].id);
    expect((await create({ event: stadium, title: 'x', type: 'corporate', owner: other, reserved_until: later })).json().validation_errors.owner).toBeDefined();
    expect((await create({ event: stadium, title: 'x', type: 'guest', reserved_until: later }, promoter2)).statusCode).toBe(404);
  });

  it('when the input is bad, then 4xx and never 5xx', async () => {
    for (const payload of [
      { event: stadium, title: 'x', type: 'boxoffice', reserved_until: later },
      { event: stadium, title: 'x', type: 'guest', reserved_until: 'tomorrow' },
      { event: 2147483648, title: 'x', type: 'guest', reserved_until: later },
      { event: stadium, title: 'a\u0000b', type: 'guest', reserved_until: later },
      { event: stadium, title: 'x', type: 'guest', reserved_until: '2026-13-45 99:99:99' },
      { event: stadium, title: 'x', type: 'guest', reserved_until: '2026-02-30 10:00:00' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('the reservation\'s 001 §3 fields (ticket_vat, fees_vat, total_fees, events)', () => {
  it('when a reservation has tickets and fee items, then it answers its VAT rates, the valid fees summed, and its event', async () => {
    const id = await newReservation();
    expect((await update(id, ticketsOf(await freeSeats(stadium, 2)))).statusCode).toBe(200);
    const { rows: [order] } = await t.db.query<{ ticket_vat: string; fees_vat: string; promoter_id: number }>('SELECT ticket_vat, fees_vat, promoter_id FROM orders WHERE id = $1', [id]);
    const before = (await get(id)).json();
    expect(before).toMatchObject({ ticket_vat: Number(order.ticket_vat), fees_vat: Number(order.fees_vat), total_fees: 0, events: [{ id: stadium, name: 'Midsummer Stadium Night' }] });
    // Two fee items of 25 SEK and 12.50 SEK, and one no longer valid that counts for nothing.
    await t.db.query(
      `INSERT INTO order_items (order_id, event_id, promoter_id, type, fee_type, channel, original_price_ore, price_ore, vat_percent, valid)
       SELECT $1, $2, $3, 'fee', f.type, 'guest', f.ore, f.ore, 25, f.valid
         FROM (VALUES ('ticket_admin_fee', 2500, true), ('ticket_service_fee', 1250, true), ('ticket_service_fee', 9900, false)) AS f(type, ore, valid)`,
      [id, stadium, order.promoter_id]);
    expect((await get(id)).json().total_fees).toBe(37.5);
  });

  it('when a reservation is on a season, then events lists the season first and its included events by start', async () => {
    const season = await eventId(t, 'Göta Lejon Season 2027');
    const res = await create({ event: season, title: 'Season guests', type: 'guest', reserved_until: later });
    expect(res.statusCode).toBe(201);
    const children = (await t.db.query<{ id: number; name: string }>(
      `SELECT e.id, t.name FROM events e JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
        WHERE e.seasonal_event_id = $1 ORDER BY e.start_date, e.id`, [season])).rows.map((r) => ({ id: Number(r.id), name: r.name }));
    expect(children.length).toBeGreaterThan(1);
    expect(res.json().events).toEqual([{ id: season, name: 'Göta Lejon Season 2027' }, ...children]);
  });
});

describe('reserve tickets (PUT {tickets})', () => {
  it('when free priced seats are reserved, then they become the reservation\'s tickets and the map shows them taken', async () => {
    const id = await newReservation();
    const seats = await freeSeats(stadium, 3);
    const before = (await t.call({ method: 'GET', url: `/api/events/${stadium}/seat-states`, token: promoter })).json().version;
    const res = await update(id, ticketsOf(seats));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: Seat) => ({ section: i.section, row: i.row, seat: i.seat }))).toEqual(seats);
    expect(body.items.every((i: { valid: boolean; price: number; ticket_type: { name: string } }) => i.valid && i.price > 0 && i.ticket_type.name === 'Standard')).toBe(true);
    const states = (await t.call({ method: 'GET', url: `/api/events/${stadium}/seat-states?since=${before}`, token: promoter })).json();
    expect(states.version).toBe(before + 1);
    expect(states.changed).toHaveLength(3);
    expect(states.changed.every((c: { taken: number }) => c.taken === 1)).toBe(true);
    const list = (await t.call({ method: 'GET', url: `/api/events/${stadium}/reservations`, token: promoter })).json();
    expect(list.collection.find((r: { id: number }) => r.id === id).tickets).toEqual({ assigned: 0, total: 3 });
  });

  it('when the map reserves asking for no answer (Prefer: return=minimal), then 204 and the tickets are the reservation\'s', async () => {
    const id = await newReservation();
    const seats = await freeSeats(stadium, 2);
    const res = await t.call({ method: 'PUT', url: `/api/reservations/${id}`, token: promoter, payload: ticketsOf(seats), headers: { prefer: 'return=minimal' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['preference-applied']).toBe('return=minimal');
    expect(res.body).toBe('');
    expect((await get(id)).json().items.map((i: Seat) => ({ section: i.section, row: i.row, seat: i.seat }))).toEqual(seats);
    // A refusal still answers with its error and seats.
    const taken = await t.call({ method: 'PUT', url: `/api/reservations/${await newReservation()}`, token: promoter, payload: ticketsOf([seats[0]]), headers: { prefer: 'return=minimal' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.seats).toEqual([seats[0]]);
  });

  it('when a ticket type is chosen per seat, then each ticket has that type and its price', async () => {
    const id = await newReservation();
    const [a, b] = await freeSeats(stadium, 2);
    const res = await update(id, { tickets: [{ ...a, event: stadium, ticket_type: 'Student' }, { ...b, event: stadium, ticket_type: 'Standard' }] });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { ticket_type: { name: string }; price: number }[];
    expect(items.map((i) => i.ticket_type.name).sort()).toEqual(['Standard', 'Student']);
  });

  it('when a seat is already taken, then 409 "Seat is already taken, please select a new seat." names it and nothing is reserved', async () => {
    const first = await newReservation();
    const second = await newReservation();
    const [a, b] = await freeSeats(stadium, 2);
    expect((await update(first, ticketsOf([a]))).statusCode).toBe(200);
    const res = await update(second, ticketsOf([b, a]));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'seat_taken', message: 'Seat is already taken, please select a new seat.', seats: [{ ...a }] });
    expect((await get(second)).json().items).toEqual([]);
  });

  it('when a seat is hidden, unpriced, unknown or of another event, then "Seat can\'t be reserved" (or the event is refused)', async () => {
    const id = await newReservation();
    const [hidden] = await freeSeats(stadium, 1);
    await t.db.query(
      `INSERT INTO event_seats (event_id, seat_id, hidden)
       SELECT $1, ms.id, true FROM map_seats ms JOIN map_sections s ON s.id = ms.section_id JOIN events e ON e.map_id = s.map_id
        WHERE e.id = $1 AND s.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, hidden.section, hidden.row, hidden.seat]);
    let res = await update(id, ticketsOf([hidden]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'not_reservable', message: "Seat can't be reserved", seats: [hidden] });
    res = await update(id, ticketsOf([{ section: hidden.section, row: hidden.row, seat: 'no-such-seat' }]));
    expect(res.json().error.code).toBe('not_reservable');
    const festival = await eventId(t, 'Summer Festival 2027'); // same stadium map, nothing priced
    const unpriced = await create({ event: festival, title: 'Early guests', type: 'guest', reserved_until: later });
    res = await update(unpriced.json().id, { tickets: [{ ...hidden, row: hidden.row, seat: String(Number(hidden.seat) + 1), event: festival }] });
    expect(res.json().error.message).toBe("Seat can't be reserved");
    const [free] = await freeSeats(stadium, 1);
    res = await update(id, { tickets: [{ ...free, event: festival }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('other_event');
  });

  it('when standing places are asked for, then that many places are reserved, and no more than are free', async () => {
    const { rows } = await t.db.query<{ name: string; seats_count: number; taken: number }>(
      `SELECT s.name, es.seats_count, (SELECT count(*)::int FROM order_items i WHERE i.event_id = $1 AND i.section_id = s.id AND i.valid AND i.seat_id IS NULL) AS taken
         FROM event_sections es JOIN map_sections s ON s.id = es.section_id
        WHERE es.event_id = $1 AND s.general_admission AND es.seats_count > 0 AND es.price_set_id IS NOT NULL ORDER BY s.position LIMIT 1`, [stadium]);
    expect(rows).toHaveLength(1);
    const area = rows[0];
    const id = await newReservation();
    const res = await update(id, { tickets: [{ section: area.name, event: stadium, count: 4 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.filter((i: { general_admission: boolean }) => i.general_admission)).toHaveLength(4);
    const free = area.seats_count - area.taken - 4;
    const over = await update(id, { tickets: [{ section: area.name, event: stadium, count: free + 1 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(`Only ${free} free place(s) left in ${area.name}.`);
  });

  it('when a standing area\'s last free places are asked for, then they are taken automatically and the next place is refused', async () => {
    // The promoter's priced standing area with the fewest free places left (a few thousand at most in the seed).
    const { rows } = await t.db.query<{ event: number; name: string; left: number }>(
      `SELECT e.id::int AS event, s.name,
              es.seats_count - (SELECT count(*)::int FROM order_items i WHERE i.event_id = e.id AND i.section_id = s.id AND i.valid AND i.seat_id IS NULL) AS left
         FROM events e JOIN event_sections es ON es.event_id = e.id JOIN map_sections s ON s.id = es.section_id
        WHERE e.promoter_id = (SELECT promoter_id FROM events WHERE id = $1) AND e.entity_type = 'ordinary' AND e.seasonal_event_id IS NULL
          AND s.general_admission AND es.price_set_id IS NOT NULL AND NOT es.hidden
        ORDER BY 3 <= 0, 3 LIMIT 1`, [stadium]);
    const area = rows[0]!;
    expect(area.left).toBeGreaterThan(0);
    const reservation = async () => (await create({ event: area.event, title: 'Last places', type: 'guest', reserved_until: later })).json().id as number;
    const all = await update(await reservation(), { tickets: [{ section: area.name, event: area.event, count: area.left }] });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.filter((i: { general_admission: boolean; section: string }) => i.general_admission && i.section === area.name)).toHaveLength(area.left);
    const more = await update(await reservation(), { tickets: [{ section: area.name, event: area.event, count: 1 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({ code: 'no_free_places', message: `Only 0 free place(s) left in ${area.name}.` });
  });

  it('when 50 reserve calls race for one seat, then exactly one wins and the others hear 409', async () => {
    const [seat] = await freeSeats(stadium, 1);
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => newReservation({ title: `Race ${i}` })));
    const results = await Promise.all(ids.map((id) => update(id, ticketsOf([seat]))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(49);
    const { rows } = await t.db.query(
      `SELECT i.id FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections s ON s.id = ms.section_id
        WHERE i.event_id = $1 AND i.valid AND s.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, seat.section, seat.row, seat.seat]);
    expect(rows).toHaveLength(1);
  });
});

describe('holds that expire', () => {
  it('when a reservation\'s reserved until has passed, then its seats read as free and the next reserve takes them', async () => {
    const old = await newReservation();
    const [seat] = await freeSeats(stadium, 1);
    expect((await update(old, ticketsOf([seat]))).statusCode).toBe(200);
    await t.db.query(`UPDATE orders SET reserved_until = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 minute' WHERE id = $1`, [old]);
    const seatId = (await t.db.query<{ seat_id: number }>(`SELECT seat_id FROM order_items WHERE order_id = $1`, [old])).rows[0].seat_id;
    expect((await t.db.query('SELECT 1 FROM event_taken_seats WHERE event_id = $1 AND seat_id = $2', [stadium, seatId])).rows).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: `/api/events/${stadium}/reservations`, token: promoter })).json().collection.find((r: { id: number }) => r.id === old).expired).toBe(true);
    const fresh = await newReservation();
    expect((await update(fresh, ticketsOf([seat]))).statusCode).toBe(200);
    expect((await get(old)).json()).toMatchObject({ status: 'expired', items: [] });
    expect((await update(old, ticketsOf(await freeSeats(stadium, 1)))).json().error.code).toBe('reservation_expired');
  });
});

describe('a paid reservation (no reserved until)', () => {
  it('when only its title changes, then it is saved without a reserved until; giving it one is refused', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM orders WHERE type = 'corporate' AND status = 'completed' AND reserved_until IS NULL AND parent_id IS NULL ORDER BY id LIMIT 1`);
    expect(rows).toHaveLength(1);
    const id = Number(rows[0].id);
    const saved = await update(id, { title: 'Renamed hospitality', description: '' }, admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Renamed hospitality', status: 'completed', reserved_until: null });
    const refused = await update(id, { title: 'Renamed again', reserved_until: later }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validation_errors).toEqual({ reserved_until: [PAID_NO_HOLD_END] });
    expect((await get(id, admin)).json()).toMatchObject({ title: 'Renamed hospitality', reserved_until: null });
  });

  it('when seats are added to it, then it is refused with the reason and nothing is reserved; a hold of the same event still takes them', async () => {
    const { rows } = await t.db.query<{ id: number; event_id: number }>(
      `SELECT id, event_id FROM orders WHERE type = 'corporate' AND status = 'completed' AND parent_id IS NULL ORDER BY id LIMIT 1`);
    const [{ id, event_id: event }] = rows.map((r) => ({ id: Number(r.id), event_id: Number(r.event_id) }));
    const before = (await get(id, admin)).json().items.length;
    const seats = await freeSeats(event, 2);
    const refused = await update(id, { tickets: seats.map((s) => ({ ...s, event })) }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'reservation_paid', message: PAID_NO_ADD_SEATS });
    expect((await get(id, admin)).json().items).toHaveLength(before);
    const hold = await newReservation({ event });
    expect((await update(hold, { tickets: seats.map((s) => ({ ...s, event })) })).statusCode).toBe(200);
  });

  it('when a paid ticket is removed, then it is refused with the way to take it back (a refund) and the ticket stays valid and paid', async () => {
    const { rows } = await t.db.query<{ id: number; item: number }>(
      `SELECT o.id, i.id AS item FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.type = 'corporate' AND o.status = 'completed' AND o.parent_id IS NULL AND i.type = 'ticket' AND i.valid
          AND i.payment_id IS NOT NULL AND i.sold_at IS NOT NULL
        ORDER BY o.id, i.id LIMIT 1`);
    const [{ id, item }] = rows.map((r) => ({ id: Number(r.id), item: Number(r.item) }));
    const before = (await get(id, admin)).json().items.find((i: { id: number }) => i.id === item);
    expect(before.paid).not.toBeNull();
    const refused = await update(id, { items: [{ id: item, valid: false }] }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'ticket_paid', message: paidRemoveByRefund(id, true) });
    expect((await get(id, admin)).json().items.find((i: { id: number }) => i.id === item)).toMatchObject({ valid: true, paid: before.paid });
  });

  it('when it is deleted with no ticket assigned, then it is refused like Remove: its paid tickets stay valid and it stays', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT o.id FROM orders o WHERE o.type = 'corporate' AND o.status = 'completed' AND o.parent_id IS NULL
          AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.valid AND i.payment_id IS NOT NULL AND i.sold_at IS NOT NULL)
        ORDER BY o.id DESC LIMIT 1`);
    const id = Number(rows[0].id);
    const items = (await get(id, admin)).json().items as { id: number; user: unknown; paid: number | null }[];
    const back = await update(id, { items: items.filter((i) => i.user).map((i) => ({ id: i.id, user: null })) }, admin);
    expect(back.statusCode).toBe(200);
    const refused = await remove(id, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'ticket_paid', message: paidRemoveByRefund(id, true) });
    const after = (await get(id, admin)).json();
    expect(after.status).toBe('completed');
    expect(after.items.map((i: { id: number; valid: boolean }) => [i.id, i.valid])).toEqual(items.map((i) => [i.id, true]));
  });
});

describe('tickets in a reservation (PUT {items})', () => {
  it('when a ticket is removed, then it is invalid and its seat is free at once', async () => {
    const id = await newReservation();
    const seats = await freeSeats(stadium, 2);
    const items = (await update(id, ticketsOf(seats))).json().items as { id: number }[];
    const res = await update(id, { items: [{ id: items[0].id, valid: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([items[1].id]);
    const other = await newReservation();
    expect((await update(other, ticketsOf([seats[0]]))).statusCode).toBe(200);
    expect((await update(id, { items: [{ id: items[0].id, valid: false }] })).statusCode).toBe(422);
  });

  it('when a ticket is assigned, then it counts as sent, and delete is refused until it is taken back', async () => {
    const id = await newReservation();
    const items = (await update(id, ticketsOf(await freeSeats(stadium, 2)))).json().items as { id: number }[];
    const attendee = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE type = 'attendee' AND status = 'active' ORDER BY id LIMIT 1`)).rows[0].id);
    const res = await update(id, { items: [{ id: items[0].id, user: { id: attendee }, is_child: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].user.id).toBe(attendee);
    const list = (await t.call({ method: 'GET', url: `/api/events/${stadium}/reservations`, token: promoter })).json();
    expect(list.collection.find((r: { id: number }) => r.id === id).tickets).toEqual({ assigned: 1, total: 2 });
    expect(list.statistics.guest.sent).toBeGreaterThanOrEqual(1);
    const refused = await remove(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Can't delete reservation. Check if tickets are still assigned.");
    expect((await update(id, { items: [{ id: items[0].id, user: null }] })).statusCode).toBe(200);
    const deleted = await remove(id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Reservation deleted.' });
    expect((await get(id)).statusCode).toBe(404);
  });

  it('when a deleted reservation\'s seats are reserved again, then they are free', async () => {
    const id = await newReservation();
    const seats = await freeSeats(stadium, 2);
    expect((await update(id, ticketsOf(seats))).statusCode).toBe(200);
    expect((await remove(id)).statusCode).toBe(200);
    expect((await update(await newReservation(), ticketsOf(seats))).statusCode).toBe(200);
  });
});

describe('reservation details (PUT {title, description, owner, reserved_until})', () => {
  it('when the details change, then they are saved; the corporate cannot change; two kinds at once are refused', async () => {
    const id = await newReservation({ type: 'corporate', owner: corporateId });
    const res = await update(id, { title: 'Renamed', description: 'New text', reserved_until: '2099-01-01 10:00:00' });
    expect(res.json()).toMatchObject({ title: 'Renamed', description: 'New text', reserved_until: '2099-01-01 10:00:00' });
    expect((await update(id, { title: '' })).json().validation_errors).toEqual({ title: ['Required!'] });
    const admin1 = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@demo.test'`)).rows[0].id);
    expect((await update(id, { owner: admin1 })).json().validation_errors.owner).toEqual(['The corporate of a reservation cannot change.']);
    expect((await update(id, { title: 'x', items: [{ id: 1, valid: false }] })).json().error.code).toBe('one_change');
    expect((await update(id, {})).statusCode).toBe(422);
  });
});

describe('promoter scoping', () => {
  it('when another promoter reads, changes or deletes a reservation, then 404; an admin may', async () => {
    const id = await newReservation();
    expect((await get(id, promoter2)).statusCode).toBe(404);
    expect((await update(id, { title: 'x' }, promoter2)).statusCode).toBe(404);
    expect((await remove(id, promoter2)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${stadium}/reservations`, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${stadium}/seat-states`, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/events/${stadium}/corporates`, token: promoter2 })).statusCode).toBe(404);
    const list = (await t.call({ method: 'GET', url: `/api/reservations?event=${stadium}`, token: promoter2 })).json();
    expect(list.count).toBe(0);
    expect((await get(id, admin)).statusCode).toBe(200);
    const corporate = await t.tokenFor('corporate');
    expect((await get(id, corporate)).statusCode).toBe(403);
  });

  it('when the reservations list is filtered, then it answers {collection, count} of the caller\'s own', async () => {
    const id = await newReservation({ title: 'Findable VIPs', type: 'vip' });
    const res = (await t.call({ method: 'GET', url: `/api/reservations?event=${stadium}&types=guest,vip&search=Findable&page=1&per_page=10`, token: promoter })).json();
    expect(res.count).toBe(1);
    expect(res.collection[0]).toMatchObject({ id, type: 'vip', title: 'Findable VIPs' });
  });
});

describe('service fees and corporates', () => {
  it('when a promoter asks for service fees, then its own bands answer; an admin without promoter gets the defaults', async () => {
    const own = (await t.call({ method: 'GET', url: '/api/service-fees', token: promoter })).json().collection;
    expect(own[0]).toMatchObject({ fixed: 15, price_min: 0, price_max: 200 });
    const p2 = (await t.call({ method: 'GET', url: '/api/service-fees?promoter=1', token: promoter2 })).json().collection;
    expect(p2[0].fixed).toBe(20); // forced to their own promoter
    const defaults = (await t.call({ method: 'GET', url: '/api/service-fees', token: admin })).json().collection;
    expect(defaults.map((b: { fixed: number }) => b.fixed)).toEqual([15, 25, 40]);
    expect(defaults.at(-1).price_max).toBeNull();
  });

  it('when the corporate select loads, then it lists the event promoter\'s corporates only', async () => {
    const res = (await t.call({ method: 'GET', url: `/api/events/${stadium}/corporates`, token: promoter })).json();
    expect(res.collection).toContainEqual({ id: corporateId, name: 'Volvo Hospitality' });
    expect(res.collection.map((c: { name: string }) => c.name)).not.toContain('Ericsson Guests');
  });
});
