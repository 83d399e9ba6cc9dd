import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';

/** Promo codes and ombuds (002 §2–§9): every call, the spec's messages, promoter scoping, bad input. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
});
afterAll(() => t.close());

const post = (payload: object, token = promoter) => t.call({ method: 'POST', url: '/api/discounts', token, payload });
const put = (id: number, payload: object, token = promoter) => t.call({ method: 'PUT', url: `/api/discounts/${id}`, token, payload });
const get = (id: number, token = promoter) => t.call({ method: 'GET', url: `/api/discounts/${id}`, token });
const base = { name: 'Test promo', type: 'percentage', item_type: 'ticket', value: 10, discount_type: 'standard' };

describe('promo codes', () => {
  it('when a promoter lists them, then 10 of their own come with a count', async () => {
    const res = await t.call({ method: 'GET', url: '/api/discounts?page=1&per_page=10', token: promoter });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.collection).toHaveLength(10);
    expect(body.count).toBeGreaterThanOrEqual(12);
    const own = (await t.call({ method: 'GET', url: '/api/profile', token: promoter })).json();
    expect(new Set(body.collection.map((p: { promoter: { name: string } }) => p.promoter.name)).size).toBe(1);
    expect(own).toBeTruthy();
  });

  it('when each mode is saved, then it is derived back the same', async () => {
    const modes = [
      { mode: 'none', extra: { data: { calculation: null } } },
      { mode: 'min_quantity', extra: { min_tickets: 3, data: { calculation: { x: 3 } } } },
      { mode: 'buy_two_get_one', extra: { discount_type: 'custom', value: 100, min_tickets: 2, data: { calculation: { x: 2, y: 1 } } } },
      { mode: 'buy_x_get_y', extra: { discount_type: 'custom', value: 40, min_tickets: 3, data: { calculation: { x: 3, y: 2 } } } },
      { mode: 'family', extra: { discount_type: 'family', min_tickets: 2, min_kids: 1, data: { calculation: { x: 1, y: 2 } } } },
    ];
    for (const [i, { mode, extra }] of modes.entries()) {
      const res = await post({ ...base, promo_code: `MODE${i}`, ...extra });
      expect(res.statusCode, mode).toBe(200);
      expect(res.json().mode).toBe(mode);
      expect((await get(res.json().id)).json().mode).toBe(mode);
    }
  });

  it('when the code is blank, then the server generates one; blank limits are unlimited', async () => {
    const res = await post({ ...base, promo_code: '', max_usages: '', person_usages: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().promo_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(res.json().max_usages).toBeNull();
    expect(res.json().person_usages).toBeNull();
  });

  it('when the form breaks a rule, then the spec says which', async () => {
    const errors = async (payload: object, token = promoter) => {
      const res = await post(payload, token);
      expect(res.statusCode).toBe(422);
      return res.json().validation_errors;
    };
    expect(await errors({ ...base, value: 120 })).toEqual({ value: ['Discount must be less than or equal to 100%'] });
    expect(await errors({ ...base, promo_code: 'ELEVENCHARS' })).toEqual({ promo_code: ['Must be 1-10 characters'] });
    expect(await errors({ ...base, name: '' })).toEqual({ name: ['Required'] });
    expect(await errors({ ...base, discount_type: 'custom', data: { calculation: { x: 0, y: '' } } })).toEqual({
      'data.calculation.x': ['Enter valid number'],
      'data.calculation.y': ['Required'],
    });
    expect(await errors({ ...base, max_usages: 'many' })).toEqual({ max_usages: ['Enter valid number'] });
    expect(await errors({ ...base, promo_code: 'X' }, admin)).toEqual({ promoter: ['Required'] });
    expect(await errors({ ...base, item_type: 'merchandise', discount_type: 'family', data: { calculation: { x: 1, y: 1 } } })).toHaveProperty('discount_type');
  });

  it('when a code is used again in another case, then it is refused for that promoter only', async () => {
    expect((await post({ ...base, promo_code: 'Unique1' })).statusCode).toBe(200);
    const again = await post({ ...base, promo_code: 'UNIQUE1' });
    expect(again.statusCode).toBe(422);
    expect(again.json().validation_errors).toEqual({ promo_code: ['This promo code is already in use'] });
    expect((await post({ ...base, promo_code: 'unique1' }, promoter2)).statusCode).toBe(200);
  });

  it('when a value is beyond what a field takes, then the error says that alone, not every type the field could have had', async () => {
    const res = await post({ ...base, type: 'amount', value: 100_000_000 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ validation_errors: { value: ['must be <= 10000000'] } });
  });

  it('when free of charge is saved, then value is 0 and the type free', async () => {
    const res = await post({ ...base, type: 'free', value: null, person_usages: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'free', value: 0, person_usages: 1 });
  });

  it('when a new code would expire before the venue\'s today, then 422 says so; an expired code\'s other fields can still be saved', async () => {
    const past = await post({ ...base, promo_code: 'BORNDEAD', expire_date: '2020-01-31' });
    expect(past.statusCode).toBe(422);
    expect(past.json().validation_errors.expire_date).toEqual(['Expiry date cannot be before today']);
    const id = (await post({ ...base, promo_code: 'AGED' })).json().id;
    await t.db.query(`UPDATE discounts SET expire_date = '2020-01-31' WHERE id = $1`, [id]);
    const edited = await put(id, { ...base, promo_code: 'AGED', name: 'Renamed', expire_date: '2020-01-31' });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('when edited and (de)activated, then the changes are kept; only active may be sent', async () => {
    const id = (await post({ ...base, promo_code: 'EDITME' })).json().id;
    const saved = await put(id, { ...base, promo_code: 'EDITED', name: 'Edited', value: 20, expire_date: '2027-01-31' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ promo_code: 'EDITED', name: 'Edited', value: 20, expire_date: '2027-01-31', active: true });
    expect((await put(id, { active: false })).json()).toMatchObject({ active: false, name: 'Edited' });
    expect((await put(id, { active: true })).json().active).toBe(true);
    expect((await put(id, { ...base, promo_code: '' })).json().validation_errors).toEqual({ promo_code: ['Must be 1-10 characters'] });
    const taken = await put(id, { ...base, promo_code: 'unique1' });
    expect(taken.json().validation_errors).toEqual({ promo_code: ['This promo code is already in use'] });
  });

  it('when another promoter asks for a promo, then it is not found', async () => {
    const id = (await post({ ...base, promo_code: 'MINE' })).json().id;
    expect((await get(id, promoter2)).statusCode).toBe(404);
    expect((await put(id, { active: false }, promoter2)).statusCode).toBe(404);
    expect((await get(id, admin)).statusCode).toBe(200);
  });

  it('when the input is bad, then 4xx, never 5xx', async () => {
    for (const payload of [
      { ...base, max_usages: 99999999999 },
      { ...base, value: 1e12, type: 'amount' },
      { ...base, name: 'a\u0000b' },
      { ...base, event: 999999999999 },
      { ...base, expire_date: '2027-02-31' },
      { ...base, promo_code: 'a b' },
      { ...base, data: { calculation: { x: 'NaN' } }, min_tickets: 3 },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await get(2147483648)).statusCode).toBeLessThan(500);
  });

  it('when an admin creates for a promoter, then the options list offers the promoters and their events', async () => {
    const options = (await t.call({ method: 'GET', url: '/api/discounts/options', token: admin })).json();
    expect(options.promoters.length).toBeGreaterThanOrEqual(2);
    const p = options.promoters[0].id;
    const event = options.events.find((e: { promoter_id: number }) => e.promoter_id === p);
    const res = await post({ ...base, promoter: p, event: event.id, promo_code: 'ADMIN1' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().event.id).toBe(event.id);
    const other = options.events.find((e: { promoter_id: number }) => e.promoter_id !== p);
    expect((await post({ ...base, promoter: p, event: other.id }, admin)).json().validation_errors.event).toBeDefined();
    const own = (await t.call({ method: 'GET', url: '/api/discounts/options', token: promoter })).json();
    expect(own.promoters).toHaveLength(1);
  });
});

describe('ombuds', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = promoter) => t.call({ method, url, token, payload });

  it('when a promoter adds, edits and removes an ombud, then the list follows', async () => {
    const people = (await call('GET', '/api/ombuds/attendees?search=Andersson')).json();
    expect(people.collection.length).toBeGreaterThan(0);
    const attendee = people.collection[0].id;
    const code = (await post({ ...base, promo_code: 'OMBUD1' })).json().id;
    const created = await call('POST', '/api/ombuds', { attendee, discount: code, selectedDate: '15.12.2026' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ attendee: { id: attendee }, discount: { id: code, promo_code: 'OMBUD1' }, selectedDate: '15.12.2026' });
    const id = created.json().id;
    const list = (await call('GET', '/api/ombuds?page=1&per_page=10')).json();
    expect(list.collection.map((o: { id: number }) => o.id)).toContain(id);
    const edited = await call('PUT', `/api/ombuds/${id}`, { selectedDate: '01.01.2027', discount: code });
    expect(edited.json()).toMatchObject({ attendee: { id: attendee }, selectedDate: '01.01.2027' });
    expect((await call('GET', `/api/ombuds/${id}`, undefined, promoter2)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ombuds/${id}`, undefined, promoter2)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/ombuds/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/ombuds/${id}`)).statusCode).toBe(404);
  });

  it('when a promoter searches people, then only those linked to them are found (by name, phone prefix or e-mail); an admin finds everyone', async () => {
    const promoterOf = async (email: string) => Number((await t.db.query<{ id: number }>('SELECT promoter_id AS id FROM users WHERE email = $1', [email])).rows[0].id);
    const [a, b] = [await promoterOf('promoter@demo.test'), await promoterOf('promoter2@demo.test')];
    // A customer of promoter B only, with a name, a Swedish mobile and an e-mail (the seed has thousands; take the first).
    const { rows } = await t.db.query<{ id: number; name: string; phone: string; email: string }>(
      `SELECT u.id, u.name, u.phone, u.email FROM users u
        WHERE u.type = 'attendee' AND u.status = 'active' AND u.phone LIKE '+467%' AND u.email IS NOT NULL
          AND EXISTS (SELECT 1 FROM orders o WHERE o.owner_id = u.id AND o.promoter_id = $2)
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.owner_id = u.id AND o.promoter_id = $1)
        ORDER BY u.id LIMIT 1`,
      [a, b],
    );
    expect(rows).toHaveLength(1);
    const other = { ...rows[0], id: Number(rows[0].id) };
    const ids = async (search: string, token: string) => {
      const res = await call('GET', `/api/ombuds/attendees?search=${encodeURIComponent(search)}`, undefined, token);
      expect(res.statusCode).toBe(200);
      return res.json().collection.map((p: { id: number }) => p.id) as number[];
    };
    const searches = [other.name, other.email, `07${other.phone.slice(4, 9)}`, other.phone.slice(0, 8)];
    for (const search of searches) {
      expect(await ids(search, admin)).toContain(other.id);
      expect(await ids(search, promoter2)).toContain(other.id);
      expect(await ids(search, promoter)).not.toContain(other.id);
    }
    // The probe's loop: every phone prefix +4670…+4679 as promoter A never lists a single person of B's alone.
    const linkedToA = async (id: number) => (await t.db.query('SELECT 1 FROM orders WHERE owner_id = $1 AND promoter_id = $2', [id, a])).rows.length > 0;
    let seen = 0;
    for (let d = 0; d <= 9; d++) {
      for (const id of await ids(`+467${d}`, promoter)) {
        expect(await linkedToA(id)).toBe(true);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0); // A still finds their own customers
    // Nor can A link B's customer as an ombud, which would answer with their phone and e-mail.
    const res = await call('POST', '/api/ombuds', { attendee: other.id, selectedDate: '15.12.2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ attendee: ['Choose an attendee'] });
    expect(res.body).not.toContain(other.email);
  });

  it('when the phone is typed the Swedish way, then the attendee is found', async () => {
    const { rows } = await t.db.query<{ phone: string }>(
      `SELECT u.phone FROM users u WHERE u.type = 'attendee' AND u.phone LIKE '+467%'
          AND EXISTS (SELECT 1 FROM orders o JOIN users p ON p.promoter_id = o.promoter_id WHERE o.owner_id = u.id AND p.email = 'promoter@demo.test')
        ORDER BY u.id LIMIT 1`,
    );
    const local = `07${rows[0].phone.slice(4)}`;
    const found = (await call('GET', `/api/ombuds/attendees?search=${encodeURIComponent(local)}`)).json();
    expect(found.collection.map((p: { phone: string }) => p.phone)).toContain(rows[0].phone);
  });

  it('when required fields are missing or foreign, then the spec says which', async () => {
    expect((await call('POST', '/api/ombuds', {})).json().validation_errors).toEqual({ attendee: ['Required'] });
    expect((await call('POST', '/api/ombuds', {}, admin)).json().validation_errors).toEqual({ attendee: ['Required'], promoter: ['Required'] });
    const foreign = (await post({ ...base, promo_code: 'FOREIGN' }, promoter2)).json().id;
    const attendee = (await call('GET', '/api/ombuds/attendees?search=Nilsson')).json().collection[0].id;
    const res = await call('POST', '/api/ombuds', { attendee, discount: foreign, selectedDate: '31.02.2026' });
    expect(res.json().validation_errors).toEqual({ discount: ['Choose a promo code of this promoter'], selectedDate: ['Enter a date as dd.mm.yyyy'] });
    expect((await call('POST', '/api/ombuds', { attendee: 'x\u0000' })).statusCode).toBe(422);
  });
});
