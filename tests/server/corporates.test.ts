import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_ENDED_SEND } from '../../server/corporates/ticketSends';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, freePricedSeats } from './support/eventFixtures';

/** Corporates (002 §2, §5, §7) and the corporate app (001 §2, §4, §5, §7, §8): every call, message and scope. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let corporate: string;
let corporate2: string;
let corporateId: number;
let corporate2Id: number;
let promoterIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2, corporate, corporate2] = await Promise.all(['admin', 'promoter', 'promoter2', 'corporate', 'corporate2'].map((k) => t.tokenFor(k)));
  const ids = await t.db.query<{ id: number; email: string; promoter_id: number }>(
    `SELECT id, email, promoter_id FROM users WHERE email IN ('corporate@demo.test', 'corporate2@demo.test') ORDER BY email = 'corporate2@demo.test', id`,
  );
  corporateId = Number(ids.rows[0].id);
  corporate2Id = Number(ids.rows[1].id);
  promoterIds = ids.rows.map((r) => Number(r.promoter_id));
});
afterAll(() => t.close());

/** Refused as bad input: a 4xx (schema refusals answer 400 or 422), never a 500. */
const expectBadInput = (status: number) => {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
};
const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) => t.call({ method, url, token, payload: payload as object });
/** A phone number nobody in the demo has, different per test. */
let phoneSeq = 0;
const freshPhone = () => `070${String(9900000 + ++phoneSeq * 137).padStart(7, '0')}`;
const newCorporate = (extra: Record<string, unknown> = {}) => ({
  corporate_name: 'Scania Guests', first_name: 'Lena', last_name: 'Holm', phone: '+46705550101', email: `scania${++phoneSeq}@demo.test`, password: 'secret-1', ...extra,
});

async function myReservations(token: string) {
  const res = await get('/api/corporate-app/reservations?per_page=50', token);
  expect(res.statusCode).toBe(200);
  return res.json().collection as { id: number; title: string; event: { id: number }; tickets: { total: number; sent: number; unsent: number } }[];
}

describe('GET api/corporate', () => {
  it('when a promoter lists, then only their own corporates come, as {data: {items, total}}, whatever promoter they name', async () => {
    const res = await get(`/api/corporate?promoter=${promoterIds[1]}&page=1&perPage=10`, promoter);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBeGreaterThan(0);
    expect(data.items.every((c: { promoter: { id: number } }) => c.promoter.id === promoterIds[0])).toBe(true);
    expect(data.items.map((c: { email: string }) => c.email)).toContain('corporate@demo.test');
    const volvo = data.items.find((c: { email: string }) => c.email === 'corporate@demo.test');
    expect(volvo).toMatchObject({ name: 'Volvo Hospitality', corporate_name: 'Volvo Hospitality', first_name: 'Karin', last_name: 'Lindqvist', isActive: true, status: { status: 'active' } });
    expect(volvo.createdAt.date).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('when an admin names a promoter, then that promoter\'s corporates come; without one, all', async () => {
    const one = (await get(`/api/corporate?promoter=${promoterIds[1]}`, admin)).json().data;
    expect(one.items.every((c: { promoter: { id: number } }) => c.promoter.id === promoterIds[1])).toBe(true);
    const all = (await get('/api/corporate?perPage=500', admin)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(new Set(all.items.map((c: { promoter: { id: number } }) => c.promoter.id)).size).toBeGreaterThan(1);
  });

  it('when paging, then perPage and page cut the list; bad numbers are 400, not 500', async () => {
    const page = (await get('/api/corporate?perPage=1&page=1', admin)).json().data;
    expect(page.items).toHaveLength(1);
    for (const q of ['perPage=0', 'page=0', 'perPage=abc', 'promoter=99999999999', 'page=9999999999']) {
      expectBadInput((await get(`/api/corporate?${q}`, admin)).statusCode);
    }
  });

  it('when a corporate or box-office user calls the back-office list, then 403', async () => {
    expect((await get('/api/corporate', corporate)).statusCode).toBe(403);
    expect((await get('/api/corporate', await t.tokenFor('boxoffice'))).statusCode).toBe(403);
  });
});

describe('POST and PUT api/corporate', () => {
  it('when a promoter creates a corporate, then it belongs to their promoter and can sign in', async () => {
    const body = newCorporate();
    const res = await send('POST', '/api/corporate', promoter, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Scania Guests', email: body.email, promoter: { id: promoterIds[0] }, isActive: true });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: 'secret-1' } });
    expect(login.statusCode).toBe(200);
    expect((await get('/api/corporate-app/reservations', login.json().token)).json()).toEqual({ collection: [], count: 0 });
  });

  it('when fields are missing or wrong, then 422 with the spec\'s messages per field', async () => {
    const res = await send('POST', '/api/corporate', admin, { corporate_name: '', first_name: '', last_name: '', phone: '', email: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({
      promoter: ['This field is required'],
      corporate_name: ['This field is required'],
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      phone: ['This field is required'],
      email: ['Email you entered is invalid'],
      password: ['This must be at least 6 characters long'],
    });
  });

  it('when the email is taken, then 422 on the email field; an unknown promoter on the promoter field', async () => {
    const taken = await send('POST', '/api/corporate', promoter, newCorporate({ email: 'CORPORATE@demo.test' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validation_errors).toEqual({ email: ['This email is already in use'] });
    const unknown = await send('POST', '/api/corporate', admin, newCorporate({ promoter: 2147483647 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().validation_errors).toEqual({ promoter: ['Choose a promoter from the list'] });
  });

  it('when text holds a NUL or is too long, then it is refused as bad input', async () => {
    expectBadInput((await send('POST', '/api/corporate', promoter, newCorporate({ corporate_name: 'A\u0000B' }))).statusCode);
    expectBadInput((await send('POST', '/api/corporate', promoter, newCorporate({ corporate_name: 'x'.repeat(201) }))).statusCode);
  });

  it('when a promoter edits their corporate, then it is saved; the password only changes when given', async () => {
    const created = (await send('POST', '/api/corporate', promoter, newCorporate())).json();
    const res = await send('PUT', `/api/corporate/${created.id}`, promoter, newCorporate({ email: created.email, corporate_name: 'Scania Hospitality', password: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Scania Hospitality' });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: created.email, password: 'secret-1' } });
    expect(login.statusCode).toBe(200);
    expect((await get(`/api/corporate/${created.id}`, promoter)).json().corporate_name).toBe('Scania Hospitality');
  });

  it('when another promoter reads or edits a corporate, then 404', async () => {
    expect((await get(`/api/corporate/${corporateId}`, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/corporate/${corporateId}`, promoter2, newCorporate())).statusCode).toBe(404);
    expect((await get(`/api/corporate/${corporateId}/reservations`, promoter2)).statusCode).toBe(404);
    expect((await get(`/api/corporate/${corporateId}`, admin)).statusCode).toBe(200);
  });
});

describe('GET api/corporate/{id}/reservations', () => {
  it('when the promoter opens a corporate\'s reservations, then its reservations come with their ticket counts', async () => {
    const res = await get(`/api/corporate/${corporateId}/reservations?per_page=50`, promoter);
    expect(res.statusCode).toBe(200);
    const titles = res.json().collection.map((r: { title: string }) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['Management box', 'Client evening']));
  });
});

describe('the corporate app', () => {
  it('when a corporate lists its reservations, then only its own come', async () => {
    const mine = await myReservations(corporate);
    expect(mine.length).toBeGreaterThan(0);
    const ids = mine.map((r) => r.id);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::bigint[]) AND corporate_id <> $2`, [ids, corporateId]);
    expect(rows[0].n).toBe(0);
    const box = mine.find((r) => r.title === 'Management box')!;
    expect(box.tickets).toEqual({ total: 6, sent: 0, unsent: 6, returned: 0 });
  });

  it('when a corporate reads another corporate\'s reservation, then 404; back-office users get 403', async () => {
    const theirs = (await myReservations(corporate2))[0];
    expect((await get(`/api/corporate-app/reservations/${theirs.id}`, corporate)).statusCode).toBe(404);
    expect((await send('PUT', `/api/reservations/${theirs.id}`, corporate, { items: [{ id: 1, user: { id: 1 } }] })).statusCode).toBe(404);
    expect((await get(`/api/corporate-app/reservations/${theirs.id}`, promoter)).statusCode).toBe(403);
    expect((await get('/api/corporate-app/reservations', admin)).statusCode).toBe(403);
  });

  it('when a corporate opens its reservation, then the tickets show section, row, seat and ticket type', async () => {
    const box = (await myReservations(corporate)).find((r) => r.title === 'Management box')!;
    const res = await get(`/api/corporate-app/reservations/${box.id}`, corporate);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ title: 'Management box', type: 'corporate', description: expect.any(String) });
    expect(detail.items).toHaveLength(6);
    expect(detail.items[0]).toMatchObject({ type: 'ticket', section: expect.any(String), row: expect.any(String), seat: expect.any(String), ticket_type: 'Standard', user: null });
  });

  it('when a corporate opens Send ticket on a fresh database, then the people it sent to before come, recorded as the send records them', async () => {
    const partner = (await myReservations(corporate)).find((r) => r.title === 'Partner dinner')!;
    expect(partner.tickets).toEqual({ total: 4, sent: 4, unsent: 0, returned: 0 });
    // The dialog's list: GET api/corporate-ticket-holders without a reservation, as the corporate app asks it.
    const res = await get('/api/corporate-ticket-holders', corporate);
    expect(res.statusCode).toBe(200);
    const seeded = (res.json().collection as { reservation_id: number; user: { name: string; phone: string | null; status: string } }[]).filter((h) => h.reservation_id === partner.id);
    expect(seeded).toHaveLength(4);
    for (const h of seeded) expect(h.user).toMatchObject({ name: expect.stringMatching(/^\p{L}+ \p{L}+$/u), phone: expect.stringMatching(/^\+467\d{8}$/), status: 'active' });
    expect(new Set(seeded.map((h) => h.user.name)).size).toBe(4);
    // Each ticket's holder has its open send by the corporate (ticket_sends), as assignTickets writes them.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_items i JOIN ticket_sends s ON s.order_item_id = i.id AND s.holder_id = i.holder_id
        WHERE i.order_id = $1 AND s.sent_by = $2 AND s.returned_at IS NULL`, [partner.id, corporateId]);
    expect(rows[0].n).toBe(4);
    // Nobody on the promoter's blacklist.
    const listed = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id JOIN blacklist_entries b ON b.user_id = i.holder_id AND b.promoter_id = o.promoter_id
        WHERE i.order_id = $1`, [partner.id]);
    expect(listed.rows[0].n).toBe(0);
  });

  it('when a corporate reads its details, then full name, email and phone come', async () => {
    const res = await get('/api/corporate-app/details', corporate);
    expect(res.json()).toMatchObject({ corporate_name: 'Volvo Hospitality', full_name: 'Karin Lindqvist', email: 'corporate@demo.test' });
    expect((await get('/api/corporate-app/details', promoter)).statusCode).toBe(403);
  });
});

describe('send a ticket by phone', () => {
  let reservation: { id: number; event: { id: number } };
  let items: { id: number }[];
  beforeAll(async () => {
    reservation = (await myReservations(corporate)).find((r) => r.title === 'Client evening')!;
    items = (await get(`/api/corporate-app/reservations/${reservation.id}`, corporate)).json().items;
  });
  const friend = (phone: string, token = corporate, eventId = reservation.event.id) => get(`/api/events/${eventId}/tickets/friend?phone=${encodeURIComponent(phone)}`, token);
  /** The send of 001 §7: `PUT api/reservations/{id}` with `items`, as the corporate app calls it. */
  const assign = (body: unknown, token = corporate) => send('PUT', `/api/reservations/${reservation.id}`, token, body);
  const detail = async () => (await get(`/api/corporate-app/reservations/${reservation.id}`, corporate)).json();

  it('when the reservation\'s hold has ended, then a send is refused (409) with when it ended, nothing is sent, and the list says the hold ended', async () => {
    const stadium = await eventId(t, 'Midsummer Stadium Night');
    const [seat] = await freePricedSeats(t, stadium, 1, 300, 'sectionEnds');
    const made = await send('POST', '/api/reservations', promoter, { event: stadium, title: 'Ended hospitality', type: 'corporate', owner: corporateId, reserved_until: '2099-12-31 23:00:00' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const held = await send('PUT', `/api/reservations/${id}`, promoter, { tickets: [{ ...seat, event: stadium }] });
    expect(held.statusCode, held.body).toBe(200);
    await t.db.query(`UPDATE orders SET reserved_until = date_trunc('minute', now() AT TIME ZONE 'Europe/Stockholm') - interval '1 hour' WHERE id = $1`, [id]);
    const ended = (await t.db.query<{ at: string }>(`SELECT to_char(reserved_until, 'DD.MM.YYYY HH24:MI') AS at FROM orders WHERE id = $1`, [id])).rows[0]!.at;
    const ticket = (await get(`/api/corporate-app/reservations/${id}`, corporate)).json().items[0] as { id: number };
    const erik = (await friend('46701007919')).json().user;
    const res = await send('PUT', `/api/reservations/${id}`, corporate, { items: [{ id: ticket.id, user: { id: erik.id }, is_child: false }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'hold_ended', message: HOLD_ENDED_SEND(ended) });
    expect((await t.db.query('SELECT count(*)::int AS n FROM ticket_sends WHERE order_item_id = $1', [ticket.id])).rows[0]).toEqual({ n: 0 });
    expect((await myReservations(corporate)).find((r) => r.id === id)).toMatchObject({ hold_ended: true });
    expect((await myReservations(corporate)).find((r) => r.id === reservation.id)).toMatchObject({ hold_ended: false });
  });

  it('when the phone of a registered person is searched by its digits, then the person comes', async () => {
    const res = await friend('46701007919');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Erik Andersson', phone: '+46701007919', status: 'active' });
    expect((await friend('+46 70-100 79 19')).statusCode).toBe(200);
  });

  it('when nobody has the number, then 404; a malformed number 400 with the phone message', async () => {
    const none = await friend('46709999999');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No user found with this phone number.');
    const bad = await friend('123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Enter a valid phone number, e.g. 070 123 45 67.');
  });

  it('when the person cannot receive tickets, then 403 with the reason', async () => {
    await t.db.query(`INSERT INTO users (type, status, name, phone) VALUES ('attendee', 'deleted', 'Gone Person', '+46709876501')`);
    const res = await friend('46709876501');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This person cannot receive tickets.');
  });

  it('when a corporate searches on an event without its reservations or of another promoter, then 404', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM events WHERE promoter_id = $1 ORDER BY id LIMIT 1`, [promoterIds[1]]);
    expect((await friend('46701007919', corporate, Number(rows[0].id))).statusCode).toBe(404);
    expect((await friend('46701007919', promoter, Number(rows[0].id))).statusCode).toBe(404);
    expect((await friend('46701007919', admin, Number(rows[0].id))).statusCode).toBe(200);
    expect((await friend('46701007919', await t.tokenFor('boxoffice'))).statusCode).toBe(403);
  });

  it('when a ticket is sent to a registered person, then they hold it, the counts follow and a second send is refused', async () => {
    const erik = (await friend('46701007919')).json().user;
    const res = await assign({ items: [{ id: items[0].id, user: { id: erik.id }, is_child: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((i: { id: number }) => i.id === items[0].id).user).toMatchObject({ id: erik.id, name: 'Erik Andersson' });
    expect((await detail()).tickets).toMatchObject({ total: 4, sent: 1, unsent: 3 });
    const again = await assign({ items: [{ id: items[0].id, user: { id: erik.id }, is_child: false }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This ticket has already been sent to Erik Andersson.');
  });

  it('when a ticket is sent to an unknown number, then an unregistered user is created with the typed names', async () => {
    const phone = freshPhone();
    const res = await assign({ items: [{ id: items[1].id, user: { phone: phone.replace(/^0/, '46'), first_name: 'Nora', last_name: 'Berg' } }] });
    expect(res.statusCode).toBe(200);
    const holder = (await detail()).items.find((i: { id: number }) => i.id === items[1].id).user;
    expect(holder).toMatchObject({ name: 'Nora Berg', status: 'unregistered', phone: `+${phone.replace(/^0/, '46')}` });
    // The same number found again is that person, not a new one.
    expect((await friend(phone.replace(/^0/, '46'))).json().user.id).toBe(holder.id);
  });

  it('when an assign names an unknown ticket, a ticket twice, a deleted person or a bad phone, then it is refused and nothing changes', async () => {
    expect((await assign({ items: [{ id: 2147483647, user: { id: 1 } }] })).statusCode).toBe(404);
    expect((await assign({ items: [{ id: items[2].id, user: { phone: '12' } }] })).statusCode).toBe(400);
    const twice = await assign({ items: [{ id: items[2].id, user: { phone: '46701007919' } }, { id: items[2].id, user: { phone: '46701007919' } }] });
    expect(twice.statusCode).toBe(422);
    expect((await assign({ items: [{ id: items[2].id, user: { phone: '46709876501' } }] })).statusCode).toBe(403);
    expect((await assign({ items: [{ id: items[2].id, user: {} }] })).json().error.message).toBe('User is required');
    expectBadInput((await assign({ items: [] })).statusCode);
    expectBadInput((await assign({ items: [{ id: 0, user: { id: 1 } }] })).statusCode);
    expect((await detail()).items.find((i: { id: number }) => i.id === items[2].id).user).toBeNull();
  });

  it('when a corporate tries to remove, take back or change a reservation through the update, then 403; only sends pass', async () => {
    const only = 'The corporate app sends tickets only: the person who received a ticket returns it.';
    for (const body of [{ items: [{ id: items[2].id, valid: false }] }, { items: [{ id: items[0].id, user: null }] }, { title: 'Mine now' },
      { sub_reservation: { items: [{ id: items[2].id }] } }]) {
      const res = await assign(body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(only);
    }
    expect((await assign({ items: [{ id: items[2].id, is_child: false }] })).json().error.message).toBe('User is required');
    const me = await assign({ items: [{ id: items[2].id, user: { id: corporateId } }] });
    expect(me.statusCode).toBe(422);
    expect(me.json().error.message).toBe('The ticket is already yours: send it to another person.');
    expect((await detail()).items.find((i: { id: number }) => i.id === items[2].id).user).toBeNull();
    expect((await detail()).title).toBe('Client evening');
  });

  it('when the receiver is on the promoter\'s blacklist, then the search already says so and the send is refused with the reason and the ticket stays unsent', async () => {
    const erik = (await friend('46701007919')).json().user;
    expect((await friend('46701007919')).json().refusal).toBeNull();
    await t.db.query(
      `INSERT INTO blacklist_entries (promoter_id, user_id, expire_date) SELECT promoter_id, $2, current_date + 30 FROM orders WHERE id = $1
       ON CONFLICT (promoter_id, user_id) DO UPDATE SET expire_date = EXCLUDED.expire_date`,
      [reservation.id, erik.id],
    );
    // The found card says it before Send (issue 38), in the send's own words.
    const found = (await friend('46701007919')).json();
    expect(found).toMatchObject({ user: { id: erik.id } });
    const res = await assign({ items: [{ id: items[3].id, user: { id: erik.id }, is_child: false }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('blacklisted');
    expect(found.refusal).toBe(res.json().error.message);
    expect((await detail()).items.find((i: { id: number }) => i.id === items[3].id).user).toBeNull();
    await t.db.query('DELETE FROM blacklist_entries WHERE user_id = $1', [erik.id]);
  });

  it('when a ticket of another reservation is named, then 404', async () => {
    const box = (await myReservations(corporate)).find((r) => r.title === 'Management box')!;
    const boxItem = (await get(`/api/corporate-app/reservations/${box.id}`, corporate)).json().items[0];
    expect((await assign({ items: [{ id: boxItem.id, user: { phone: '46701007919' } }] })).statusCode).toBe(404);
  });

  it('when the holders are asked for, then each sent ticket names its person, scoped to the caller', async () => {
    const mine = await get(`/api/corporate-ticket-holders?reservation_id=${reservation.id}`, corporate);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().count).toBe(2);
    expect(mine.json().collection.map((h: { user: { name: string } }) => h.user.name).sort()).toEqual(['Erik Andersson', 'Nora Berg']);
    expect((await get(`/api/corporate-ticket-holders?reservation_id=${reservation.id}`, corporate2)).json().count).toBe(0);
    expect((await get(`/api/corporate-ticket-holders?reservation_id=${reservation.id}`, promoter2)).json().count).toBe(0);
    expect((await get(`/api/corporate-ticket-holders?corporate_id=${corporateId}&reservation_id=${reservation.id}`, promoter)).json().count).toBe(2);
    expect((await get(`/api/corporate-ticket-holders?corporate_id=${corporate2Id}`, promoter)).json().count).toBe(0);
  });
});
