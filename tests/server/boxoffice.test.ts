import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats } from './support/eventFixtures';

/** Box-office reservations (001 §2 "Event reservations", §3, §5, §6, §7): every message, scoping, bad input. */
let t: TestApp;
let promoter: string;
let promoter2: string;
let admin: string;
let boxToken: string;
let stadium: number;
let boxUser: number;
let boxUser2: number;
let corporateId: number;

const create = (payload: Record<string, unknown>, token = promoter) => t.call({ method: 'POST', url: '/api/reservations', token, payload });
const update = (id: number, payload: Record<string, unknown>, token = promoter) => t.call({ method: 'PUT', url: `/api/reservations/${id}`, token, payload });
const valid = '2099-12-31 23:00:00';
const userId = async (email: string) => Number((await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);

async function newBoxOffice(fee: unknown = 25): Promise<number> {
  const res = await create({ event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: JSON.stringify({ extra_fee: fee }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  [promoter, promoter2, admin, boxToken] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('promoter2'), t.tokenFor('admin'), t.tokenFor('boxoffice')]);
  stadium = await eventId(t, 'Midsummer Stadium Night');
  boxUser = await userId('boxoffice@demo.test');
  boxUser2 = await userId('boxoffice2@demo.test');
  corporateId = await userId('corporate@demo.test');
});
afterAll(() => t.close());

describe('the box-office user picker (GET api/users?type=boxoffice)', () => {
  it('when a promoter asks, then only their own box-office users are listed', async () => {
    const res = await t.call({ method: 'GET', url: '/api/users?type=boxoffice&per_page=500', token: promoter });
    expect(res.statusCode).toBe(200);
    const ids = res.json().collection.map((u: { id: number }) => u.id);
    expect(ids).toContain(boxUser);
    expect(ids).not.toContain(boxUser2);
  });
});

describe('create a box-office reservation (POST api/reservations, type boxoffice)', () => {
  it('when nothing is given, then "User is required", "Extra Fee is required" and the validity date "Required!"', async () => {
    const res = await create({ event: stadium, type: 'boxoffice' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ owner: ['User is required'], extra_fee: ['Extra Fee is required'], validity_date: ['Required!'] });
  });

  it('when the description holds no extra fee, or not JSON, then "Extra Fee is required" or "Must be a number"', async () => {
    const base = { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid };
    expect((await create({ ...base, description: '{}' })).json().validation_errors).toEqual({ extra_fee: ['Extra Fee is required'] });
    expect((await create({ ...base, description: JSON.stringify({ extra_fee: '' }) })).json().validation_errors).toEqual({ extra_fee: ['Extra Fee is required'] });
    expect((await create({ ...base, description: 'ten kronor' })).json().validation_errors).toEqual({ extra_fee: ['Must be a number'] });
    expect((await create({ ...base, description: JSON.stringify({ extra_fee: 'ten' }) })).json().validation_errors).toEqual({ extra_fee: ['Must be a number'] });
  });

  it('when the extra fee is negative, has 3 decimals or is too large, then it says so', async () => {
    const base = { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid };
    const fee = async (v: unknown) => (await create({ ...base, description: JSON.stringify({ extra_fee: v }) })).json().validation_errors;
    expect(await fee(-1)).toEqual({ extra_fee: ['Must be 0 or more'] });
    expect(await fee('12,505')).toEqual({ extra_fee: ['At most 2 decimals'] });
    expect(await fee(12.505)).toEqual({ extra_fee: ['At most 2 decimals'] });
    expect(await fee('100000,01')).toEqual({ extra_fee: ['Must be 100000 or less'] });
  });

  it('when the validity date is not a real date, then "Enter a real date and time."', async () => {
    const res = await create({ event: stadium, type: 'boxoffice', owner: boxUser, validity_date: '2026-02-30 10:00:00', description: '{"extra_fee": 1}' });
    expect(res.json().validation_errors).toEqual({ validity_date: ['Enter a real date and time.'] });
  });

  it('when the owner is another promoter\'s box-office user or not a box-office user, then the owner is refused', async () => {
    for (const owner of [boxUser2, corporateId, 2147483647]) {
      const res = await create({ event: stadium, type: 'boxoffice', owner, validity_date: valid, description: '{"extra_fee": 1}' });
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors.owner).toEqual(["Choose a box-office user of the event's promoter."]);
    }
  });

  it('when owner, extra fee with a comma and validity date are given, then it is created, titled by its user, fee as JSON', async () => {
    const res = await create({ event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: JSON.stringify({ extra_fee: '25,50' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'boxoffice', title: 'Globen Box Office', description: '{"extra_fee":25.5}', owner: { id: boxUser, name: 'Globen Box Office' }, validity_date: valid, reserved_until: null, items: [] });
    const list = (await t.call({ method: 'GET', url: `/api/reservations?event=${stadium}&type=boxoffice&per_page=500`, token: promoter })).json();
    expect(list.collection.find((r: { id: number }) => r.id === res.json().id)).toMatchObject({
      owner: { id: boxUser, name: 'Globen Box Office' }, description: '{"extra_fee":25.5}', tickets: { assigned: 0, total: 0 }, validity_date: valid,
    });
  });

  it('when another promoter or a box-office user creates one for this event, then 404 or 403', async () => {
    const payload = { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: '{"extra_fee": 1}' };
    expect((await create(payload, promoter2)).statusCode).toBe(404);
    expect((await create(payload, boxToken)).statusCode).toBe(403);
    expect((await create(payload, admin)).statusCode).toBe(201);
  });

  it('when the input is bad, then 4xx and never 5xx', async () => {
    for (const payload of [
      { event: stadium, type: 'boxoffice', owner: 2147483648, validity_date: valid, description: '{"extra_fee": 1}' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: 'soon', description: '{"extra_fee": 1}' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: '{"extra_fee": 1e308}' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: '{"extra_fee": {"a": 1}}' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: '{"extra_fee": "1\u0000"}' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: '[1,2]' },
      { event: stadium, type: 'boxoffice', owner: boxUser, validity_date: valid, description: 'null' },
    ]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('edit and delete a box-office reservation (PUT, DELETE api/reservations/{id})', () => {
  it('when the extra fee, validity date and title change, then they are saved', async () => {
    const id = await newBoxOffice();
    const res = await update(id, { description: JSON.stringify({ extra_fee: '10,5' }), validity_date: '2099-06-01 12:00:00', title: 'Counter 1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: '{"extra_fee":10.5}', validity_date: '2099-06-01 12:00:00', title: 'Counter 1', owner: { id: boxUser } });
  });

  it('when the extra fee is emptied or the user removed, then "Extra Fee is required" and "User is required"', async () => {
    const id = await newBoxOffice();
    const res = await update(id, { description: JSON.stringify({ extra_fee: '' }), owner: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ extra_fee: ['Extra Fee is required'], owner: ['User is required'] });
    expect((await update(id, { owner: boxUser2 })).json().validation_errors.owner).toEqual(["Choose a box-office user of the event's promoter."]);
    expect((await update(id, { validity_date: '2026-02-30 10:00:00' })).json().validation_errors).toEqual({ validity_date: ['Enter a real date and time.'] });
    expect((await t.call({ method: 'GET', url: `/api/reservations/${id}`, token: promoter })).json()).toMatchObject({ description: '{"extra_fee":25}', owner: { id: boxUser } });
  });

  it('when another promoter reads, edits or deletes it, then 404; the box-office user may not manage it', async () => {
    const id = await newBoxOffice();
    expect((await t.call({ method: 'GET', url: `/api/reservations/${id}`, token: promoter2 })).statusCode).toBe(404);
    expect((await update(id, { description: '{"extra_fee": 1}' }, promoter2)).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: promoter2 })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: boxToken })).statusCode).toBe(403);
    const list = (await t.call({ method: 'GET', url: `/api/reservations?event=${stadium}&type=boxoffice&per_page=500`, token: promoter2 })).json();
    expect(list.collection).toEqual([]);
  });

  it('when it is deleted, then "Reservation deleted." and it leaves the list', async () => {
    const id = await newBoxOffice();
    const res = await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: promoter });
    expect(res.json()).toEqual({ message: 'Reservation deleted.' });
    const list = (await t.call({ method: 'GET', url: `/api/reservations?event=${stadium}&type=boxoffice&per_page=500`, token: promoter })).json();
    expect(list.collection.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});

describe('the box-office app (box-office staff sell from their own reservations only)', () => {
  /** Free priced seats of the stadium, in map order, for this test alone. */
  const freeSeats = async (n: number, skip: number) => (await freePricedSeats(t, stadium, n, skip, 'front')).map((r) => ({ ...r, event: stadium }));
  const seeded = async () => Number((await t.db.query<{ id: number }>(
    `SELECT id FROM orders WHERE type = 'boxoffice' AND owner_id = $1 AND event_id = $2 AND status <> 'void' ORDER BY id LIMIT 1`, [boxUser, stadium])).rows[0].id);

  it('when the box-office user opens the app, then its assigned events are listed; others may not call it', async () => {
    const res = await t.call({ method: 'GET', url: '/api/boxoffice/assigned', token: boxToken });
    expect(res.statusCode).toBe(200);
    const row = res.json().collection.find((r: { event: { id: number } }) => r.event.id === stadium);
    expect(row).toMatchObject({ title: 'Globen Box Office', event: { name: 'Midsummer Stadium Night' }, extra_fee: 10 });
    expect(res.json().collection.every((r: { event: { promoter_id: number } }) => r.event.promoter_id === row.event.promoter_id)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/boxoffice/assigned', token: promoter })).statusCode).toBe(403);
  });

  it('when the box-office user sells and releases seats of its reservation, then the seats are taken, then free', async () => {
    const id = await seeded();
    const seats = await freeSeats(4, 40);
    const sold = await update(id, { tickets: seats }, boxToken);
    expect(sold.statusCode, sold.body).toBe(200);
    const items = sold.json().items.filter((i: { section: string; row: string; seat: string }) => seats.some((s) => s.section === i.section && s.row === i.row && s.seat === i.seat));
    expect(items).toHaveLength(4);
    const states = await t.call({ method: 'GET', url: `/api/events/${stadium}/seat-states?since=0`, token: boxToken });
    expect(states.statusCode).toBe(200);
    const released = await update(id, { items: items.map((i: { id: number }) => ({ id: i.id, valid: false })) }, boxToken);
    expect(released.statusCode).toBe(200);
    expect(released.json().items.some((i: { id: number }) => items.some((x: { id: number }) => x.id === i.id))).toBe(false);
  });

  it('when the box-office user reads the map, the fees and its reservation, then 200; other events and records 403 or 404', async () => {
    const id = await seeded();
    for (const url of [`/api/events/${stadium}/sections`, `/api/events/${stadium}/svg`, '/api/service-fees', `/api/reservations/${id}`]) {
      expect((await t.call({ method: 'GET', url, token: boxToken })).statusCode, url).toBeLessThan(400);
    }
    const other = await eventId(t, 'Winter Gala');
    expect((await t.call({ method: 'GET', url: `/api/events/${other}/sections`, token: boxToken })).statusCode).toBe(404);
    for (const url of [`/api/events/${stadium}`, '/api/reservations', `/api/events/${stadium}/reservations`]) {
      expect((await t.call({ method: 'GET', url, token: boxToken })).statusCode, url).toBe(403);
    }
    // Its reservation's details are the promoter's; another box-office user's reservation does not exist for it.
    expect((await update(id, { description: '{"extra_fee": 0}' }, boxToken)).statusCode).toBe(403);
    const theirs = Number((await t.db.query<{ id: number }>(`SELECT id FROM orders WHERE type = 'boxoffice' AND owner_id = $1 LIMIT 1`, [boxUser2])).rows[0].id);
    expect((await t.call({ method: 'GET', url: `/api/reservations/${theirs}`, token: boxToken })).statusCode).toBe(404);
    const guest = await create({ event: stadium, title: 'Guests', type: 'guest', reserved_until: valid });
    expect((await t.call({ method: 'GET', url: `/api/reservations/${guest.json().id}`, token: boxToken })).statusCode).toBe(404);
  });

  it('when a sold ticket is printed, then its QR reference verifies; once released or altered it does not', async () => {
    const id = await seeded();
    const sold = await update(id, { tickets: await freeSeats(1, 80) }, boxToken);
    expect(sold.statusCode, sold.body).toBe(200);
    const refs = (await t.call({ method: 'GET', url: `/api/boxoffice/reservations/${id}/references`, token: boxToken })).json().collection;
    const newest = refs.at(-1);
    const verify = (reference: string, token = boxToken) => t.call({ method: 'POST', url: '/api/tickets/verify', token, payload: { reference } });
    expect((await verify(newest.reference)).json()).toEqual({ signed: true, valid: true, ticket_id: newest.id, reservation_id: id });
    expect((await verify(newest.reference, promoter2)).json()).toMatchObject({ signed: true, valid: false });
    expect((await verify(newest.reference.replace(`.${id}.`, `.${id + 1}.`))).json()).toMatchObject({ signed: false, valid: false });
    expect((await verify('\u0000')).statusCode).toBeLessThan(500);
    await update(id, { items: [{ id: newest.id, valid: false }] }, boxToken);
    expect((await verify(newest.reference)).json()).toMatchObject({ signed: true, valid: false });
    expect((await t.call({ method: 'GET', url: `/api/boxoffice/reservations/${id}/references`, token: promoter2 })).statusCode).toBe(404);
  });

  it('when the operator asks for today\'s summary, then the tickets it sold today per ticket type with their fees', async () => {
    const id = await seeded();
    const seats = await freeSeats(2, 120);
    expect((await update(id, { tickets: seats }, boxToken)).statusCode).toBe(200);
    const res = await t.call({ method: 'GET', url: '/api/boxoffice/summary', token: boxToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals.count).toBeGreaterThanOrEqual(2);
    expect(body.totals.extra_fees).toBe(body.totals.count * 10);
    expect(body.totals.total).toBeCloseTo(body.totals.tickets + body.totals.service_fees + body.totals.extra_fees, 2);
    expect(body.rows.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(body.totals.count);
    expect((await t.call({ method: 'GET', url: '/api/boxoffice/summary', token: promoter })).statusCode).toBe(403);
  });
});

