import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlacklisted, isPhoneBlacklisted } from '../../server/people/blacklist';
import { createTestApp, type TestApp } from './setup/testApp';

/** People (002 §2–§9): users, promoters with their fee schemes, the blacklist; scoping and bad input. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let promoterIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM promoters WHERE name IN ('Nordic Live AB', 'Arena Sport Events AB') ORDER BY name DESC`);
  promoterIds = rows.map((r) => Number(r.id));
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = admin) => t.call({ method, url, token, payload });
const userId = async (email: string) => Number((await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);
const login = (email: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('users list (GET api/users)', () => {
  it('when an admin searches a phone typed as 07…, then the user with +467… is found', async () => {
    const res = await get('/api/users?search=070-012%2034%2001&status=any&per_page=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().collection.map((u: { email: string }) => u.email)).toContain('promoter@demo.test');
    expect((await get('/api/users?search=0046700123401&status=any')).json().collection[0].email).toBe('promoter@demo.test');
  });

  it('filters by type, searches names and emails, pages by 10 and shows status and phone', async () => {
    const res = (await get('/api/users?type=attendee&status=any&page=2&per_page=10')).json();
    expect(res.collection).toHaveLength(10);
    expect(res.count).toBeGreaterThan(4000);
    expect(res.collection.every((u: { type: string }) => u.type === 'attendee')).toBe(true);
    expect(res.collection[0]).toHaveProperty('phone');
    // Each row shows the user's status as stored (read back from the database, not from the route).
    const ids = res.collection.map((u: { id: number }) => Number(u.id));
    const stored = await t.db.query<{ id: number; status: string }>('SELECT id::int, status FROM users WHERE id = ANY($1::bigint[])', [ids]);
    const statusOf = new Map(stored.rows.map((r) => [r.id, r.status]));
    expect(res.collection.map((u: { id: number; status: string }) => [Number(u.id), u.status])).toEqual(ids.map((id: number) => [id, statusOf.get(id)]));
    expect(res.collection.every((u: { status: string }) => ['active', 'inactive', 'unregistered', 'deleted'].includes(u.status))).toBe(true);
    const byEmail = (await get('/api/users?search=ADMIN@demo&status=any')).json();
    expect(byEmail.collection[0]).toMatchObject({ email: 'admin@demo.test', type: 'admin' });
    expect(byEmail.collection[0].last_sign_in_at).not.toBeNull();
    expect((await get('/api/users?search=100%25_x&status=any')).json().count).toBe(0);
  });

  it('keeps the first callers working: a type alone lists active users, a promoter sees only their own staff', async () => {
    const scanners = (await get('/api/users?type=scanner', promoter)).json();
    expect(scanners.collection.map((u: { email: string }) => u.email)).toEqual(['scanner@demo.test']);
    expect((await get('/api/users?type=promoter', promoter)).statusCode).toBe(403);
    expect((await get('/api/users?type=attendee', promoter)).statusCode).toBe(403);
    const mine = (await get('/api/users?status=any', promoter)).json();
    expect(mine.collection.every((u: { promoter: { id: number } }) => u.promoter.id === promoterIds[0])).toBe(true);
  });

  it('refuses bad input with 422, never 500', async () => {
    expect((await get('/api/users?type=alien')).statusCode).toBe(422);
    expect((await get('/api/users?page=99999999999')).statusCode).toBe(422);
    expect((await get('/api/users?search=%00')).statusCode).toBe(422);
  });
});

describe('one user, status, edit and remove', () => {
  it('GET api/users/{id}: admin any; a promoter their own staff; another promoter gets 404', async () => {
    const scanner = await userId('scanner@demo.test');
    expect((await get(`/api/users/${scanner}`)).json()).toMatchObject({ id: scanner, type: 'scanner', promoter: { id: promoterIds[0] } });
    expect((await get(`/api/users/${scanner}`, promoter)).statusCode).toBe(200);
    expect((await get(`/api/users/${scanner}`, promoter2)).statusCode).toBe(404);
    expect((await get(`/api/users/${await userId('admin@demo.test')}`, promoter)).statusCode).toBe(404);
    expect((await get('/api/users/2147483648')).statusCode).toBe(404);
    expect((await get('/api/users/abc')).statusCode).toBe(422);
  });

  it('when a user is deactivated, then their session ends at once and sign-in is refused; activated again they sign in', async () => {
    const id = await userId('scanner2@demo.test');
    const corporate2 = await t.tokenFor('corporate2');
    const cid = await userId('corporate2@demo.test');
    const res = await send('PUT', `/api/users/${cid}/status`, { status: 0 }, promoter2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: cid, status: 'inactive', isActive: false });
    expect((await get('/api/profile', corporate2)).statusCode).toBe(401);
    expect((await login('corporate2@demo.test', 'corporate-demo-2')).statusCode).toBe(403);
    expect((await send('PUT', `/api/users/${cid}/status`, { status: 1 }, promoter2)).json().status).toBe('active');
    expect((await login('corporate2@demo.test', 'corporate-demo-2')).statusCode).toBe(200);
    expect((await send('PUT', `/api/users/${id}/status`, { status: 'inactive' })).json().isActive).toBe(false);
    expect((await send('PUT', `/api/users/${id}/status`, { status: 'active' })).json().isActive).toBe(true);
  });

  it('status: another promoter gets 404, bad values 422, nobody deactivates themselves', async () => {
    const scanner = await userId('scanner@demo.test');
    expect((await send('PUT', `/api/users/${scanner}/status`, { status: 'inactive' }, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/users/${scanner}/status`, { status: 'gone' })).statusCode).toBe(422);
    expect((await send('PUT', `/api/users/${scanner}/status`, { status: 2 })).statusCode).toBe(422);
    const me = await userId('admin@demo.test');
    expect((await send('PUT', `/api/users/${me}/status`, { status: 'inactive' })).statusCode).toBe(409);
  });

  it('PUT api/users/{id}: an attendee\'s phone (required, normalised) and, for document users only, the password', async () => {
    const { rows } = await t.db.query<{ id: number; register_type: string }>(
      `SELECT DISTINCT ON (register_type) id, register_type FROM users WHERE type = 'attendee' AND status = 'active' ORDER BY register_type, id`,
    );
    const doc = Number(rows.find((r) => r.register_type === 'document')!.id);
    const bankid = Number(rows.find((r) => r.register_type === 'bankid')!.id);
    expect((await send('PUT', `/api/users/${doc}`, { phone: '' })).json().validation_errors.phone).toEqual(['This field is required']);
    expect((await send('PUT', `/api/users/${doc}`, { phone: '12' })).json().validation_errors.phone).toEqual(['Enter a phone number of 7 to 15 digits']);
    expect((await send('PUT', `/api/users/${doc}`, { phone: '0701112233', password: 'abc' })).json().validation_errors.password).toEqual(['This must be at least 6 characters long']);
    expect((await send('PUT', `/api/users/${doc}`, { phone: '0701112233', password: 'abcdef', password_confirmation: 'abcdeg' })).json().validation_errors.password_confirmation).toEqual(['Passwords must match']);
    const saved = await send('PUT', `/api/users/${doc}`, { phone: '070-111 22 33', password: 'secret-1' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phone).toBe('+46701112233');
    expect((await send('PUT', `/api/users/${bankid}`, { phone: '0701112234', password: 'secret-1' })).json().validation_errors.password[0]).toMatch(/registered by document/);
    const scanner = await userId('scanner@demo.test');
    expect((await send('PUT', `/api/users/${scanner}`, { phone: '0701112233' })).json().error.message).toBe('Not implemented yet');
    expect((await send('PUT', `/api/users/${doc}`, { phone: '0701112233' }, promoter)).statusCode).toBe(404);
    expect((await send('PUT', `/api/users/${scanner}`, { phone: '0701112233' }, promoter2)).statusCode).toBe(404);
  });

  it('DELETE api/users/{id}: the user is removed from lists and signed out; their orders stay', async () => {
    const { rows } = await t.db.query<{ id: number; n: number }>(
      `SELECT owner_id AS id, count(*)::int AS n FROM orders WHERE owner_id IN (SELECT id FROM users WHERE type = 'attendee') GROUP BY owner_id ORDER BY owner_id LIMIT 1`,
    );
    const id = Number(rows[0].id);
    expect((await send('DELETE', `/api/users/${id}`, undefined, promoter)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/users/${id}`)).json()).toEqual({ message: 'User removed' });
    expect((await get(`/api/users/${id}`)).statusCode).toBe(404);
    const left = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE owner_id = $1', [id]);
    expect(left.rows[0].n).toBe(rows[0].n);
    expect((await send('DELETE', `/api/users/${await userId('admin@demo.test')}`)).statusCode).toBe(409);
  });

  it('POST api/users/{id}/revoke-sessions ends the sessions but keeps the account active', async () => {
    const token = await t.tokenFor('boxoffice2');
    const id = await userId('boxoffice2@demo.test');
    expect((await send('POST', `/api/users/${id}/revoke-sessions`, undefined, promoter2)).statusCode).toBe(403);
    expect((await send('POST', `/api/users/${id}/revoke-sessions`)).statusCode).toBe(200);
    expect((await get('/api/profile', token)).statusCode).toBe(401);
    expect((await login('boxoffice2@demo.test', 'boxoffice-demo-2')).statusCode).toBe(200);
  });
});

const promoterBody = (email: string) => ({
  name: 'Göta Konsert AB', first_name: 'Greta', last_name: 'Berg', organization_number: '556999-0001', address: 'Kungsgatan 1',
  city: 'Göteborg', postcode: '411 19', country: 'SE', phone: '+46311112222', email, can_download_emails: true, can_apply_own_branding: false,
});

describe('promoters', () => {
  it('lists 10 a page for admins only; the third demo promoter is there with its scheme', async () => {
    const list = (await get('/api/promoters?page=1&per_page=10')).json();
    expect(list.count).toBeGreaterThanOrEqual(3);
    expect(list.collection.map((p: { name: string }) => p.name)).toContain('Scandinavian Stage AB');
    expect((await get('/api/promoters', promoter)).statusCode).toBe(403);
    const third = list.collection.find((p: { name: string }) => p.name === 'Scandinavian Stage AB');
    expect((await get(`/api/promoters/${third.id}/service-fees`)).json().count).toBe(4);
  });

  it('create: every required field and the email are checked with the spec\'s messages', async () => {
    const res = await send('POST', '/api/promoters', { email: 'nope' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().validation_errors;
    for (const f of ['name', 'first_name', 'last_name', 'organization_number', 'address', 'city', 'postcode', 'country', 'phone']) {
      expect(errors[f]).toEqual(['This field is required']);
    }
    expect(errors.email).toEqual(['Email you entered is invalid']);
    const pw = (await send('POST', '/api/promoters', { ...promoterBody('x@y.se'), password: 'abcdef', password_confirmation: 'abcxyz' })).json();
    expect(pw.validation_errors.password_confirmation).toEqual(['Passwords must match']);
    expect((await send('POST', '/api/promoters', promoterBody('promoter@demo.test'))).json().validation_errors.email[0]).toMatch(/already in use/);
    expect((await send('POST', '/api/promoters', { ...promoterBody('a@b.se'), name: 'x\u0000' })).statusCode).toBe(422);
  });

  it('when a promoter is created with a password, then it can sign in; editing keeps the rest; deactivating ends every sign-in of it', async () => {
    const created = await send('POST', '/api/promoters', { ...promoterBody('greta@gotakonsert.demo'), password: 'greta-pass-1', password_confirmation: 'greta-pass-1' });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ name: 'Göta Konsert AB', status: 'active', can_download_emails: true, user: { first_name: 'Greta', email: 'greta@gotakonsert.demo' } });
    const signIn = await login('greta@gotakonsert.demo', 'greta-pass-1');
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().token;
    const edited = await send('PUT', `/api/promoters/${p.id}`, { ...promoterBody('greta@gotakonsert.demo'), city: 'Mölndal', can_apply_own_branding: true });
    expect(edited.json()).toMatchObject({ city: 'Mölndal', can_apply_own_branding: true });
    expect((await login('greta@gotakonsert.demo', 'greta-pass-1')).statusCode).toBe(200);

    expect((await send('PUT', `/api/promoters/${p.id}/status`, { status: 'inactive' })).json().status).toBe('inactive');
    expect((await get('/api/profile', token)).statusCode).toBe(401);
    expect((await login('greta@gotakonsert.demo', 'greta-pass-1')).statusCode).toBe(403);
    expect((await send('PUT', `/api/promoters/${p.id}/status`, { status: 'active' })).json().status).toBe('active');
    expect((await get('/api/profile', token)).statusCode).toBe(401); // old sessions stay ended
    expect((await login('greta@gotakonsert.demo', 'greta-pass-1')).statusCode).toBe(200);
    expect((await get(`/api/promoters/${p.id}`)).json().city).toBe('Mölndal');
    expect((await get('/api/promoters/999999')).statusCode).toBe(404);
    expect((await send('PUT', `/api/promoters/${p.id}/status`, { status: 'gone' })).statusCode).toBe(422);
  });

  it('fee scheme: three bands are saved; overlaps and holes name the row; bad numbers get the spec\'s messages', async () => {
    const id = promoterIds[1];
    const url = `/api/promoters/${id}/service-fees/batch`;
    const ok = await send('POST', url, { fees: [{ price_min: 0, price_max: 100, fixed: 10 }, { price_min: '100', price_max: '300,50', fixed: '15,5' }, { price_min: 300.5, price_max: null, fixed: 30 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().collection.map((f: { price_min: number; price_max: number | null; fixed: number }) => [f.price_min, f.price_max, f.fixed]))
      .toEqual([[0, 100, 10], [100, 300.5, 15.5], [300.5, null, 30]]);
    expect((await get(`/api/promoters/${promoterIds[0]}/service-fees`, promoter2)).statusCode).toBe(403); // a promoter edits no scheme

    const overlap = await send('POST', url, { fees: [{ price_min: 0, price_max: 100, fixed: 10 }, { price_min: 50, price_max: 300, fixed: 15 }, { price_min: 300, fixed: 30 }] });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().validation_errors).toEqual({ 'fees.1.price_min': ['Overlaps row 1 (50,00 SEK to 100,00 SEK)'] });
    const hole = await send('POST', url, { fees: [{ price_min: 0, price_max: 100, fixed: 10 }, { price_min: 200, fixed: 15 }] });
    expect(hole.json().validation_errors['fees.1.price_min'][0]).toMatch(/^Leaves a gap after row 1/);
    const bad = await send('POST', url, { fees: [{ price_min: 0, price_max: 100, fixed: '' }, { price_min: 100, fixed: 'ten' }] });
    expect(bad.json().validation_errors).toEqual({ 'fees.0.fixed': ['Required'], 'fees.1.fixed': ['Must be a number'] });
    expect((await send('POST', url, { fees: [{ price_min: 0, fixed: 99999999999 }] })).statusCode).toBe(422);
    expect((await get(`/api/promoters/${id}/service-fees`)).json().count).toBe(3); // refusals changed nothing
    expect((await send('POST', url, { fees: [] }, promoter2)).statusCode).toBe(403);
    expect((await send('POST', '/api/promoters/999999/service-fees/batch', { fees: [] })).statusCode).toBe(404);
  });
});

describe('blacklist', () => {
  const customer = async (promoterId: number, skip = 0) => {
    const { rows } = await t.db.query<{ id: number; phone: string }>(
      `SELECT DISTINCT u.id, u.phone FROM orders o JOIN users u ON u.id = o.owner_id
        WHERE o.promoter_id = $1 AND u.type = 'attendee' AND u.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.user_id = u.id) ORDER BY u.id OFFSET $2 LIMIT 1`,
      [promoterId, skip],
    );
    return { id: Number(rows[0].id), phone: rows[0].phone };
  };
  // A day as the server counts it, in Sweden (its "today" is not UTC's between 22:00/23:00 and midnight UTC), asked of
  // the database: an oracle apart from the server's own date code.
  const days = new Map<number, string>();
  beforeAll(async () => {
    const { rows } = await t.db.query<{ n: number; d: string }>(
      `SELECT n, ((now() AT TIME ZONE 'Europe/Stockholm')::date + n)::text AS d FROM unnest(ARRAY[-3, 0, 3, 30, 60]) AS n`,
    );
    for (const r of rows) days.set(Number(r.n), r.d);
  });
  const inDays = (n: number) => days.get(n)!;

  it('lists the seeded entries, each promoter only their own', async () => {
    const mine = (await get('/api/blacklists?page=1', promoter)).json();
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.collection.every((e: { promoter: { id: number } }) => e.promoter.id === promoterIds[0])).toBe(true);
    expect(mine.collection[0]).toHaveProperty('user.phone');
    const all = (await get('/api/blacklists')).json();
    expect(all.count).toBeGreaterThan(mine.count);
    expect((await get(`/api/blacklists?promoter=${promoterIds[1]}`, promoter)).json().count).toBe(mine.count); // forced to their own
  });

  it('when a promoter blacklists a customer, then the helper refuses them until the entry expires; edit and remove work', async () => {
    const c = await customer(promoterIds[0]);
    const found = (await get(`/api/blacklists/candidates?search=${encodeURIComponent(c.phone.replace('+46', '0'))}`, promoter)).json();
    expect(found.collection.map((u: { id: number }) => u.id)).toContain(c.id);
    const res = await send('POST', '/api/blacklists', { user: c.id, expire_date: inDays(30) }, promoter);
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({ user: { id: c.id }, promoter: { id: promoterIds[0] }, active: true });
    expect(await isBlacklisted(t.db, promoterIds[0], c.id)).toBe(true);
    expect(await isBlacklisted(t.db, promoterIds[1], c.id)).toBe(false);
    expect(await isPhoneBlacklisted(t.db, promoterIds[0], c.phone.replace('+46', '0'))).toBe(true);
    expect((await send('POST', '/api/blacklists', { user: c.id, expire_date: inDays(3) }, promoter)).json().validation_errors.user[0]).toMatch(/already on the list/);

    expect((await send('PATCH', `/api/blacklists/${entry.id}`, { expire_date: inDays(60) }, promoter)).json().expire_date).toBe(inDays(60));
    expect((await send('PATCH', `/api/blacklists/${entry.id}`, { expire_date: inDays(60) }, promoter2)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/blacklists/${entry.id}`, undefined, promoter2)).statusCode).toBe(404);
    await t.db.query(`UPDATE blacklist_entries SET expire_date = current_date - 2 WHERE id = $1`, [entry.id]);
    expect(await isBlacklisted(t.db, promoterIds[0], c.id)).toBe(false);
    expect((await send('DELETE', `/api/blacklists/${entry.id}`, undefined, promoter)).json()).toEqual({ message: 'Removed from the list' });
    expect((await send('DELETE', `/api/blacklists/${entry.id}`, undefined, promoter)).statusCode).toBe(404);
  });

  it('refuses with the spec\'s messages: user, promoter for admin, expiry required and not before today', async () => {
    const empty = (await send('POST', '/api/blacklists', {})).json().validation_errors;
    expect(empty).toMatchObject({ user: ['Required'], promoter: ['Required'], expire_date: ['Required'] });
    const c = await customer(promoterIds[1]);
    expect((await send('POST', '/api/blacklists', { user: c.id, promoter: promoterIds[1], expire_date: inDays(-3) })).json().validation_errors.expire_date).toEqual(['Expiry date cannot be before today']);
    expect((await send('POST', '/api/blacklists', { user: c.id, promoter: promoterIds[1], expire_date: '31.12.2030' })).json().validation_errors.expire_date).toEqual(['Enter a date as YYYY-MM-DD']);
    expect((await send('POST', '/api/blacklists', { user: c.id, promoter: promoterIds[1], expire_date: '0000-01-01' })).statusCode).toBe(422);
    // Another promoter's customer only: a promoter cannot blacklist (or learn about) people who never bought from them.
    const { rows: others } = await t.db.query<{ id: number }>(
      `SELECT u.id::int FROM users u
        WHERE u.type = 'attendee' AND u.status = 'active'
          AND EXISTS (SELECT 1 FROM orders o WHERE o.owner_id = u.id AND o.promoter_id = $1)
          AND NOT EXISTS (SELECT 1 FROM orders o WHERE (o.owner_id = u.id OR o.reserver_id = u.id) AND o.promoter_id = $2)
          AND NOT EXISTS (SELECT 1 FROM blacklist_entries b WHERE b.user_id = u.id)
        ORDER BY u.id LIMIT 1`,
      [promoterIds[1], promoterIds[0]],
    );
    expect(others).toHaveLength(1);
    const refused = await send('POST', '/api/blacklists', { user: others[0].id, expire_date: inDays(3) }, promoter);
    expect(refused.statusCode).toBe(422);
    expect((await t.db.query('SELECT 1 FROM blacklist_entries WHERE user_id = $1', [others[0].id])).rows).toEqual([]);
    expect((await send('POST', '/api/blacklists', { user: 2147483648, expire_date: inDays(3) }, promoter)).statusCode).toBe(422);
    const byAdmin = await send('POST', '/api/blacklists', { user: c.id, promoter: promoterIds[1], expire_date: inDays(0) });
    expect(byAdmin.statusCode).toBe(201);
    expect((await send('PATCH', `/api/blacklists/${byAdmin.json().id}`, { expire_date: '' })).json().validation_errors.expire_date).toEqual(['Required']);
    expect((await get('/api/blacklists/candidates?search=a', await t.tokenFor('corporate'))).statusCode).toBe(403);
    expect((await get('/api/blacklists', await t.tokenFor('corporate'))).statusCode).toBe(403);
  });
});
