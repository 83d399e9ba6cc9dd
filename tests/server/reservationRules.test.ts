import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, multipart, type FreeSeat } from './support/eventFixtures';

/**
 * Reservation rules beyond the core reserve (issues 17, 19, 20): pricing and hiding tell open maps, who may reserve a seat in the
 * section detail, sub-reservations, kids' tickets and sends with the blacklist, the merchandise price audit.
 */
let t: TestApp;
let promoter: string;
let promoter2: string;
let admin: string;
let stadium: number;
let corporateId: number;
let seq = 0;

type Seat = FreeSeat;

/** Free, priced, visible seats of an event, from the back of each section (other suites take them from elsewhere). */
const freeSeats = (event: number, n: number): Promise<Seat[]> => freePricedSeats(t, event, n, 100 * seq++, 'sectionEnds');

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) => t.call({ method, url, token, payload });
const later = '2099-12-31 23:00:00';
const version = async () => (await call('GET', `/api/events/${stadium}/seat-states`, promoter)).json().version as number;
const since = async (v: number) => (await call('GET', `/api/events/${stadium}/seat-states?since=${v}`, promoter)).json();

async function newReservation(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', '/api/reservations', promoter, { event: stadium, title: `Leftovers ${seq}`, type: 'guest', reserved_until: later, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}
const ticketsOf = (seats: Seat[]) => ({ tickets: seats.map((s) => ({ ...s, event: stadium })) });
const userId = async (where: string) => Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE ${where} ORDER BY id LIMIT 1`)).rows[0].id);

beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2'), t.tokenFor('admin')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  corporateId = await userId(`email = 'corporate@demo.test'`);
});
afterAll(() => t.close());

describe('pricing and hiding tell open maps (GET api/events/{id}/seat-states?since=)', () => {
  it('when seats are hidden and unhidden, then a map older than that reloads and a map after it does not', async () => {
    const [seat] = await freeSeats(stadium, 1);
    const before = await version();
    const hide = await call('POST', `/api/events/${stadium}/hide-seats`, promoter, { action: 'hide', seats: [seat] });
    expect(hide.statusCode).toBe(200);
    const afterHide = await since(before);
    expect(afterHide).toMatchObject({ version: before + 1, reload: true });
    expect((await since(afterHide.version)).reload).toBe(false);
    expect((await call('POST', `/api/events/${stadium}/hide-seats`, promoter, { action: 'unhide', seats: [seat] })).statusCode).toBe(200);
    expect(await since(afterHide.version)).toMatchObject({ version: afterHide.version + 1, reload: true });
  });

  it('when a section is priced again, then open maps reload; a reserve after it is a plain delta again', async () => {
    const [seat] = await freeSeats(stadium, 1);
    const detail = (await call('GET', `/api/events/${stadium}/sections/${encodeURIComponent(seat.section)}`, promoter)).json();
    const priced = detail.rows.flatMap((r: { seats: { prices: { ticket_type: { name: string }; original_price: number }[] }[] }) => r.seats).find((s: { prices: unknown[] }) => s.prices.length > 0);
    const prices = Object.fromEntries(priced.prices.map((p: { ticket_type: { name: string }; original_price: number }) => [p.ticket_type.name, p.original_price]));
    const before = await version();
    const res = await call('POST', `/api/events/${stadium}/prices`, promoter, { section: seat.section, prices });
    expect(res.statusCode).toBe(200);
    const now = await since(before);
    expect(now.reload).toBe(true);
    const id = await newReservation();
    expect((await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf([seat]))).statusCode).toBe(200);
    const delta = await since(now.version);
    expect(delta.reload).toBe(false);
    expect(delta.changed).toHaveLength(1);
  });
});

describe('who may reserve a seat (GET api/events/{id}/sections/{section})', () => {
  it('when a section is read, then each seat says whether an admin and a user may reserve it, and prices carry actual_price', async () => {
    const [seat] = await freeSeats(stadium, 1);
    const id = await newReservation();
    expect((await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf([seat]))).statusCode).toBe(200);
    const res = await call('GET', `/api/events/${stadium}/sections/${encodeURIComponent(seat.section)}`, promoter);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    type S = { name: string; row: string; hidden: boolean; reserved: boolean; handicapped: boolean; can_reserve_admin: boolean; can_reserve_user: boolean; prices: { original_price: number; actual_price: number }[] };
    const all: S[] = body.rows.flatMap((r: { seats: S[] }) => r.seats);
    const mine = all.find((s) => s.row === seat.row && s.name === seat.seat)!;
    expect(mine).toMatchObject({ reserved: true, can_reserve_admin: false, can_reserve_user: false });
    for (const s of all) {
      expect(s.can_reserve_admin).toBe(!s.hidden && !s.reserved && s.prices.length > 0);
      expect(s.can_reserve_user).toBe(s.can_reserve_admin && !s.handicapped);
      for (const p of s.prices) expect(p.actual_price).toBe(p.original_price);
    }
    expect(body.stats.can_reserve_admin).toBe(all.filter((s) => s.can_reserve_admin).length);
    expect(body.stats.can_reserve_admin).toBeGreaterThan(0);
  });
});

describe('sub-reservations (PUT api/reservations/{id} {sub_reservation})', () => {
  it('when tickets split off to a person, then the sub-reservation holds them under the reservation; it can be changed and deleted', async () => {
    const id = await newReservation({ type: 'corporate', owner: corporateId, title: 'Split box' });
    const items = (await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf(await freeSeats(stadium, 3)))).json().items as { id: number }[];
    const attendee = await userId(`type = 'attendee' AND status = 'active'`);
    const made = await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { owner: attendee, title: 'For Anna', items: [{ id: items[0].id }, { id: items[1].id }] } });
    expect(made.statusCode).toBe(200);
    const body = made.json();
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([items[2].id]);
    expect(body.sub_reservations).toHaveLength(1);
    const sub = body.sub_reservations[0];
    expect(sub).toMatchObject({ title: 'For Anna', valid: true, owner: { id: attendee } });
    expect(sub.items.map((i: { id: number; sub_reservation: number }) => [i.id, i.sub_reservation])).toEqual([[items[0].id, sub.id], [items[1].id, sub.id]]);
    // The reservation still counts its sub-reservations' tickets, and its tickets can be assigned and removed from it.
    const list = (await call('GET', `/api/events/${stadium}/reservations`, promoter)).json();
    expect(list.collection.find((r: { id: number }) => r.id === id).tickets).toEqual({ assigned: 0, total: 3 });
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[0].id, user: { id: attendee }, is_child: false }] })).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/reservations/${id}`, promoter);
    expect(refused.statusCode).toBe(409);
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[0].id, user: null }] })).statusCode).toBe(200);
    // The corporate app sees the reservation's tickets wherever they sit.
    const corporate = await t.tokenFor('corporate');
    expect((await call('GET', `/api/corporate-app/reservations/${id}`, corporate)).json().tickets.total).toBe(3);

    const changed = await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { id: sub.id, items: [{ id: items[1].id }, { id: items[2].id }] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().items.map((i: { id: number }) => i.id)).toEqual([items[0].id]);
    expect(changed.json().sub_reservations[0].items.map((i: { id: number }) => i.id)).toEqual([items[1].id, items[2].id]);

    const removed = await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[2].id, valid: false }] });
    expect(removed.json().sub_reservations[0].items.map((i: { id: number }) => i.id)).toEqual([items[1].id]);

    const dissolved = await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { id: sub.id, items: [] } });
    expect(dissolved.statusCode).toBe(200);
    expect(dissolved.json().sub_reservations).toEqual([]);
    expect(dissolved.json().items.map((i: { id: number }) => i.id)).toEqual([items[0].id, items[1].id]);
    expect((await call('GET', `/api/reservations/${sub.id}`, promoter)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reservations/${id}`, promoter)).statusCode).toBe(200);
  });

  it('when a sub-reservation names unknown tickets, nothing, another reservation\'s one, a blacklisted owner or nests, then it is refused', async () => {
    const id = await newReservation();
    const items = (await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf(await freeSeats(stadium, 2)))).json().items as { id: number }[];
    const other = await newReservation();
    const otherItem = (await call('PUT', `/api/reservations/${other}`, promoter, ticketsOf(await freeSeats(stadium, 1)))).json().items[0].id;
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { items: [{ id: otherItem }] } })).json().error.code).toBe('unknown_item');
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { items: [] } })).json().validation_errors.items).toBeDefined();
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { id: other, items: [] } })).statusCode).toBe(404);
    expect((await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { items: [{ id: items[0].id }, { id: items[0].id }] } })).statusCode).toBe(422);
    const listed = await userId(`type = 'attendee' AND status = 'active' AND phone IS NOT NULL`);
    await t.db.query(
      `INSERT INTO blacklist_entries (promoter_id, user_id, expire_date) SELECT promoter_id, $2, current_date + 30 FROM orders WHERE id = $1
       ON CONFLICT (promoter_id, user_id) DO UPDATE SET expire_date = EXCLUDED.expire_date`, [id, listed]);
    const black = await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { owner: listed, items: [{ id: items[0].id }] } });
    expect(black.json().error.code).toBe('blacklisted');
    const blackAssign = await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[0].id, user: { id: listed }, is_child: false }] });
    expect(blackAssign.json().error.code).toBe('blacklisted');
    await t.db.query('DELETE FROM blacklist_entries WHERE user_id = $1', [listed]);
    const sub = (await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: { items: [{ id: items[0].id }] } })).json().sub_reservations[0];
    expect((await call('PUT', `/api/reservations/${sub.id}`, promoter, { sub_reservation: { items: [{ id: items[0].id }] } })).json().error.code).toBe('nested_sub_reservation');
    expect((await call('PUT', `/api/reservations/${id}`, promoter2, { sub_reservation: { items: [{ id: items[1].id }] } })).statusCode).toBe(404);
    expect((await call('PUT', `/api/reservations/${id}`, admin, { sub_reservation: { id: sub.id, items: [{ id: items[0].id }, { id: items[1].id }] } })).statusCode).toBe(200);
    for (const bad of [{ items: [{ id: 0 }] }, { id: 2147483648, items: [] }, { items: 'x' }, { owner: 'x', items: [] }, { title: 'a\u0000b', items: [] }]) {
      const res = await call('PUT', `/api/reservations/${id}`, promoter, { sub_reservation: bad });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('kids\' tickets (items [{id, user: {id}, is_child: true}])', () => {
  it('when the event allows kids, then a free ticket goes as a kid\'s ticket to a person holding an adult one, else it is refused', async () => {
    const id = await newReservation();
    const items = (await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf(await freeSeats(stadium, 3)))).json().items as { id: number }[];
    const attendee = await userId(`type = 'attendee' AND status = 'active'`);
    await t.db.query('UPDATE events SET kids_allowed = false WHERE id = $1', [stadium]);
    const notAllowed = await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[0].id, user: { id: attendee }, is_child: false }, { id: items[1].id, user: { id: attendee }, is_child: true }] });
    expect(notAllowed.statusCode).toBe(422);
    expect(notAllowed.json().error.message).toBe("This event does not allow kids' tickets.");
    await t.db.query('UPDATE events SET kids_allowed = true WHERE id = $1', [stadium]);
    const alone = await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[1].id, user: { id: attendee }, is_child: true }] });
    expect(alone.json().error.code).toBe('kid_needs_adult');
    const both = await call('PUT', `/api/reservations/${id}`, promoter, { items: [{ id: items[0].id, user: { id: attendee }, is_child: false }, { id: items[1].id, user: { id: attendee }, is_child: true }] });
    expect(both.statusCode).toBe(200);
    expect(both.json().items.slice(0, 2).map((i: { is_child: boolean; user: { id: number } }) => [i.is_child, i.user.id])).toEqual([[false, attendee], [true, attendee]]);
  });

  it('when a corporate sends a kid\'s ticket with the same person\'s ticket, then it is sent; alone or to a blacklisted person it is refused', async () => {
    const corporate = await t.tokenFor('corporate');
    await t.db.query('UPDATE events SET kids_allowed = true WHERE id = $1', [stadium]);
    const id = await newReservation({ type: 'corporate', owner: corporateId, title: 'Family box' });
    const items = (await call('PUT', `/api/reservations/${id}`, promoter, ticketsOf(await freeSeats(stadium, 3)))).json().items as { id: number }[];
    const erik = (await call('GET', `/api/events/${stadium}/tickets/friend?phone=46701007919`, corporate)).json().user;
    const assign = (body: Record<string, unknown>) => call('PUT', `/api/reservations/${id}`, corporate, body);
    expect((await assign({ items: [{ id: items[1].id, user: { id: erik.id }, is_child: true }] })).json().error.code).toBe('kid_needs_adult');
    expect((await assign({ items: [{ id: items[0].id, user: { id: erik.id }, is_child: false }] })).statusCode).toBe(200);
    const kid = await assign({ items: [{ id: items[1].id, user: { id: erik.id }, is_child: true }] });
    expect(kid.statusCode).toBe(200);
    expect(kid.json().items.find((i: { id: number }) => i.id === items[1].id)).toMatchObject({ is_child: true, user: { id: erik.id } });
    expect((await call('GET', `/api/corporate-app/reservations/${id}`, corporate)).json().tickets).toMatchObject({ total: 3, sent: 2 });
    await t.db.query(
      `INSERT INTO blacklist_entries (promoter_id, user_id, expire_date) SELECT promoter_id, $2, current_date + 30 FROM orders WHERE id = $1
       ON CONFLICT (promoter_id, user_id) DO UPDATE SET expire_date = EXCLUDED.expire_date`, [id, erik.id]);
    const black = await assign({ items: [{ id: items[2].id, user: { id: erik.id }, is_child: true }] });
    expect(black.json().error.code).toBe('blacklisted');
    await t.db.query('DELETE FROM blacklist_entries WHERE user_id = $1', [erik.id]);
  });
});

describe('the audit log of merchandise price changes (GET api/logs?action=merchandise.price)', () => {
  it('when an item\'s or a gift card\'s price changes, then one row says who, the item and old and new price; the same price writes none', async () => {
    const event = await eventId(t, 'Nordic Lights Live');
    const types = (await call('GET', '/api/merchandise-types', promoter)).json().data as { id: number; alias: string }[];
    const fields = (price: string): Record<string, string> => ({
      ...Object.fromEntries((['en', 'sv'] as const).flatMap((l) => [
        [`translations[${l}][name]`, `Audit cap ${l}`], [`translations[${l}][description]`, 'Cap'],
        [`translations[${l}][delivery_description]`, 'Pick up'], [`translations[${l}][size_fit_description]`, 'One size'],
      ])),
      type: String(types.find((x) => x.alias === 'clothing')!.id), price, quantity: '20', sku: 'CAP-1', has_options: '0', refundable: '1', age_restricted: '0',
    });
    const made = await t.call({ method: 'POST', url: `/api/events/${event}/merchandises`, token: promoter, ...multipart(fields('199')) });
    expect(made.statusCode).toBeLessThan(300);
    const item = made.json().id as number;
    const save = (price: string) => t.call({ method: 'POST', url: `/api/events/${event}/merchandises/${item}`, token: promoter, ...multipart({ ...fields(price), _method: 'put' }) });
    expect((await save('249.50')).statusCode).toBe(200);
    expect((await save('249.50')).statusCode).toBe(200);
    const log = (await call('GET', `/api/logs?action=merchandise.price&event_id=${event}`, admin)).json();
    const rows = log.collection.filter((r: { amounts: { merchandise_id: number } }) => r.amounts.merchandise_id === item);
    expect(rows).toHaveLength(1);
    const me = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'promoter@demo.test'`)).rows[0].id);
    expect(rows[0]).toMatchObject({ action: 'merchandise.price', event: { id: event }, user: { id: me }, amounts: { old_price_ore: 19900, new_price_ore: 24950 } });

    const card = await t.call({ method: 'POST', url: '/api/merchandise', token: promoter, ...multipart({
      'translations[en][name]': 'Audit gift card', 'translations[sv][name]': 'Audit gift card', 'translations[en][description]': 'Any',
      'translations[sv][description]': 'Allt', 'translations[en][deliveryDescription]': 'Email', 'translations[en][sizeFitDescription]': 'One',
      price: '250', quantity: '10', isRefundable: '0', maxAmountCanBeSoldInGeneral: '5' }) });
    expect(card.statusCode).toBeLessThan(300);
    const cardId = card.json().id as number;
    const edit = await t.call({ method: 'PUT', url: `/api/merchandise/${cardId}`, token: promoter, ...multipart({
      'translations[en][name]': 'Audit gift card', 'translations[sv][name]': 'Audit gift card', 'translations[en][description]': 'Any',
      'translations[sv][description]': 'Allt', 'translations[en][deliveryDescription]': 'Email', 'translations[en][sizeFitDescription]': 'One',
      price: '300', quantity: '10', isRefundable: '0', maxAmountCanBeSoldInGeneral: '5' }) });
    expect(edit.statusCode).toBe(200);
    const cards = (await call('GET', '/api/logs?action=merchandise.price', admin)).json().collection.filter((r: { amounts: { merchandise_id: number } }) => r.amounts.merchandise_id === cardId);
    expect(cards.map((r: { amounts: unknown }) => r.amounts)).toEqual([{ merchandise_id: cardId, old_price_ore: 25000, new_price_ore: 30000 }]);
    expect((await call('GET', '/api/logs?action=merchandise.price', promoter)).statusCode).toBe(403);
  });
});
