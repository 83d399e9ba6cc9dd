import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineTicketQr, offlineTicketText } from '../../src/domain/offlineTicket';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats, type FreeSeat } from './support/eventFixtures';

/**
 * Offline sales from a seat lease (issue 35; docs/boxoffice.md "Selling offline"): the counter's key is registered
 * with its lease, each replayed sale is checked against it, applied once per idempotency key, and a sale the database
 * cannot honour (the lease revoked and the seat sold elsewhere) is answered as a conflict, never sold twice.
 */
let t: TestApp;
let promoter: string;
let admin: string;
let box: string;
let stadium: number;
let boxUser: number;
let ticketType: string;
let seq = 0;
const later = '2099-12-31 23:00:00';
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = box) => t.call({ method, url, token, payload });
/** Free seats no other test of this file uses (from the last sections: the lease suite takes the first ones). */
const freeSeats = (n: number): Promise<FreeSeat[]> => freePricedSeats(t, stadium, n, 30 * seq++ + 5, 'lastSections');

interface Counter { id: number; lease: number; key: KeyObject; publicKey: string }

/** A counter with a running lease on `seats` and its registered key. */
async function counterWithLease(seats: FreeSeat[]): Promise<Counter> {
  const res = await call('POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: later, description: '{"extra_fee": 0}' }, promoter);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const lease = await call('POST', `/api/boxoffice/reservations/${id}/leases`, { ends_at: inHours(2), seats });
  expect(lease.statusCode, lease.body).toBe(201);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x!;
  const reg = await call('POST', `/api/boxoffice/reservations/${id}/leases/${lease.json().id}/key`, { public_key: raw });
  expect(reg.statusCode, reg.body).toBe(204);
  return { id, lease: lease.json().id, key: privateKey, publicKey: raw };
}

/** A sale as the counter logs it: each ticket signed by the counter's key. */
function sale(c: Counter, seats: FreeSeat[], key = randomUUID(), signer = c.key) {
  const tickets = seats.map((s) => {
    const line = { ...s, ticket_type: ticketType };
    return { ...line, signature: sign(null, Buffer.from(offlineTicketText(c.lease, key, line)), signer).toString('base64url') };
  });
  return { key, lease: c.lease, seq: ++seq, sold_at: new Date().toISOString(), tickets };
}
const replay = (c: Counter, body: object) => call('POST', `/api/boxoffice/reservations/${c.id}/offline-sales`, body);
/** Valid tickets on a seat, whoever holds them. */
async function ticketsOn(s: FreeSeat): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_items i JOIN map_seats ms ON ms.id = i.seat_id JOIN map_sections sec ON sec.id = ms.section_id
      WHERE i.event_id = $1 AND i.valid AND i.type = 'ticket' AND sec.name = $2 AND ms.row_label = $3 AND ms.seat_label = $4`, [stadium, s.section, s.row, s.seat]);
  return rows[0]!.n;
}
const paymentsOf = async (id: number) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [id])).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin, box] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = Number((await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
  ticketType = (await t.db.query<{ name: string }>('SELECT name FROM ticket_types WHERE event_id = $1 ORDER BY is_default DESC, position, id LIMIT 1', [stadium])).rows[0].name;
}, 120_000);
afterAll(() => t.close());

describe('replaying an offline sale', () => {
  it('when a sale inside the lease is replayed, then it is sold and paid once, and replaying it again changes nothing', async () => {
    const seats = await freeSeats(4);
    const c = await counterWithLease(seats);
    const body = sale(c, seats.slice(0, 2));
    const first = await replay(c, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ key: body.key, lease: c.lease, outcome: 'applied', code: null });
    expect(first.json().tickets.every((x: { item_id: number | null; conflict: boolean }) => x.item_id !== null && !x.conflict)).toBe(true);
    const payments = await paymentsOf(c.id);

    const again = await replay(c, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await Promise.all(seats.slice(0, 2).map(ticketsOn))).toEqual([1, 1]);
    expect(await paymentsOf(c.id)).toBe(payments);
    const reservation = await call('GET', `/api/reservations/${c.id}`);
    expect(reservation.json().items.filter((i: { type: string }) => i.type === 'ticket')).toHaveLength(2);

    const list = await call('GET', `/api/boxoffice/reservations/${c.id}/offline-sales`);
    expect(list.statusCode).toBe(200);
    expect(list.json().collection).toEqual([first.json()]);
  });

  it('when the same sale is replayed twice at once, then it is sold once', async () => {
    const seats = await freeSeats(2);
    const c = await counterWithLease(seats);
    const body = sale(c, seats);
    const [a, b] = await Promise.all([replay(c, body), replay(c, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 1]);
    expect((await call('GET', `/api/boxoffice/reservations/${c.id}/offline-sales`)).json().collection).toHaveLength(1);
  });

  it('when the same key comes with another sale, then it is refused and the first stands', async () => {
    const seats = await freeSeats(2);
    const c = await counterWithLease(seats);
    const body = sale(c, [seats[0]!]);
    expect((await replay(c, body)).statusCode).toBe(200);
    const other = sale(c, [seats[1]!], body.key);
    const res = await replay(c, other);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('key_reused');
    expect(await ticketsOn(seats[1]!)).toBe(0);
  });
});

describe('replaying in batches', () => {
  const batch = (c: Counter, sales: object[]) => call('POST', `/api/boxoffice/reservations/${c.id}/offline-sales/batch`, { sales });
  const tendersOf = async (id: number) => (await t.db.query<{ offline_key: string; method: string; given_ore: number | null; change_ore: number | null; total_ore: number; reference: string | null }>(
    'SELECT offline_key, method, given_ore, change_ore, total_ore, reference FROM counter_tenders WHERE order_id = $1 ORDER BY payment_id', [id])).rows;

  it('when a batch is replayed, then each sale is applied once in order with its tender, a conflict or a refusal stays that sale\'s own, and replaying the batch again changes nothing', async () => {
    const seats = await freeSeats(6);
    const c = await counterWithLease(seats);
    // The lease is revoked meanwhile and one of its seats sold elsewhere: that sale alone is a conflict.
    expect((await call('POST', `/api/seat-leases/${c.lease}/revoke`, {}, admin)).statusCode).toBe(200);
    const guest = await call('POST', '/api/reservations', { event: stadium, title: `Guests ${seq++}`, type: 'guest', reserved_until: later }, promoter);
    expect((await call('PUT', `/api/reservations/${guest.json().id}`, { tickets: [{ ...seats[5]!, event: stadium }] }, promoter)).statusCode).toBe(200);

    const cash = { ...sale(c, [seats[0]!]), tender: { method: 'cash', given_ore: 1_000_000 } };
    const card = { ...sale(c, [seats[1]!]), tender: { method: 'card', reference: 'TX-9' } };
    const forged = sale(c, [seats[2]!]);
    forged.tickets[0]!.signature = sale(c, [seats[2]!], randomUUID(), generateKeyPairSync('ed25519').privateKey).tickets[0]!.signature;
    const two = sale(c, [seats[3]!, seats[4]!]);
    const lost = sale(c, [seats[5]!]);
    const sales = [cash, card, forged, two, lost];

    const first = await batch(c, sales);
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().results as { key: string; status: number; sale: { outcome: string } | null; error: { code: string } | null }[];
    expect(results.map((r) => [r.key, r.status])).toEqual(sales.map((x, i) => [x.key, [200, 200, 422, 200, 409][i]]));
    expect(results[2]!.error!.code).toBe('bad_signature');
    expect(results[4]!.sale!.outcome).toBe('conflict');
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 1, 0, 1, 1, 1]);
    const tenders = await tendersOf(c.id);
    expect(tenders.map((x) => [x.offline_key, x.method])).toEqual([[cash.key, 'cash'], [card.key, 'card'], [two.key, 'other']]);
    expect(tenders[0]!.change_ore).toBe(1_000_000 - tenders[0]!.total_ore);
    expect(tenders[1]!.reference).toBe('TX-9');
    const payments = await paymentsOf(c.id);

    const again = await batch(c, sales);
    expect(again.json().results).toEqual(results);
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 1, 0, 1, 1, 1]);
    expect(await paymentsOf(c.id)).toBe(payments);
    expect(await tendersOf(c.id)).toEqual(tenders);
    // The one-sale route answers the batch's record for the same key.
    expect((await replay(c, cash)).json()).toEqual(results[0]!.sale);
    const list = (await call('GET', `/api/boxoffice/reservations/${c.id}/offline-sales`)).json().collection as { key: string; outcome: string }[];
    expect(list.map((x) => [x.key, x.outcome])).toEqual([[cash.key, 'applied'], [card.key, 'applied'], [two.key, 'applied'], [lost.key, 'conflict']]);
  });

  it('when two batches of one counter arrive at once, then every sale is applied once', async () => {
    const seats = await freeSeats(3);
    const c = await counterWithLease(seats);
    const sales = seats.map((s) => sale(c, [s]));
    const [a, b] = await Promise.all([batch(c, sales), batch(c, sales)]);
    expect(a.json().results).toEqual(b.json().results);
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 1, 1]);
    expect(await paymentsOf(c.id)).toBe(3);
  });
});

describe('the scanner\'s check of offline tickets', () => {
  const verify = (reference: string, token = box) => call('POST', '/api/tickets/verify', { reference }, token);
  const qrOf = (body: ReturnType<typeof sale>, k = 0) => {
    const ticket = body.tickets[k]!;
    return offlineTicketQr(offlineTicketText(body.lease, body.key, ticket), ticket.signature);
  };

  it('when an offline ticket is scanned, then it is signed and valid before and after its replay, and not when altered, released, in conflict or of another promoter', async () => {
    const seats = await freeSeats(3);
    const c = await counterWithLease(seats);
    const body = sale(c, seats.slice(0, 2));
    expect((await verify(qrOf(body))).json()).toEqual({ signed: true, valid: true, ticket_id: null, reservation_id: c.id });
    const applied = await replay(c, body);
    const itemId = applied.json().tickets[0].item_id as number;
    expect((await verify(qrOf(body))).json()).toEqual({ signed: true, valid: true, ticket_id: itemId, reservation_id: c.id });
    expect((await verify(qrOf(body).replace(`|${encodeURIComponent(seats[0]!.seat)}|`, '|X9|'))).json()).toMatchObject({ signed: false, valid: false });
    expect((await verify(qrOf(body), await t.tokenFor('promoter2'))).json()).toMatchObject({ signed: true, valid: false });
    expect((await call('PUT', `/api/reservations/${c.id}`, { items: [{ id: itemId, valid: false }] })).statusCode).toBe(200);
    expect((await verify(qrOf(body))).json()).toMatchObject({ signed: true, valid: false, ticket_id: itemId });

    // Revoked and sold elsewhere before the replay: not valid at the door, before or after the (conflicting) replay.
    expect((await call('POST', `/api/seat-leases/${c.lease}/revoke`, {}, admin)).statusCode).toBe(200);
    const guest = await call('POST', '/api/reservations', { event: stadium, title: `Guests ${seq++}`, type: 'guest', reserved_until: later }, promoter);
    expect((await call('PUT', `/api/reservations/${guest.json().id}`, { tickets: [{ ...seats[2]!, event: stadium }] }, promoter)).statusCode).toBe(200);
    const lost = sale(c, [seats[2]!]);
    expect((await verify(qrOf(lost))).json()).toMatchObject({ signed: true, valid: false });
    expect((await replay(c, lost)).statusCode).toBe(409);
    expect((await verify(qrOf(lost))).json()).toMatchObject({ signed: true, valid: false, ticket_id: null });
  });
});

describe('a lease revoked while the counter was offline', () => {
  it('when a seat was sold elsewhere after the revoke, then its sale is a conflict with what to do, the seat stays sold once, and the answer repeats', async () => {
    const seats = await freeSeats(2);
    const c = await counterWithLease(seats);
    const revoked = await call('POST', `/api/seat-leases/${c.lease}/revoke`, {}, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const guest = await call('POST', '/api/reservations', { event: stadium, title: `Guests ${seq++}`, type: 'guest', reserved_until: later }, promoter);
    const taken = await call('PUT', `/api/reservations/${guest.json().id}`, { tickets: [{ ...seats[0]!, event: stadium }] }, promoter);
    expect(taken.statusCode, taken.body).toBe(200);

    const body = sale(c, seats);
    const res = await replay(c, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ outcome: 'conflict', code: 'seat_taken' });
    expect(res.json().message).toMatch(/Offer the customer other seats or a refund/);
    expect(res.json().tickets.map((x: { conflict: boolean }) => x.conflict)).toEqual([true, false]);
    // All or nothing: the free seat of the same sale is not sold either, and the taken one is sold once.
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 0]);

    const again = await replay(c, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(res.json());
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([1, 0]);
    expect((await call('GET', `/api/boxoffice/reservations/${c.id}/offline-sales`)).json().collection.map((s: { outcome: string }) => s.outcome)).toEqual(['conflict']);
  });

  it('when the seat is still free after the revoke, then the sale the customer holds a ticket for is honoured', async () => {
    const seats = await freeSeats(1);
    const c = await counterWithLease(seats);
    expect((await call('POST', `/api/seat-leases/${c.lease}/revoke`, {}, admin)).statusCode).toBe(200);
    const res = await replay(c, sale(c, seats));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('applied');
    expect(await ticketsOn(seats[0]!)).toBe(1);
  });
});

describe('the signature check', () => {
  it('when a ticket is altered or signed by another key, then the sale is refused whole and nothing is recorded or sold', async () => {
    const seats = await freeSeats(3);
    const c = await counterWithLease(seats);
    const altered = sale(c, seats.slice(0, 2));
    altered.tickets[1] = { ...altered.tickets[1]!, seat: seats[2]!.seat };
    const forged = sale(c, [seats[2]!], randomUUID(), generateKeyPairSync('ed25519').privateKey);
    for (const body of [altered, forged]) {
      const res = await replay(c, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('bad_signature');
    }
    expect(await Promise.all(seats.map(ticketsOn))).toEqual([0, 0, 0]);
    expect((await call('GET', `/api/boxoffice/reservations/${c.id}/offline-sales`)).json().collection).toEqual([]);
  });

  it('when a lease has a key, then another key is refused, the same key is accepted again, and the lease lists it for scanners', async () => {
    const seats = await freeSeats(1);
    const c = await counterWithLease(seats);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
    const refused = await call('POST', `/api/boxoffice/reservations/${c.id}/leases/${c.lease}/key`, { public_key: other });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('key_taken');
    expect((await call('POST', `/api/boxoffice/reservations/${c.id}/leases/${c.lease}/key`, { public_key: c.publicKey })).statusCode).toBe(204);
    const leases = (await call('GET', `/api/events/${stadium}/seat-leases`)).json().collection as { id: number; counter_key: string | null }[];
    expect(leases.find((l) => l.id === c.lease)?.counter_key).toBe(c.publicKey);
  });
});
