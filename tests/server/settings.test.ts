import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runForgetUsers } from '../../server/jobs/forgetUsers';
import { createTestApp, type TestApp } from './setup/testApp';

/** Platform settings (002 §2 "Settings", §7): fees, default service fees, VAT, forget user and its erasure, FAQ. */
let t: TestApp;
let admin: string;
let promoter: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter')]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin) => t.call({ method, url, token, payload });

describe('admin only', () => {
  it('when a promoter calls a settings route, then 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings'], ['GET', '/api/default-service-fees'], ['GET', '/api/settings/vats'], ['GET', '/api/faq'],
      ['GET', '/api/forget-me/users?search=anna'], ['POST', '/api/forget-me/user/1'], ['DELETE', '/api/forget-me/user/1'],
    ] as const) {
      expect((await call(method, url, undefined, promoter)).statusCode, url).toBe(403);
    }
  });
});

describe('fees', () => {
  it('when the admin fee and refund fee change, then they are kept', async () => {
    const res = await call('PUT', '/api/settings', { admin_fee: 17.5, refund_fee: 7 });
    expect(res.json()).toEqual({ admin_fee: 17.5, refund_fee: 7 });
    expect((await call('GET', '/api/settings')).json()).toEqual({ admin_fee: 17.5, refund_fee: 7 });
  });

  it('when a default fee row is added, edited and removed, then the list follows', async () => {
    const before = (await call('GET', '/api/default-service-fees')).json().count;
    // The seeded highest band is open (500 SEK and up): it ends at 5000 SEK before a band above it is added.
    const open = (await call('GET', '/api/default-service-fees')).json().collection.find((b: { ticketPriceMax: number | null }) => b.ticketPriceMax === null);
    expect((await call('PUT', `/api/default-service-fees/${open.id}`, { ticketPriceMin: open.ticketPriceMin, ticketPriceMax: 5000, fee: open.fee })).statusCode).toBe(200);
    const added = await call('POST', '/api/default-service-fees', { ticketPriceMin: 5000, ticketPriceMax: null, fee: 99.5 });
    expect(added.json()).toMatchObject({ ticketPriceMin: 5000, ticketPriceMax: null, fee: 99.5 });
    const id = added.json().id;
    expect((await call('PUT', `/api/default-service-fees/${id}`, { ticketPriceMin: 5000, ticketPriceMax: 9000, fee: 120 })).json()).toMatchObject({ ticketPriceMax: 9000, fee: 120 });
    expect((await call('GET', '/api/default-service-fees')).json().count).toBe(before + 1);
    expect((await call('PUT', `/api/default-service-fees/${id}`, { ticketPriceMin: 5000, ticketPriceMax: 100, fee: 1 })).json().validation_errors).toEqual({
      ticketPriceMax: ['Must be more than the minimum price'],
    });
    expect((await call('POST', '/api/default-service-fees', { ticketPriceMin: -1, fee: 1 })).statusCode).toBe(422);
    expect((await call('POST', '/api/default-service-fees', { ticketPriceMin: 1e12, fee: 1 })).statusCode).toBe(422);
    expect((await call('DELETE', `/api/default-service-fees/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/default-service-fees/${id}`)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM service_fees WHERE promoter_id IS NOT NULL LIMIT 1');
    expect((await call('PUT', `/api/default-service-fees/${rows[0].id}`, { ticketPriceMin: 0, fee: 1 })).statusCode).toBe(404);
  });

  it('when a default band would overlap another, then 422 names that band under the minimum and nothing is saved', async () => {
    const list = async () => (await call('GET', '/api/default-service-fees')).json().collection as { id: number; ticketPriceMin: number; ticketPriceMax: number | null; fee: number }[];
    const before = await list();
    const first = before[0];
    const wide = await call('POST', '/api/default-service-fees', { ticketPriceMin: 0, ticketPriceMax: 100000, fee: 10 });
    expect(wide.statusCode).toBe(422);
    const firstBand = `${first.ticketPriceMin.toFixed(2).replace('.', ',')} SEK to ${first.ticketPriceMax!.toFixed(2).replace('.', ',')} SEK`;
    expect(wide.json().validation_errors).toEqual({ ticketPriceMin: [`Overlaps the band from ${firstBand}: a ticket price may have one fee only. Change that band first.`] });
    // Moving a band onto its neighbour is refused the same way; touching it (its maximum is the next minimum) is not.
    const second = before[1];
    const moved = await call('PUT', `/api/default-service-fees/${second.id}`, { ticketPriceMin: first.ticketPriceMax! - 1, ticketPriceMax: second.ticketPriceMax, fee: second.fee });
    expect(moved.statusCode).toBe(422);
    expect(await list()).toEqual(before);
    expect((await call('PUT', `/api/default-service-fees/${second.id}`, { ticketPriceMin: first.ticketPriceMax, ticketPriceMax: second.ticketPriceMax, fee: second.fee + 1 })).statusCode).toBe(200);
  });
});

describe('VAT', () => {
  it('when a category rate changes, then the VAT dropdowns offer the new rate', async () => {
    const list = (await call('GET', '/api/settings/vats')).json().collection;
    const reduced = list.find((v: { item_type: string; vat: number }) => v.item_type === 'ticket' && v.vat === 12);
    expect(reduced.category).toBe('Reduced: food, hotels');
    const res = await call('PUT', `/api/settings/vats/${reduced.id}`, { vat: 12.5 });
    expect(res.json()).toMatchObject({ vat: 12.5, name: '12.5%' });
    const offered = (await call('GET', '/api/vats?filters[item_type]=ticket', undefined, promoter)).json().collection;
    expect(offered.map((v: { vat: number }) => v.vat)).toEqual([0, 6, 12.5, 25]);
    expect((await call('PUT', `/api/settings/vats/${reduced.id}`, { vat: 25 })).json().validation_errors).toEqual({
      vat: ['Another category of this kind already has this rate'],
    });
    expect((await call('PUT', `/api/settings/vats/${reduced.id}`, { vat: 101 })).statusCode).toBe(422);
  });
});

describe('forget user', () => {
  it('when an attendee is scheduled and the day comes, then their data is erased and the finance totals stay', async () => {
    const { rows } = await t.db.query<{ id: number; phone: string; email: string }>(
      `SELECT u.id, u.phone, u.email FROM users u WHERE u.type = 'attendee' AND u.email IS NOT NULL
          AND EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.owner_id = u.id AND i.valid)
        ORDER BY u.id LIMIT 1`,
    );
    const person = rows[0];
    const local = `07${person.phone.slice(4)}`;
    const found = (await call('GET', `/api/forget-me/users?search=${encodeURIComponent(local)}`)).json();
    expect(found.collection.map((p: { id: number }) => Number(p.id))).toContain(Number(person.id));
    expect((await t.db.query('SELECT 1 FROM forget_requests WHERE user_id = $1', [person.id])).rows).toEqual([]);

    // 002 §7: the GET schedules the erasure and answers execute_date and user_id (also as "params").
    const scheduled = await call('GET', `/api/forget-me/user/${person.id}`);
    expect(scheduled.statusCode).toBe(200);
    const date = scheduled.json().execute_date as string;
    expect(scheduled.json()).toEqual({ user_id: Number(person.id), execute_date: date, executed: false, params: { user_id: Number(person.id), execute_date: date } });
    // 30 days from today, Swedish time (an oracle of its own: the date of now + 30 days in Stockholm).
    const expected = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    expect(date.slice(0, 10)).toBe(expected);
    expect((await t.db.query('SELECT count(*)::int AS n FROM forget_requests WHERE user_id = $1 AND executed_at IS NULL', [person.id])).rows[0]).toEqual({ n: 1 });
    // A second request, GET or the console's POST, keeps the first date.
    expect((await call('POST', `/api/forget-me/user/${person.id}`)).json().execute_date).toBe(date);
    expect((await call('GET', `/api/forget-me/user/${person.id}`)).json().execute_date).toBe(date);
    // The search says the erasure is pending and for when; a cancel removes it (and only a pending one).
    const pendingOf = async () => (await call('GET', `/api/forget-me/users?search=${encodeURIComponent(local)}`)).json()
      .collection.find((p: { id: number }) => Number(p.id) === Number(person.id)).erasure_date;
    expect(await pendingOf()).toBe(date);
    expect((await call('DELETE', `/api/forget-me/user/${person.id}`)).statusCode).toBe(200);
    expect(await pendingOf()).toBeNull();
    expect((await t.db.query('SELECT 1 FROM forget_requests WHERE user_id = $1', [person.id])).rows).toEqual([]);
    expect((await call('DELETE', `/api/forget-me/user/${person.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/forget-me/user/${person.id}`)).statusCode).toBe(200);

    const totals = async () => {
      const sums = await t.db.query<{ items: string; payments: string; refunds: string; owned: string }>(
        `SELECT (SELECT sum(price_ore::bigint * quantity) FROM order_items)::text AS items,
                (SELECT sum(amount_ore::bigint) FROM payments)::text AS payments,
                (SELECT count(*) FROM refunds)::text AS refunds,
                (SELECT count(*) FROM orders WHERE owner_id = $1)::text AS owned`,
        [person.id],
      );
      const report = (await call('GET', '/api/reports/finance/totals/sales?from_date=2020-01-01&to_date=2030-12-31')).json();
      return { ...sums.rows[0], report };
    };
    const before = await totals();
    expect(await runForgetUsers(t.db)).toEqual([]); // not due yet
    await t.db.query(`UPDATE forget_requests SET execute_date = now() - interval '1 minute' WHERE user_id = $1`, [person.id]);
    expect(await runForgetUsers(t.db)).toEqual([Number(person.id)]);
    expect(await runForgetUsers(t.db)).toEqual([]);

    const erased = (await t.db.query(`SELECT name, first_name, last_name, email, phone, birth_date, register_type, status FROM users WHERE id = $1`, [person.id])).rows[0];
    expect(erased).toEqual({ name: 'Anonymous', first_name: null, last_name: null, email: null, phone: null, birth_date: null, register_type: null, status: 'deleted' });
    expect((await call('GET', `/api/forget-me/users?search=${encodeURIComponent(local)}`)).json().collection).toEqual([]);
    expect((await call('GET', `/api/forget-me/users?search=${encodeURIComponent(person.email)}`)).json().collection).toEqual([]);
    expect((await call('GET', `/api/forget-me/user/${person.id}`)).json().executed).toBe(true);
    expect(await totals()).toEqual(before);
  });

  it('when the user is unknown or not an attendee, then 404', async () => {
    expect((await call('POST', '/api/forget-me/user/2147483647')).statusCode).toBe(404);
    expect((await call('POST', '/api/forget-me/user/1')).statusCode).toBe(404);
    expect((await call('GET', '/api/forget-me/user/99999999999')).statusCode).toBe(422);
    expect((await call('GET', '/api/forget-me/user/2147483647')).statusCode).toBe(404);
    expect((await call('GET', '/api/forget-me/user/1')).statusCode).toBe(404);
    expect((await t.db.query('SELECT count(*)::int AS n FROM forget_requests WHERE user_id = 1')).rows[0]).toEqual({ n: 0 });
  });
});

describe('FAQ', () => {
  const item = (en: string, sv = 'Fråga') => ({
    platform: 'app',
    translations: [
      { language: 'en', title: en, description: '<p onclick="x()">Answer <b>bold</b></p><script>alert(1)</script>' },
      { language: 'sv', title: sv, description: '<p>Svar</p>' },
    ],
  });

  it('when an item is added, edited and deleted, then the list follows and the answer is cleaned', async () => {
    const added = await call('POST', '/api/faq', item('Question?'));
    expect(added.statusCode).toBe(200);
    const id = added.json().id;
    expect(added.json().translations[0]).toEqual({ language: 'en', title: 'Question?', description: '<p>Answer <b>bold</b></p>' });
    expect(added.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const edited = await call('PATCH', `/api/faq/${id}`, { ...item('Question, edited'), position: 9 });
    expect(edited.json()).toMatchObject({ position: 9, translations: [{ title: 'Question, edited' }, { title: 'Fråga' }] });
    expect((await call('GET', '/api/faq?platform=app')).json().collection.map((f: { id: number }) => f.id)).toContain(id);
    expect((await call('GET', `/api/faq/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/faq/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/faq/${id}`)).statusCode).toBe(404);
  });

  it('when a title or answer is missing in a language, then Required', async () => {
    const res = await call('POST', '/api/faq', { platform: 'app', translations: [{ language: 'en', title: '', description: '<p> </p>' }] });
    expect(res.json().validation_errors).toEqual({
      'translations.en.title': ['Required'],
      'translations.en.description': ['Required'],
      'translations.sv.title': ['Required'],
      'translations.sv.description': ['Required'],
    });
    expect((await call('POST', '/api/faq', { platform: 'web', translations: [] })).statusCode).toBe(422);
  });

  it('when the demo data is read, then FAQ items of both platforms are there', async () => {
    const list = (await call('GET', '/api/faq')).json().collection;
    expect(new Set(list.map((f: { platform: string }) => f.platform))).toEqual(new Set(['app', 'event_manager']));
  });
});
