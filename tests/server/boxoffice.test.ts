import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats } from './support/eventFixtures';
import { BOX_OFFICE_MESSAGES } from '../../src/contracts/boxoffice';
import { oreFromSek } from '../../src/domain/money';
import { reservationTotalOre, serviceFeeBandToOre } from '../../src/domain/serviceFees';

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
  /** The counter's open reservation of the stadium (seedBoxOffice), not one of the demo's closed counter sales. */
  const seeded = async () => Number((await t.db.query<{ id: number }>(
    `SELECT id FROM orders WHERE type = 'boxoffice' AND owner_id = $1 AND event_id = $2 AND status <> 'void'
        AND validity_date >= now() AT TIME ZONE 'Europe/Stockholm' ORDER BY id LIMIT 1`, [boxUser, stadium])).rows[0].id);

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
    // The sale's answer carries the same references: the counter prints from it alone (docs/boxoffice.md).
    expect(sold.json().references).toEqual(refs);
    const newest = refs.at(-1);
    const verify = (reference: string, token = boxToken) => t.call({ method: 'POST', url: '/api/tickets/verify', token, payload: { reference } });
    expect((await verify(newest.reference)).json()).toEqual({ signed: true, valid: true, ticket_id: newest.id, reservation_id: id });
    expect((await verify(newest.reference, promoter2)).json()).toMatchObject({ signed: true, valid: false });
    expect((await verify(newest.reference.replace(`.${id}.`, `.${id + 1}.`))).json()).toMatchObject({ signed: false, valid: false });
    expect((await verify('\u0000')).statusCode).toBeLessThan(500);
    const released = await update(id, { items: [{ id: newest.id, valid: false }] }, boxToken);
    expect(released.json().references).toEqual(refs.slice(0, -1));
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

  it('when a sale is made, then its tickets are paid, each has its band fee and the extra fee, one paid box-office payment; orders and finance show the calculator\'s total', async () => {
    const id = await seeded();
    const day = (await t.db.query<{ d: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS d`)).rows[0].d;
    const finance = async (report: string) => (await t.call({ method: 'GET', url: `/api/reports/finance/tickets/${report}?event_id=${stadium}&from_date=${day}&to_date=${day}`, token: admin })).json().data as { item_name: string; quantity: number; price_incl_vat: number }[];
    const sumOre = (rows: { item_name: string; price_incl_vat: number }[], name?: string) => rows.filter((r) => !name || r.item_name === name).reduce((a, r) => a + oreFromSek(r.price_incl_vat), 0);
    const before = await finance('sales');
    const sold = await update(id, { tickets: await freeSeats(3, 160) }, boxToken);
    expect(sold.statusCode, sold.body).toBe(200);
    const bands = (await t.call({ method: 'GET', url: '/api/service-fees', token: boxToken })).json().collection.map(serviceFeeBandToOre);
    const { rows: tickets } = await t.db.query<{ id: number; price_ore: number; payment_id: number; channel: string; sold: boolean }>(
      `SELECT id::int, price_ore, payment_id::int, channel, sold_at IS NOT NULL AS sold FROM order_items
        WHERE order_id = $1 AND type = 'ticket' AND valid AND payment_id = (SELECT max(id) FROM payments WHERE order_id = $1) ORDER BY id`, [id]);
    expect(tickets).toHaveLength(3);
    expect(tickets.every((i) => i.channel === 'sale' && i.sold)).toBe(true);
    // The calculator's formula (001 §9): Σ price + band fee + extra fee (10 kr).
    const calculator = reservationTotalOre(bands, tickets.map((i) => Number(i.price_ore)), 1000);
    const { rows: [payment] } = await t.db.query<{ provider: string; status: string; amount_ore: number; provider_order_id: string; paid: boolean }>(
      'SELECT provider, status, amount_ore, provider_order_id, paid_at IS NOT NULL AS paid FROM payments WHERE id = $1', [tickets[0].payment_id]);
    expect(payment).toMatchObject({ provider: 'boxoffice', status: 'paid', amount_ore: calculator, provider_order_id: `BO-${tickets[0].payment_id}`, paid: true });
    const { rows: fees } = await t.db.query<{ fee_type: string; n: number; ore: number }>(
      `SELECT fee_type, count(*)::int AS n, sum(price_ore)::int AS ore FROM order_items
        WHERE fee_of_item_id = ANY($1::bigint[]) AND valid AND payment_id = $2 AND sold_at IS NOT NULL GROUP BY fee_type ORDER BY fee_type`,
      [tickets.map((i) => i.id), tickets[0].payment_id]);
    const service = tickets.reduce((a, i) => a + reservationTotalOre(bands, [Number(i.price_ore)]) - Number(i.price_ore), 0);
    expect(fees).toEqual([{ fee_type: 'ticket_admin_fee', n: 3, ore: 3000 }, ...(service > 0 ? [{ fee_type: 'ticket_service_fee', n: 3, ore: service }] : [])]);

    // The orders screen (admin): the payment's breakdown adds up to the calculator's total.
    const order = (await t.call({ method: 'GET', url: `/api/orders/${id}`, token: admin })).json();
    const shown = order.payments.find((p: { id: number }) => p.id === tickets[0].payment_id);
    expect(oreFromSek(shown.summary.total)).toBe(calculator);
    expect(oreFromSek(shown.summary.ticket_admin_fee)).toBe(3000);
    expect(oreFromSek(shown.summary.ticket_service_fee)).toBe(service);
    expect(order.items.filter((i: { fee_type: string | null; item_payments: { id: number }[] }) => i.fee_type && i.item_payments[0]?.id === tickets[0].payment_id)).toHaveLength(service > 0 ? 6 : 3);

    // The finance report (tickets sales of the event, today) grew by exactly the calculator's total, fees by name.
    const after = await finance('sales');
    expect(sumOre(after) - sumOre(before)).toBe(calculator);
    expect(sumOre(after, 'Ticket Admin Fee') - sumOre(before, 'Ticket Admin Fee')).toBe(3000);
    expect(sumOre(after, 'Ticket Service Fee') - sumOre(before, 'Ticket Service Fee')).toBe(service);

    // A release gives the ticket and its own fees back in full, against the payment that took them.
    const refundsBefore = await finance('refunds');
    const released = await update(id, { items: [{ id: tickets[0].id, valid: false }] }, boxToken);
    expect(released.statusCode, released.body).toBe(200);
    const { rows: [back] } = await t.db.query<{ n: number; ore: number; amount: number; payment_id: number }>(
      `SELECT count(*)::int AS n, sum(ri.original_price_decrease_ore)::int AS ore, sum(ri.refund_amount_ore)::int AS amount, min(r.payment_id)::int AS payment_id
         FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id
        WHERE ri.order_item_id = $1 OR ri.order_item_id IN (SELECT id FROM order_items WHERE fee_of_item_id = $1)`, [tickets[0].id]);
    const one = reservationTotalOre(bands, [Number(tickets[0].price_ore)], 1000);
    expect(back).toEqual({ n: service > 0 ? 3 : 2, ore: one, amount: one, payment_id: tickets[0].payment_id });
    const { rows: [left] } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_items WHERE fee_of_item_id = $1 AND valid', [tickets[0].id]);
    expect(left.n).toBe(0);
    // The finance report's refunds grew by what went back: the ticket and its own fees, the fees under their names.
    const refundsAfter = await finance('refunds');
    expect(sumOre(refundsAfter) - sumOre(refundsBefore)).toBe(one);
    expect(sumOre(refundsAfter, 'Ticket Admin Fee') - sumOre(refundsBefore, 'Ticket Admin Fee')).toBe(1000);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE order_id = $1 AND action LIKE 'boxoffice.%' ORDER BY id`, [id]);
    expect(audit.rows.map((a) => a.action).slice(-2)).toEqual(['boxoffice.sale', 'boxoffice.release']);
    // Its sold tickets keep the reservation: deleting it is refused until they are released.
    const kept = await t.call({ method: 'DELETE', url: `/api/reservations/${id}`, token: promoter });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.message).toBe(BOX_OFFICE_MESSAGES.cannotDeleteSold);
  });

  it('when the reservation\'s validity date has passed, then the sale is refused with its message and nothing is written', async () => {
    const id = await newBoxOffice(5);
    await t.db.query(`UPDATE orders SET validity_date = (now() AT TIME ZONE 'Europe/Stockholm') - interval '1 hour' WHERE id = $1`, [id]);
    // The moment in the console's format (000 §5: dd.MM.yyyy HH:mm), not the API's.
    const { rows: [o] } = await t.db.query<{ until: string }>(`SELECT to_char(validity_date, 'DD.MM.YYYY HH24:MI') AS until FROM orders WHERE id = $1`, [id]);
    const seats = await freeSeats(2, 200);
    const res = await update(id, { tickets: seats }, boxToken);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validity_passed', message: BOX_OFFICE_MESSAGES.validityPassed(o.until) });
    const { rows: [n] } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_items WHERE order_id = $1', [id]);
    expect(n.n).toBe(0);
    expect((await t.db.query('SELECT 1 FROM payments WHERE order_id = $1', [id])).rows).toHaveLength(0);
  });
});
