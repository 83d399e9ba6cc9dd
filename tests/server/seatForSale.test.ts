import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { asOldDatabase, eventId, freePricedSeats, freeSeatsInSeasonFamily, type FreeSeat } from './support/eventFixtures';
import { priceSeats } from '../../server/pricing/setPrices';
import { heldOpen, someoneWaits } from './support/heldTransaction';

// A seat with a ticket on it is for sale: priced and not hidden, whichever of a sale and a release (or hide) comes
// first (docs/places.md "Hidden and taken"; 298_taken_seat_for_sale.sql).

let t: TestApp;
let promoter: string;
beforeAll(async () => {
  t = await createTestApp();
  promoter = await t.tokenFor('promoter');
});
afterAll(() => t.close());

const later = '2099-12-31 23:00:00';
const prices = (id: number, payload: object) => t.call({ method: 'POST', url: `/api/events/${id}/prices`, token: promoter, payload });
const hide = (id: number, payload: object) => t.call({ method: 'POST', url: `/api/events/${id}/hide-seats`, token: promoter, payload });
const newGuests = async (id: number, title: string) => {
  const res = await t.call({ method: 'POST', url: '/api/reservations', token: promoter, payload: { event: id, title, type: 'guest', reserved_until: later } });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().id);
};
const reserve = (reservation: number, id: number, seats: FreeSeat[]) =>
  t.call({ method: 'PUT', url: `/api/reservations/${reservation}`, token: promoter, payload: { tickets: seats.map((s) => ({ ...s, event: id })) } });

interface SeatPrice { ticket_type: { name: string }; original_price: number; actual_price: number }
/** The seat as the pricing map's section detail draws it. */
async function seatOf(id: number, s: FreeSeat) {
  const body = (await t.call({ method: 'GET', url: `/api/events/${id}/sections/${encodeURIComponent(s.section)}`, token: promoter })).json();
  const row = body.rows.find((r: { name: string }) => r.name === s.row);
  return row.seats.find((x: { name: string }) => x.name === s.seat) as { prices: SeatPrice[]; hidden: boolean; reserved: boolean };
}
const validTickets = async (id: number, s: FreeSeat) => (await t.db.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections sec ON sec.id = ms.section_id
    WHERE i.event_id = $1 AND i.valid AND sec.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [id, s.section, s.row, s.seat])).rows[0].n;
const mapOf = async (id: number) => Number((await t.db.query<{ map_id: number }>('SELECT map_id FROM events WHERE id = $1', [id])).rows[0].map_id);
/** A ticket on the seat as any path writes one, in `db` (another connection's transaction, or the suite's). */
const writeTicket = (db: { query: TestApp['db']['query'] }, order: number, s: FreeSeat) => db.query(
  `INSERT INTO order_items (order_id, event_id, promoter_id, type, channel, section_id, seat_id, original_price_ore, price_ore, vat_percent)
   SELECT o.id, o.event_id, o.promoter_id, 'ticket', 'guest', ms.section_id, ms.id, 30000, 30000, 6
     FROM orders o JOIN events e ON e.id = o.event_id JOIN map_sections sec ON sec.map_id = e.map_id AND sec.name = $2
     JOIN map_seats ms ON ms.section_id = sec.id AND ms.row_label = $3 AND ms.seat_label = $4 WHERE o.id = $1`,
  [order, s.section, s.row, s.seat]);
describe('a release (or hide) racing a sale of the seat', () => {
  it('when a release commits while a reserve of the seat waits for its lock, then the reserve is refused and the seat ends unpriced and unsold', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const [seat] = await freePricedSeats(t, id, 1, 0, 'lastSections');
    const guests = await newGuests(id, 'Racing a release');
    const map = await mapOf(id);
    // The release in another transaction, which has taken the event's ticket-write lock and unpriced the seat.
    const release = await heldOpen(t, (tx) => priceSeats(tx, id, map, [{ ...seat!, prices: {} }]));
    // The reserve reads the seat (priced: the release has not committed) and then waits for the lock.
    const reserving = reserve(guests, id, [seat!]);
    await someoneWaits(t, release.shared);
    release.commit();
    expect(await release.result).toBe(1);
    await release.close();
    const res = await reserving;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toEqual({ code: 'not_reservable', message: "Seat can't be reserved", seats: [seat] });
    expect(await validTickets(id, seat!)).toBe(0);
    expect((await seatOf(id, seat!)).prices).toEqual([]);
    // Any other path that read the price before the release: the database refuses its ticket.
    await expect(writeTicket(t.db, guests, seat!)).rejects.toMatchObject({
      code: 'SH001', message: `${seat!.section}, row ${seat!.row}, seat ${seat!.seat} has no price: it is not for sale. Choose another seat.` });
  });

  it('when a ticket is written first and a release of its section waits for it, then the release keeps the seat\'s price; released alone the seat is refused', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const [seat] = await freePricedSeats(t, id, 1, 1, 'lastSections');
    const guests = await newGuests(id, 'Selling first');
    const priceBefore = (await seatOf(id, seat!)).prices;
    expect(priceBefore.length).toBeGreaterThan(0);
    const sale = await heldOpen(t, (tx) => writeTicket(tx, guests, seat!));
    const releasing = prices(id, { section: seat!.section, prices: {} });
    await someoneWaits(t, sale.shared);
    sale.commit();
    await sale.result;
    await sale.close();
    const res = await releasing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kept).toBeGreaterThanOrEqual(1);
    expect(await seatOf(id, seat!)).toMatchObject({ prices: priceBefore, reserved: true, hidden: false });
    const alone = await prices(id, { seats: [{ ...seat!, prices: {} }] });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error.code).toBe('seat_taken');
    expect((await hide(id, { action: 'hide', seats: [seat!] })).json().error.code).toBe('seat_taken');
    expect((await prices(id, { section: seat!.section, prices: { Standard: 300 } })).statusCode).toBe(200);
  });

  it('when a write past the pricing map\'s rules would release or hide a taken seat, then the database refuses it, naming the seat', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const [seat] = await freePricedSeats(t, id, 1, 2, 'lastSections');
    await writeTicket(t.db, await newGuests(id, 'Guarded'), seat!);
    const { rows: [ids] } = await t.db.query<{ seat_id: number; section_id: number }>(
      `SELECT ms.id::int AS seat_id, sec.id::int AS section_id FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND sec.name = $2
         JOIN map_seats ms ON ms.section_id = sec.id AND ms.row_label = $3 AND ms.seat_label = $4 WHERE e.id = $1`, [id, seat!.section, seat!.row, seat!.seat]);
    const name = `${seat!.section}, row ${seat!.row}, seat ${seat!.seat}`;
    await expect(t.db.query(
      `INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id) VALUES ($1, $2, true, NULL)
       ON CONFLICT (event_id, seat_id) DO UPDATE SET price_overridden = true, price_set_id = NULL`, [id, ids!.seat_id]))
      .rejects.toMatchObject({ code: 'SP001', message: `${name} is sold or reserved: it cannot be released. Move or refund its ticket first.` });
    await expect(t.db.query('UPDATE event_sections SET price_set_id = NULL WHERE event_id = $1 AND section_id = $2', [id, ids!.section_id]))
      .rejects.toMatchObject({ code: 'SP001' });
    await expect(t.db.query('UPDATE event_sections SET hidden = true WHERE event_id = $1 AND section_id = $2', [id, ids!.section_id]))
      .rejects.toMatchObject({ code: 'SP001', message: expect.stringMatching(new RegExp(`^${seat!.section}, row .+ is sold or reserved: it cannot be hidden\\. Move or refund its ticket first\\.$`)) });
    expect(await seatOf(id, seat!)).toMatchObject({ hidden: false, reserved: true });
    expect((await seatOf(id, seat!)).prices.length).toBeGreaterThan(0);
  });
});

describe('a hold that ended, extended after its seat was released', () => {
  it('when the reservation gets a later reserved until, then it is refused, naming the seat, until its ticket is removed', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const [seat] = await freePricedSeats(t, id, 1, 4, 'lastSections');
    const guests = await newGuests(id, 'Ended hold');
    expect((await reserve(guests, id, [seat!])).statusCode).toBe(200);
    // The hold ends (its reserved-until passes), so the seat is free to release.
    await t.db.query(`UPDATE orders SET reserved_until = now() AT TIME ZONE 'Europe/Stockholm' - interval '1 hour' WHERE id = $1`, [guests]);
    expect((await prices(id, { seats: [{ ...seat!, prices: {} }] })).statusCode).toBe(200);
    const extend = () => t.call({ method: 'PUT', url: `/api/reservations/${guests}`, token: promoter, payload: { reserved_until: later } });
    const refused = await extend();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'not_reservable', seats: [seat],
      message: `${seat!.section}, row ${seat!.row}, seat ${seat!.seat} is no longer for sale: it was released or hidden while the reservation had expired. Remove its ticket, then set a later reserved until.` });
    expect((await seatOf(id, seat!)).reserved).toBe(false);
    await t.db.query('UPDATE order_items SET valid = false WHERE order_id = $1', [guests]);
    expect((await extend()).statusCode).toBe(200);
  });
});

describe('a seat an old database left sold, hidden and unpriced (before 297 and 298)', () => {
  /** A sold seat of the published event's first seated section, made hidden and released on its own. */
  async function spoilSoldSeat(id: number) {
    const { rows: [sold] } = await t.db.query<FreeSeat & { seat_id: number; price_ore: number; ticket_type: string }>(
      `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat, ms.id::int AS seat_id
         FROM event_place_items p JOIN map_seats ms ON ms.id = p.seat_id JOIN map_sections sec ON sec.id = ms.section_id
        WHERE p.event_id = $1 AND p.state = 'sold' ORDER BY sec.position, ms.id LIMIT 1`, [id]);
    await asOldDatabase(t, (tx) => tx.query(
      `INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id, hidden) VALUES ($1, $2, true, NULL, true)
       ON CONFLICT (event_id, seat_id) DO UPDATE SET price_overridden = true, price_set_id = NULL, hidden = true`, [id, sold!.seat_id]));
    return sold!;
  }

  it('when the promoter prices other seats of the published event, hides and unhides one, then it is not blocked; a release that unprices more is still refused', async () => {
    const id = await eventId(t, 'Nordic Lights Live');
    const spoilt = await spoilSoldSeat(id);
    expect((await seatOf(id, spoilt)).prices).toEqual([]);
    const [free] = await freePricedSeats(t, id, 1, 0, 'front');
    const own = (await seatOf(id, free!)).prices;
    const typed = Object.fromEntries(own.map((p) => [p.ticket_type.name, p.actual_price + 10]));
    const priced = await prices(id, { seats: [{ ...free!, prices: typed }] });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await hide(id, { action: 'hide', seats: [free!] })).statusCode).toBe(200);
    expect((await hide(id, { action: 'unhide', seats: [free!] })).statusCode).toBe(200);
    const released = await prices(id, { seats: [{ ...free!, prices: {} }] });
    expect(released.statusCode).toBe(422);
    expect(released.json().error.code).toBe('published_needs_prices');
    expect((await seatOf(id, free!)).prices.map((p) => p.actual_price)).toEqual(own.map((p) => p.actual_price + 10));
  });

  it('when the repair of 298 runs, then a sold seat is open again and priced: by its section when the section has a price, else at its ticket\'s price', async () => {
    const id = await eventId(t, 'Nordic Lights Live');
    const spoilt = await spoilSoldSeat(id);
    // A second section left unpriced whole with sold seats in it.
    const { rows: [other] } = await t.db.query<FreeSeat & { section_id: number; price_ore: number; ticket_type: string }>(
      `SELECT sec.name AS section, sec.id::int AS section_id, ms.row_label AS row, ms.seat_label AS seat, i.original_price_ore AS price_ore, tt.name AS ticket_type
         FROM event_place_items p JOIN order_items i ON i.id = p.order_item_id JOIN ticket_types tt ON tt.id = i.ticket_type_id
         JOIN map_seats ms ON ms.id = p.seat_id JOIN map_sections sec ON sec.id = ms.section_id
        WHERE p.event_id = $1 AND p.state = 'sold' AND sec.name <> $2
          AND NOT EXISTS (SELECT 1 FROM event_seats st WHERE st.event_id = $1 AND st.seat_id = ms.id)
        ORDER BY sec.position DESC, ms.id LIMIT 1`, [id, spoilt.section]);
    await asOldDatabase(t, (tx) => tx.query('UPDATE event_sections SET price_set_id = NULL WHERE event_id = $1 AND section_id = $2', [id, other!.section_id]));
    expect((await seatOf(id, other!)).prices).toEqual([]);

    await t.db.query('SELECT repair_taken_seats_for_sale()');
    const { rows: [neighbour] } = await t.db.query<FreeSeat>(
      `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM map_sections sec JOIN map_seats ms ON ms.section_id = sec.id JOIN events e ON e.map_id = sec.map_id AND e.id = $1
        WHERE sec.name = $2 AND ms.id NOT IN (SELECT seat_id FROM event_seats WHERE event_id = $1) ORDER BY ms.id LIMIT 1`, [id, spoilt.section]);
    expect(await seatOf(id, spoilt)).toMatchObject({ hidden: false, prices: (await seatOf(id, neighbour!)).prices });
    expect((await seatOf(id, other!)).prices).toEqual([expect.objectContaining({ ticket_type: expect.objectContaining({ name: other!.ticket_type }), actual_price: other!.price_ore / 100 })]);
  });
});

describe('the copy wizard\'s prices onto an event with a taken seat', () => {
  it('when the source leaves the seat unpriced, then the copy keeps the seat\'s own price and unprices the rest', async () => {
    const source = await eventId(t, 'Jazz at the Lion');
    const target = await eventId(t, 'Comedy Gala');
    const [seat] = await freePricedSeats(t, target, 1, 3, 'lastSections');
    const before = (await seatOf(target, seat!)).prices;
    expect((await reserve(await newGuests(target, 'Before the copy'), target, [seat!])).statusCode).toBe(200);
    const res = await t.call({ method: 'POST', url: `/api/events/${target}/copy-prices`, token: promoter, payload: { source_event_id: source } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await seatOf(target, seat!)).prices).toEqual(before);
    // Its free neighbour takes the source's prices: none.
    const { rows: [free] } = await t.db.query<FreeSeat>(
      `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND sec.name = $2 JOIN map_seats ms ON ms.section_id = sec.id
        WHERE e.id = $1 AND ms.id NOT IN (SELECT seat_id FROM event_taken_seats WHERE event_id = $1) ORDER BY ms.id LIMIT 1`, [target, seat!.section]);
    expect((await seatOf(source, free!)).prices).toEqual([]);
    expect((await seatOf(target, free!)).prices).toEqual([]);
  });
});

describe('a season\'s seat, for sale in the events included in the season too (299_seat_for_sale_once.sql)', () => {
  it('when the seat is hidden in an included event, then the season cannot sell it; once the season holds it, no write hides or releases it there', async () => {
    const season = await eventId(t, 'Göta Lejon Season 2027');
    const child = await eventId(t, 'Les Misérables (premiere)');
    const [seat] = (await freeSeatsInSeasonFamily(t, season, 1, 0, 'lastSections')).map(({ section, row, seat: s }) => ({ section, row, seat: s }));
    const name = `${seat!.section}, row ${seat!.row}, seat ${seat!.seat}`;
    expect(await seatOf(season, seat!)).toMatchObject({ hidden: false, can_reserve_admin: true });
    expect((await hide(child, { action: 'hide', seats: [seat!] })).statusCode).toBe(200);
    // The season's map says the back office may not reserve it.
    expect(await seatOf(season, seat!)).toMatchObject({ hidden: false, can_reserve_admin: false, can_reserve_user: false });
    // Before, the season sold it: its ticket then admitted to the included event on a seat hidden there.
    const holder = await newGuests(season, 'Season seat');
    const refused = await reserve(holder, season, [seat!]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toEqual({ code: 'not_reservable', message: "Seat can't be reserved", seats: [seat] });
    await expect(writeTicket(t.db, holder, seat!)).rejects.toMatchObject({
      code: 'SH001', message: `${name} is hidden in an event of the season: it is not for sale. Choose another seat.` });
    expect(await validTickets(season, seat!)).toBe(0);

    expect((await hide(child, { action: 'unhide', seats: [seat!] })).statusCode).toBe(200);
    expect(await seatOf(season, seat!)).toMatchObject({ can_reserve_admin: true });
    expect((await reserve(holder, season, [seat!])).statusCode).toBe(200);
    // The season holds the seat in the included event: a write past the pricing map's rules is refused there too.
    const { rows: [ids] } = await t.db.query<{ seat_id: number; section_id: number }>(
      `SELECT ms.id::int AS seat_id, sec.id::int AS section_id FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND sec.name = $2
         JOIN map_seats ms ON ms.section_id = sec.id AND ms.row_label = $3 AND ms.seat_label = $4 WHERE e.id = $1`, [child, seat!.section, seat!.row, seat!.seat]);
    await expect(t.db.query('INSERT INTO event_seats (event_id, seat_id, hidden) VALUES ($1, $2, true)', [child, ids!.seat_id]))
      .rejects.toMatchObject({ code: 'SP001', message: `${name} is sold or reserved: it cannot be hidden. Move or refund its ticket first.` });
    await expect(t.db.query('INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id) VALUES ($1, $2, true, NULL)', [child, ids!.seat_id]))
      .rejects.toMatchObject({ code: 'SP001', message: `${name} is sold or reserved: it cannot be released. Move or refund its ticket first.` });
    await expect(t.db.query('UPDATE event_sections SET hidden = true WHERE event_id = $1 AND section_id = $2', [child, ids!.section_id]))
      .rejects.toMatchObject({ code: 'SP001' });
    expect(await seatOf(child, seat!)).toMatchObject({ hidden: false });
  });

  it('when a season ticket is moved to a seat hidden in an included event, or its ended hold extended over one, then both are refused', async () => {
    const season = await eventId(t, 'Göta Lejon Season 2027');
    const child = await eventId(t, 'Les Misérables (premiere)');
    const [held, other] = (await freeSeatsInSeasonFamily(t, season, 2, 1, 'lastSections')).map(({ section, row, seat: s }) => ({ section, row, seat: s }));
    const holder = await newGuests(season, 'Season seat moved');
    expect((await reserve(holder, season, [held!])).statusCode).toBe(200);
    const { rows: [item] } = await t.db.query<{ id: number }>('SELECT id::int FROM order_items WHERE order_id = $1 AND valid', [holder]);
    expect((await hide(child, { action: 'hide', seats: [other!] })).statusCode).toBe(200);
    const moved = await t.call({ method: 'PUT', url: `/api/reservations/${holder}/items/${item!.id}/seat`, token: promoter, payload: other });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().error.code).toBe('not_reservable');
    expect(await validTickets(season, held!)).toBe(1);

    // The hold ends, so the seat is free to hide in the included event; its extension is then refused.
    await t.db.query(`UPDATE orders SET reserved_until = now() AT TIME ZONE 'Europe/Stockholm' - interval '1 hour' WHERE id = $1`, [holder]);
    expect((await hide(child, { action: 'hide', seats: [held!] })).statusCode).toBe(200);
    const extended = await t.call({ method: 'PUT', url: `/api/reservations/${holder}`, token: promoter, payload: { reserved_until: later } });
    expect(extended.statusCode).toBe(422);
    expect(extended.json().error).toMatchObject({ code: 'not_reservable', seats: [held] });
  });
});
