import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId } from './support/eventFixtures';

/**
 * The reservations leftovers (issues 17, 19, 20): pricing and hiding tell open maps, who may reserve a seat in the
 * section detail, sub-reservations, kids' tickets and sends with the blacklist, the merchandise price audit.
 */
let t: TestApp;
let promoter: string;
let promoter2: string;
let admin: string;
let stadium: number;
let corporateId: number;
let seq = 0;

interface Seat { section: string; row: string; seat: string }

/** Free, priced, visible seats of an event, from the back of the map (other suites take them from elsewhere). */
async function freeSeats(event: number, n: number): Promise<Seat[]> {
  const { rows } = await t.db.query<Seat>(
    `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
       FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND NOT sec.general_admission
       JOIN event_sections es ON es.event_id = e.id AND es.section_id = sec.id AND es.price_set_id IS NOT NULL AND NOT es.hidden
       JOIN map_seats ms ON ms.section_id = sec.id
       LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
      WHERE e.id = $1 AND ev.seat_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = e.id AND i.seat_id = ms.id AND i.valid)
      ORDER BY sec.position, ms.seat_index DESC LIMIT $2 OFFSET $3`,
    [event, n, 100 * seq++],
  );
  return rows;
}

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
