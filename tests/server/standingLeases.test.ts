import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineTicketText, type OfflineTicketLine } from '../../src/domain/offlineTicket';
import { announceEndedLeases } from '../../server/seat-leases/leaseExpiry';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, type FreeSeat } from './support/eventFixtures';

/**
 * Standing places in a seat lease, and leases against the season (issue 35; docs/boxoffice.md "Standing places in a
 * lease", "Leases and the season"): a lease holds N places of a standing area, which count as taken for every other
 * order while it runs and come back when it ends; the counter sells them offline and the replay applies each sale once.
 * A seat the event's season family holds is neither leased nor sold by a replay.
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

interface Area { id: number; name: string }
let area: Area;
let areaType: string;

async function counter(event = stadium): Promise<number> {
  const res = await call('POST', '/api/reservations', { event, type: 'boxoffice', owner: boxUser, validity_date: later, description: '{"extra_fee": 0}' }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function guest(event = stadium): Promise<number> {
  const res = await call('POST', '/api/reservations', { event, title: `Guests ${seq++}`, type: 'guest', reserved_until: later }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const take = (id: number, body: object) => call('POST', `/api/boxoffice/reservations/${id}/leases`, { ends_at: inHours(2), ...body });
const standing = (count: number) => ({ standing: [{ section: area.name, count }] });
const reservePlaces = (id: number, count: number, token = promoter) =>
  call('PUT', `/api/reservations/${id}`, { tickets: [{ event: stadium, section: area.name, count }] }, token);
/** Valid standing tickets of the area, and its released places. */
async function areaCounts(): Promise<{ taken: number; released: number }> {
  const { rows } = await t.db.query<{ taken: number; released: number }>(
    `SELECT (SELECT count(*) FROM order_items WHERE event_id = $1 AND section_id = $2 AND seat_id IS NULL AND type = 'ticket' AND valid)::int AS taken,
            seats_count AS released FROM event_sections WHERE event_id = $1 AND section_id = $2`, [stadium, area.id]);
  return rows[0]!;
}
/** The area keeps exactly `free` places free for everyone (no lease running on it): each test starts from a known count. */
async function leaveFree(free: number) {
  await t.db.query(`UPDATE seat_leases SET ended_at = now() WHERE event_id = $1 AND ended_at IS NULL AND id IN (SELECT lease_id FROM seat_lease_standing)`, [stadium]);
  const { taken } = await areaCounts();
  await t.db.query('UPDATE event_sections SET seats_count = $3 WHERE event_id = $1 AND section_id = $2', [stadium, area.id, taken + free]);
}
const leaseOf = async (leaseId: number) => {
  const all = (await call('GET', `/api/events/${stadium}/seat-leases`)).json().collection as { id: number; standing: { section: string; places: number; sold: number; left: number }[] }[];
  return all.find((l) => l.id === leaseId);
};

beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin, box] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  const { rows } = await t.db.query<Area>(
    `SELECT s.id::int, s.name FROM event_sections es JOIN map_sections s ON s.id = es.section_id
      WHERE es.event_id = $1 AND s.general_admission AND es.seats_count > 0 AND es.price_set_id IS NOT NULL AND NOT coalesce(es.hidden, false)
      ORDER BY s.position LIMIT 1`, [stadium]);
  area = rows[0]!;
  areaType = (await t.db.query<{ name: string }>(
    `SELECT tt.name FROM price_set_items i JOIN ticket_types tt ON tt.id = i.ticket_type_id JOIN event_sections es ON es.price_set_id = i.price_set_id
      WHERE es.event_id = $1 AND es.section_id = $2 ORDER BY tt.is_default DESC, tt.position LIMIT 1`, [stadium, area.id])).rows[0]!.name;
}, 180_000);
afterAll(() => t.close());

describe('standing places in a lease', () => {
  it('when a counter leases N places of a standing area, then everyone else has N fewer, the counter sells them, and no lease or reserve oversells', async () => {
    await leaveFree(5);
    const [c1, c2, g] = [await counter(), await counter(), await guest()];
    const res = await take(c1, standing(3));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().standing).toEqual([{ section_id: area.id, section: area.name, places: 3, sold: 0, left: 3 }]);
    expect(res.json().seats).toEqual([]);

    // Others: 2 places are free, not 5. A reserve of 3 is refused, a lease of 3 too; 2 can be reserved.
    const refused = await reservePlaces(g, 3);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'no_free_places', message: `Only 2 free place(s) left in ${area.name}.` });
    const other = await take(c2, standing(3));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'not_enough_places', message: `There are not 3 free places in ${area.name}: 2 left.` });
    expect((await reservePlaces(g, 2)).statusCode).toBe(200);
    expect((await reservePlaces(g, 1)).statusCode).toBe(409);

    // The counter sells 2 of its 3: they leave the lease, and the area is full, never over.
    const sold = await call('PUT', `/api/reservations/${c1}`, { tickets: [{ event: stadium, section: area.name, count: 2 }] });
    expect(sold.statusCode, sold.body).toBe(200);
    expect((await leaseOf(res.json().id))?.standing[0]).toMatchObject({ places: 3, sold: 2, left: 1 });
    expect((await call('PUT', `/api/reservations/${c1}`, { tickets: [{ event: stadium, section: area.name, count: 2 }] })).statusCode).toBe(409);
    const { taken, released } = await areaCounts();
    expect(taken + 1).toBe(released);
  });

  it('when leases and reserves race for the last places of an area, then no more are taken than the area has', async () => {
    await leaveFree(3);
    const [c1, c2, g1, g2] = [await counter(), await counter(), await guest(), await guest()];
    const results = await Promise.all([take(c1, standing(2)), reservePlaces(g1, 2), take(c2, standing(2)), reservePlaces(g2, 2)]);
    const won = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    expect(results.every((r) => [200, 201, 409].includes(r.statusCode))).toBe(true);
    expect(won).toHaveLength(1);
    const { taken, released } = await areaCounts();
    const { rows } = await t.db.query<{ n: number }>('SELECT coalesce(sum(places), 0)::int AS n FROM active_standing_lease_places WHERE event_id = $1 AND section_id = $2', [stadium, area.id]);
    expect(taken + rows[0]!.n).toBe(released - 1);
  });

  it('when a lease is handed back or ends by its time, then its unsold places are free for everyone, announced to the maps', async () => {
    await leaveFree(4);
    const [c1, g] = [await counter(), await guest()];
    const lease = (await take(c1, standing(4))).json();
    expect((await call('PUT', `/api/reservations/${c1}`, { tickets: [{ event: stadium, section: area.name, count: 1 }] })).statusCode).toBe(200);
    expect((await reservePlaces(g, 1)).statusCode).toBe(409);
    const back = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/hand-back`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await reservePlaces(g, 3)).statusCode).toBe(200);

    // By its time: the expiry job's one look announces the area, and the places are free again.
    await leaveFree(2);
    const c2 = await counter();
    const short = (await take(c2, standing(2))).json();
    expect((await reservePlaces(g, 1)).statusCode).toBe(409);
    await announceEndedLeases(t.db);
    await t.db.query(`UPDATE seat_leases SET ends_at = now() - interval '1 second' WHERE id = $1`, [short.id]);
    await t.db.query(`UPDATE seat_lease_expiry_scan SET scanned_until = now() - interval '2 seconds'`);
    const v = Number((await t.db.query<{ version: number }>('SELECT version FROM event_seat_versions WHERE event_id = $1', [stadium])).rows[0]!.version);
    expect(await announceEndedLeases(t.db)).toBe(1);
    const states = (await call('GET', `/api/events/${stadium}/seat-states?since=${v}`)).json() as { changed: { section_id: number; seat_index: number | null }[] };
    expect(states.changed).toContainEqual(expect.objectContaining({ section_id: area.id, seat_index: null }));
    expect((await reservePlaces(g, 2)).statusCode).toBe(200);
  });

  it('when places are handed back from a running lease, then only unsold ones go, and a lease of a seated section\'s name as standing is refused', async () => {
    await leaveFree(5);
    const c1 = await counter();
    const lease = (await take(c1, standing(3))).json();
    const shrunk = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/shrink`, standing(2));
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().standing[0]).toMatchObject({ places: 1, left: 1 });
    const widened = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/widen`, standing(4));
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json().standing[0]).toMatchObject({ places: 5, left: 5 });
    expect((await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/widen`, standing(1))).statusCode).toBe(409);
    const seated = (await t.db.query<{ name: string }>(
      'SELECT s.name FROM events e JOIN map_sections s ON s.map_id = e.map_id WHERE e.id = $1 AND NOT s.general_admission LIMIT 1', [stadium])).rows[0]!.name;
    const wrong = await call('POST', `/api/boxoffice/reservations/${c1}/leases/${lease.id}/widen`, { standing: [{ section: seated, count: 1 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().validation_errors.standing).toEqual([`There is no standing area ${seated}.`]);
  });
});

interface Counter { id: number; lease: number; key: KeyObject; event: number }

async function withKey(id: number, leaseId: number, event: number): Promise<Counter> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const reg = await call('POST', `/api/boxoffice/reservations/${id}/leases/${leaseId}/key`, { public_key: publicKey.export({ format: 'jwk' }).x! });
  expect(reg.statusCode, reg.body).toBe(204);
  return { id, lease: leaseId, key: privateKey, event };
}
function offlineSale(c: Counter, lines: OfflineTicketLine[]) {
  const key = randomUUID();
  const tickets = lines.map((line) => ({ ...line, signature: sign(null, Buffer.from(offlineTicketText(c.lease, key, line)), c.key).toString('base64url') }));
  return { key, lease: c.lease, seq: ++seq, sold_at: new Date().toISOString(), tickets, tender: { method: 'cash', given_ore: null } };
}

describe('standing places sold offline', () => {
  it('when a sale of leased standing places is replayed, then each place is sold once with its own ticket, and replaying it again (alone or in a batch) changes nothing', async () => {
    await leaveFree(3);
    const id = await counter();
    const lease = (await take(id, standing(3))).json();
    const c = await withKey(id, lease.id, stadium);
    const body = offlineSale(c, [{ section: area.name, place: 1, ticket_type: areaType }, { section: area.name, place: 2, ticket_type: areaType }]);
    const first = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, body);
    expect(first.statusCode, first.body).toBe(200);
    const tickets = first.json().tickets as { row: string | null; seat: string | null; place: number; item_id: number | null; conflict: boolean }[];
    expect(tickets.map((x) => [x.row, x.seat, x.place, x.conflict])).toEqual([[null, null, 1, false], [null, null, 2, false]]);
    expect(new Set(tickets.map((x) => x.item_id)).size).toBe(2);
    expect(tickets.every((x) => x.item_id !== null)).toBe(true);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ sold: 2, left: 1 });

    const placesOf = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND section_id = $2 AND valid AND type = 'ticket'`, [id, area.id])).rows[0]!.n;
    expect(await placesOf()).toBe(2);
    const again = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const batch = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales/batch`, { sales: [body] });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().results[0]).toMatchObject({ status: 200, sale: first.json() });
    expect(await placesOf()).toBe(2);

    // The place left is the counter's: another order cannot take it; a second sale from the lease replays in a batch.
    expect((await reservePlaces(await guest(), 1)).statusCode).toBe(409);
    const last = offlineSale(c, [{ section: area.name, place: 1, ticket_type: areaType }]);
    const res = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales/batch`, { sales: [last] });
    expect(res.json().results[0]).toMatchObject({ status: 200, sale: { outcome: 'applied' } });
    expect(await placesOf()).toBe(3);
  });

  it('when a standing ticket is sent without its place number, or its number is changed, then the sale is refused and nothing is sold', async () => {
    await leaveFree(2);
    const id = await counter();
    const c = await withKey(id, (await take(id, standing(2))).json().id, stadium);
    const body = offlineSale(c, [{ section: area.name, place: 1, ticket_type: areaType }]);
    const noPlace = { ...body, tickets: body.tickets.map(({ place: _place, ...rest }) => rest) };
    expect((await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, noPlace)).json().error.code).toBe('bad_ticket');
    const moved = { ...body, tickets: body.tickets.map((x) => ({ ...x, place: 2 })) };
    expect((await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, moved)).json().error.code).toBe('bad_signature');
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND valid`, [id])).rows[0]!.n).toBe(0);
  });
});

/**
 * A standing ticket the counter sold from its lease and that is released at the counter or refunded later goes back
 * to the lease while it runs, as a leased seat does (294_standing_lease_returns.sql); otherwise to general sale.
 */
describe('a standing ticket from a lease, given back', () => {
  /** The counter's valid standing tickets of the area, oldest first, with what paid them. */
  const ticketsOf = async (id: number) => (await t.db.query<{ id: number; payment_id: number; price_ore: number }>(
    `SELECT id::int, payment_id::int, price_ore FROM order_items WHERE order_id = $1 AND section_id = $2 AND seat_id IS NULL AND type = 'ticket' AND valid ORDER BY id`,
    [id, area.id])).rows;
  const sell = (id: number, count: number) => call('PUT', `/api/reservations/${id}`, { tickets: [{ event: stadium, section: area.name, count }] });
  const release = (id: number, itemId: number) => call('PUT', `/api/reservations/${id}`, { items: [{ id: itemId, valid: false }] });
  const refund = (id: number, item: { id: number; payment_id: number; price_ore: number }) => call('POST', '/api/refund', {
    order_id: id, items: [{ id: item.id, keep_valid: false, item_payments: [{ id: item.payment_id, original_price_decrease: item.price_ore / 100, net_price_decrease: Math.round(item.price_ore / 1.06) / 100 }] }],
  }, admin);

  it('when a ticket sold from a running lease is released at the counter or refunded by the back office, then its place is back in the lease: nobody else takes it, and the counter sells it again, offline too', async () => {
    await leaveFree(3);
    const id = await counter();
    const lease = (await take(id, standing(3))).json();
    expect((await sell(id, 3)).statusCode).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ sold: 3, left: 0 });
    const [first, second] = await ticketsOf(id);

    const released = await release(id, first!.id);
    expect(released.statusCode, released.body).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ places: 3, sold: 2, left: 1 });
    const refunded = await refund(id, second!);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ places: 3, sold: 1, left: 2 });

    // The two places are the counter's, not general sale; the area is as full as before.
    const g = await guest();
    const refused = await reservePlaces(g, 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(`Only 0 free place(s) left in ${area.name}.`);
    // Offline, the counter sells both again: the replay applies, and the lease and the area are full, never over.
    const c = await withKey(id, lease.id, stadium);
    const sale = offlineSale(c, [{ section: area.name, place: 1, ticket_type: areaType }, { section: area.name, place: 2, ticket_type: areaType }]);
    const replayed = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, sale);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ sold: 3, left: 0 });
    expect((await sell(id, 1)).statusCode).toBe(409);
    const { taken, released: places } = await areaCounts();
    expect(taken).toBe(places);
  });

  it('when a ticket was sold outside the lease, or the lease has ended, then a place given back is for general sale', async () => {
    await leaveFree(3);
    const id = await counter();
    // Sold before the counter had a lease: general sale.
    expect((await sell(id, 1)).statusCode).toBe(200);
    const [before] = await ticketsOf(id);
    const lease = (await take(id, standing(1))).json();
    expect((await sell(id, 1)).statusCode).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ sold: 1, left: 0 });
    expect((await release(id, before!.id)).statusCode).toBe(200);
    expect((await leaseOf(lease.id))?.standing[0]).toMatchObject({ sold: 1, left: 0 });
    const g = await guest();
    expect((await reservePlaces(g, 2)).statusCode).toBe(200);
    expect((await reservePlaces(g, 1)).statusCode).toBe(409);

    // The lease handed back, its sold ticket refunded: general sale.
    expect((await call('POST', `/api/boxoffice/reservations/${id}/leases/${lease.id}/hand-back`, {})).statusCode).toBe(200);
    const [fromLease] = await ticketsOf(id);
    expect((await refund(id, fromLease!)).statusCode).toBe(200);
    expect((await reservePlaces(g, 1)).statusCode).toBe(200);
    const { taken, released } = await areaCounts();
    expect(taken).toBe(released);
  });
});

describe('leases and the season', () => {
  let season: number;
  let child: number;
  let childType: string;
  let offset = 0;
  /** Seats free, unleased and priced in the season and every included event (as seasonSeats.test.ts picks them). */
  async function freeInFamily(n: number): Promise<FreeSeat[]> {
    const { rows } = await t.db.query<FreeSeat>(
      `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
         FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND NOT sec.general_admission
         JOIN map_seats ms ON ms.section_id = sec.id
        WHERE e.id = $1 AND NOT ms.accessible
          AND NOT EXISTS (SELECT 1 FROM order_items i JOIN events x ON x.id = i.event_id
                           WHERE i.seat_id = ms.id AND i.valid AND (x.id = $1 OR x.seasonal_event_id = $1))
          AND NOT EXISTS (SELECT 1 FROM events x JOIN event_seats ev ON ev.event_id = x.id AND ev.seat_id = ms.id
                           WHERE x.id = $1 OR x.seasonal_event_id = $1)
          AND NOT EXISTS (SELECT 1 FROM events x JOIN active_seat_lease_places a ON a.event_id = x.id AND a.seat_id = ms.id
                           WHERE x.id = $1 OR x.seasonal_event_id = $1)
          AND NOT EXISTS (SELECT 1 FROM events x JOIN event_sections es ON es.event_id = x.id AND es.section_id = sec.id
                           WHERE (x.id = $1 OR x.seasonal_event_id = $1) AND (es.price_set_id IS NULL OR es.hidden))
        ORDER BY sec.position DESC, ms.seat_index DESC LIMIT $2 OFFSET $3`,
      [season, n, offset]);
    offset += n;
    expect(rows).toHaveLength(n);
    return rows;
  }
  const reserveIn = (id: number, event: number, seats: FreeSeat[]) => call('PUT', `/api/reservations/${id}`, { tickets: seats.map((s) => ({ ...s, event })) }, promoter);

  beforeAll(async () => {
    season = await eventId(t, 'Göta Lejon Season 2027');
    child = await eventId(t, 'Les Misérables (premiere)');
    childType = (await t.db.query<{ name: string }>('SELECT name FROM ticket_types WHERE event_id = $1 ORDER BY is_default DESC, position, id LIMIT 1', [child])).rows[0]!.name;
  });

  it('when the season holds a seat, then an included event\'s counter cannot lease it: named, it is refused as taken; in a row, it is left out', async () => {
    const [held, next] = await freeInFamily(2);
    expect((await reserveIn(await guest(season), season, [held!])).statusCode).toBe(200);
    const id = await counter(child);
    const named = await take(id, { seats: [held, next] });
    expect(named.statusCode, named.body).toBe(409);
    expect(named.json().error).toEqual({ code: 'seat_taken', message: 'These seats are sold or held and cannot be leased.', seats: [{ section: held!.section, row: held!.row, seat: held!.seat }] });
    const row = await take(id, { rows: [{ section: held!.section, from: held!.row, to: held!.row }] });
    expect(row.statusCode, row.body).toBe(201);
    const leased = (row.json().seats as FreeSeat[]).map((s) => `${s.row}|${s.seat}`);
    expect(leased).not.toContain(`${held!.row}|${held!.seat}`);
  });

  it('when a seat is hidden in an included event, then the season\'s counter cannot lease it: named, it is refused; in a row, it is left out', async () => {
    const [hidden] = await freeInFamily(1);
    const hide = await call('POST', `/api/events/${child}/hide-seats`, { action: 'hide', seats: [hidden] }, promoter);
    expect(hide.statusCode, hide.body).toBe(200);
    const id = await counter(season);
    const named = await take(id, { seats: [hidden] });
    expect(named.statusCode, named.body).toBe(422);
    expect(named.json().error).toMatchObject({ code: 'not_reservable', seats: [{ section: hidden!.section, row: hidden!.row, seat: hidden!.seat }] });
    const row = await take(id, { rows: [{ section: hidden!.section, from: hidden!.row, to: hidden!.row }] });
    expect(row.statusCode, row.body).toBe(201);
    const leased = (row.json().seats as FreeSeat[]).map((s) => `${s.row}|${s.seat}`);
    expect(leased.length).toBeGreaterThan(0);
    expect(leased).not.toContain(`${hidden!.row}|${hidden!.seat}`);
  });

  it('when an included event\'s counter leases a seat, then the season can neither sell nor lease it while the lease runs', async () => {
    const [seat] = await freeInFamily(1);
    const id = await counter(child);
    expect((await take(id, { seats: [seat] })).statusCode).toBe(201);
    const sold = await reserveIn(await guest(season), season, [seat!]);
    expect(sold.statusCode, sold.body).toBe(409);
    expect(sold.json().error).toMatchObject({ code: 'seat_leased', seats: [seat] });
    const leased = await take(await counter(season), { seats: [seat] });
    expect(leased.statusCode, leased.body).toBe(409);
    expect(leased.json().error.code).toBe('seat_leased');
  });

  it('when the season sells a seat of an included event\'s revoked lease that the counter sold offline, then the replay is a conflict the operator sees, and the seat is not sold twice', async () => {
    const [seat] = await freeInFamily(1);
    const id = await counter(child);
    const lease = await take(id, { seats: [seat] });
    expect(lease.statusCode, lease.body).toBe(201);
    const c = await withKey(id, lease.json().id, child);
    expect((await call('POST', `/api/seat-leases/${c.lease}/revoke`, {}, admin)).statusCode).toBe(200);
    expect((await reserveIn(await guest(season), season, [seat!])).statusCode).toBe(200);
    const res = await call('POST', `/api/boxoffice/reservations/${id}/offline-sales`, offlineSale(c, [{ ...seat!, ticket_type: childType }]));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ outcome: 'conflict', code: 'seat_taken', tickets: [{ ...seat, item_id: null, conflict: true }] });
    expect(res.json().message).toMatch(/Offer the customer other seats or a refund/);
    const list = (await call('GET', `/api/boxoffice/reservations/${id}/offline-sales`)).json().collection;
    expect(list.map((s: { outcome: string }) => s.outcome)).toEqual(['conflict']);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_items WHERE order_id = $1 AND valid`, [id])).rows[0]!.n).toBe(0);
  });
});
