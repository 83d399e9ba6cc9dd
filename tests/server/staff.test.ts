import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventId, multipart, PNG } from './support/eventFixtures';

/** Scanner users, box-office users and affiliates (002 §2–§9): every call, message, scope and bad input. */
let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) => t.call({ method, url, token, payload });
const promoterId = async (name: string) => Number((await t.db.query<{ id: number }>('SELECT id FROM promoters WHERE name = $1', [name])).rows[0].id);

const scanner = (n: string, extra: object = {}) => ({
  first_name: 'Nils', last_name: `Scanner ${n}`, phone: '+46701230000', email: `nils.${n}@staff.test`,
  password: 'secret-1', password_confirmation: 'secret-1', ...extra,
});

describe('scanner users', () => {
  it('when a promoter adds a scanner user, then it is theirs, named by first and last name, and can sign in nowhere in the console', async () => {
    const res = await send('POST', '/api/scanner-users', promoter, scanner('a', { promoter: await promoterId('Arena Sport Events AB') }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ type: 'scanner', name: 'Nils Scanner a', status: 'active', promoter: { name: 'Nordic Live AB' } });
    const list = (await get('/api/scanner-users?per_page=100', promoter)).json();
    expect(list.collection.map((u: { email: string }) => u.email)).toContain('nils.a@staff.test');
    expect(list.collection.every((u: { promoter: { name: string } }) => u.promoter.name === 'Nordic Live AB')).toBe(true);
    const hash = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [created.id])).rows[0].password_hash;
    expect(hash).toMatch(/^scrypt\$/);
  });

  it('when fields are missing or wrong, then each has the spec\'s message', async () => {
    const res = await send('POST', '/api/scanner-users', promoter, { first_name: ' ', email: 'nils@', password: '123', password_confirmation: '1234' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({
      first_name: ['This field is required'], last_name: ['This field is required'], phone: ['This field is required'],
      email: ['Email you entered is invalid'], password: ['This must be at least 6 characters long'], password_confirmation: ['Passwords must match'],
    });
    const phone = await send('POST', '/api/scanner-users', promoter, scanner('b', { phone: '12' }));
    expect(phone.json().validation_errors).toEqual({ phone: ['Enter a valid phone number, e.g. +46701234567.'] });
    const taken = await send('POST', '/api/scanner-users', promoter, scanner('c', { email: 'SCANNER@demo.test' }));
    expect(taken.json().validation_errors).toEqual({ email: ['The email has already been taken.'] });
    const noPromoter = await send('POST', '/api/scanner-users', admin, scanner('d'));
    expect(noPromoter.json().validation_errors).toEqual({ promoter: ['This field is required'] });
    const unknown = await send('POST', '/api/scanner-users', admin, scanner('d', { promoter: 2147483647 }));
    expect(unknown.json().validation_errors).toEqual({ promoter: ['The selected promoter does not exist.'] });
  });

  it('when a scanner user is edited, then an empty password keeps the old one and the email stays unique', async () => {
    const id = (await send('POST', '/api/scanner-users', promoter, scanner('e'))).json().id;
    const before = (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0].password_hash;
    const res = await send('PUT', `/api/scanner-users/${id}`, promoter, scanner('e', { last_name: 'Renamed', password: '', password_confirmation: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Nils Renamed');
    expect((await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0].password_hash).toBe(before);
    expect((await send('PUT', `/api/scanner-users/${id}`, promoter, scanner('e', { email: 'nils.a@staff.test' }))).json().validation_errors)
      .toEqual({ email: ['The email has already been taken.'] });
    expect((await get(`/api/scanner-users/${id}`, promoter)).json().last_name).toBe('Renamed');
  });

  it('when events are assigned, then they are listed with their dates, status and thumbnail', async () => {
    const id = (await send('POST', '/api/scanner-users', promoter, scanner('f'))).json().id;
    const [a, b] = await Promise.all([eventId(t, 'Nordic Lights Live'), eventId(t, 'Club Night: Neon')]);
    expect((await send('POST', `/api/users/${id}/events`, promoter, { events: [a] })).statusCode).toBe(200);
    const res = (await send('POST', `/api/users/${id}/events`, promoter, { events: [b] })).json();
    expect(res.count).toBe(2);
    expect(res.collection[0]).toMatchObject({ status: 'active', start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(res.collection[0]).toHaveProperty('thumbnail');
    expect((await get(`/api/users/${id}/events`, promoter)).json().count).toBe(2);
  });

  it('when another promoter reads, edits or assigns a scanner, then 404; bad ids and input are 4xx', async () => {
    const mine = (await get('/api/scanner-users', promoter)).json().collection[0].id;
    expect((await get(`/api/scanner-users/${mine}`, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/scanner-users/${mine}`, promoter2, scanner('g'))).statusCode).toBe(404);
    expect((await get(`/api/users/${mine}/events`, promoter2)).statusCode).toBe(404);
    expect((await get('/api/scanner-users/2147483648', promoter)).statusCode).toBe(404);
    expect((await get('/api/scanner-users/abc', promoter)).statusCode).toBe(422);
    expect((await get('/api/scanner-users?page=0', promoter)).statusCode).toBe(422);
    expect((await send('POST', '/api/scanner-users', promoter, scanner('h', { first_name: 'a\u0000b' }))).statusCode).toBe(422); // text with NUL is refused before it reaches the database
    expect((await send('POST', '/api/scanner-users', promoter, { email: 'x'.repeat(400) })).statusCode).toBe(422);
    const theirs = (await get('/api/scanner-users', promoter2)).json();
    expect(theirs.collection.every((u: { promoter: { name: string } }) => u.promoter.name === 'Arena Sport Events AB')).toBe(true);
    expect((await get('/api/scanner-users?status=inactive', promoter2)).json().collection.map((u: { name: string }) => u.name)).toEqual(['Omar Haddad']);
  });
});

const boxOffice = (n: string, extra: object = {}) => ({
  name: `Box ${n}`, first_name: 'Greta', last_name: 'Kassa', phone: '+46709990000', email: `box.${n}@staff.test`, ...extra,
});

describe('box-office users', () => {
  it('when an admin lists with a promoter, then only that promoter\'s; a promoter always gets their own', async () => {
    const arena = await promoterId('Arena Sport Events AB');
    const list = (await get(`/api/boxoffice-users?promoter=${arena}`, admin)).json();
    expect(list.collection.map((u: { name: string }) => u.name)).toEqual(['Friends Arena Box Office', 'Ullevi Box Office']);
    const own = (await get(`/api/boxoffice-users?promoter=${arena}`, promoter)).json();
    expect(own.collection.every((u: { promoter: { name: string } }) => u.promoter.name === 'Nordic Live AB')).toBe(true);
  });

  it('when a box-office user is created and updated, then the body of 002 §7 is read and the messages are the spec\'s', async () => {
    const bad = await send('POST', '/api/boxoffice-users', admin, { email: 'nope', password: '12' });
    expect(bad.json().validation_errors).toEqual({
      promoter: ['This field is required'], name: ['This field is required'], first_name: ['This field is required'],
      last_name: ['This field is required'], phone: ['This field is required'], email: ['Email you entered is invalid'],
      password: ['This must be at least 6 characters long'],
    });
    const created = await send('POST', '/api/boxoffice-users', admin, boxOffice('a', { promoter: await promoterId('Nordic Live AB') }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const updated = await send('PUT', `/api/boxoffice-users/${id}`, promoter, boxOffice('a', { name: 'Box A renamed', promoter_id: await promoterId('Arena Sport Events AB'), password: 'new-pass', password_confirmation: 'new-pass' }));
    expect(updated.json()).toMatchObject({ name: 'Box A renamed', promoter: { name: 'Nordic Live AB' } });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'box.a@staff.test', password: 'new-pass' } });
    expect(login.statusCode).toBe(200);
    expect((await get(`/api/boxoffice-users/${id}`, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/boxoffice-users/${id}`, promoter2, boxOffice('a'))).statusCode).toBe(404);
    expect((await get(`/api/scanner-users/${id}`, promoter)).statusCode).toBe(404);
  });
});

describe('affiliates', () => {
  it('when a promoter creates an affiliate, then it has the default colour and the short name is unique', async () => {
    const res = await send('POST', '/api/affiliates', promoter, { name: 'Jazz Club', link_short_name: 'jazzclub' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Jazz Club', link_short_name: 'jazzclub', primary_color: '#C00000', logo: null, status: 'active', promoter: { name: 'Nordic Live AB' } });
    const again = await send('POST', '/api/affiliates', promoter2, { name: 'Other', link_short_name: 'JAZZCLUB' });
    expect(again.json().validation_errors).toEqual({ link_short_name: ['The link short name has already been taken.'] });
    const missing = await send('POST', '/api/affiliates', admin, { name: '' });
    expect(missing.json().validation_errors).toEqual({ name: ['Required!'], link_short_name: ['Required!'], promoter: ['Required!'] });
    const shape = await send('POST', '/api/affiliates', promoter, { name: 'X', link_short_name: 'has space' });
    expect(shape.json().validation_errors).toEqual({ link_short_name: ['Use 1 to 50 letters, digits or dashes, starting with a letter or digit.'] });
  });

  it('when the promoter may not apply its own branding (can_apply_own_branding off), then its staff cannot change the colour or logo; an admin can; allowing it lets them', async () => {
    const promoter2Id = Number((await t.db.query<{ id: number }>(`SELECT promoter_id AS id FROM users WHERE email = 'promoter2@demo.test'`)).rows[0].id);
    await t.db.query('UPDATE promoters SET can_apply_own_branding = false WHERE id = $1', [promoter2Id]);
    const created = await send('POST', '/api/affiliates', promoter2, { name: 'Plain Partner', link_short_name: 'plain-partner' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ primary_color: '#C00000', can_apply_branding: false });
    const id = created.json().id;
    const refusal = 'Your promoter may not apply its own branding. An administrator can allow it in the promoter\'s settings.';
    expect((await send('POST', '/api/affiliates', promoter2, { name: 'Red Partner', link_short_name: 'red-partner', primary_color: '#123456' })).json().validation_errors)
      .toEqual({ primary_color: [refusal] });
    const colour = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter2, ...multipart({ primary_color: '#123ABC' }) });
    expect(colour.statusCode).toBe(422);
    expect(colour.json().validation_errors).toEqual({ primary_color: [refusal] });
    const logo = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter2, ...multipart({}, { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: PNG }) });
    expect(logo.json().validation_errors).toEqual({ logo: [refusal] });
    expect((await t.db.query('SELECT primary_color, logo_medium_id FROM affiliates WHERE id = $1', [id])).rows[0]).toEqual({ primary_color: '#C00000', logo_medium_id: null });
    // Other fields still change; the colour sent as it is is no change.
    expect((await send('PUT', `/api/affiliates/${id}`, promoter2, { name: 'Plain Partner AB', primary_color: '#C00000' })).json()).toMatchObject({ name: 'Plain Partner AB' });
    // An admin may brand it; the promoter's staff may once the promoter is allowed.
    expect((await get(`/api/affiliates/${id}`, admin)).json().can_apply_branding).toBe(true);
    expect((await send('PUT', `/api/affiliates/${id}`, admin, { primary_color: '#00AA00' })).json().primary_color).toBe('#00AA00');
    await t.db.query('UPDATE promoters SET can_apply_own_branding = true WHERE id = $1', [promoter2Id]);
    const allowed = await send('PUT', `/api/affiliates/${id}`, promoter2, { primary_color: '#123ABC' });
    expect(allowed.json()).toMatchObject({ primary_color: '#123ABC', can_apply_branding: true });
  });

  it('when the branding is saved with a logo, then the logo is served from the database and the colour is checked', async () => {
    const id = (await send('POST', '/api/affiliates', promoter, { name: 'Logo Co', link_short_name: 'logoco' })).json().id;
    const form = multipart({ primary_color: '#123ABC', status: 'inactive' }, { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: PNG });
    const res = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter, ...form });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ primary_color: '#123ABC', status: 'inactive', logo: expect.stringMatching(/^\/api\/media\/\d+\/[0-9a-f]+$/) });
    const image = await t.call({ method: 'GET', url: res.json().logo });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const noColor = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter, ...multipart({ primary_color: '' }) });
    expect(noColor.json().validation_errors).toEqual({ primary_color: ['Color is required'] });
    const notImage = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter, ...multipart({}, { name: 'logo', filename: 'x.png', type: 'image/png', bytes: Buffer.from('not an image') }) });
    expect(notImage.json().validation_errors).toEqual({ logo: ['Choose a JPEG, PNG, WebP or GIF image.'] });
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await t.call({ method: 'POST', url: `/api/affiliates/${id}`, token: promoter, ...multipart({}, { name: 'logo', filename: 'big.png', type: 'image/png', bytes: big }) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('The logo is larger than 3 MB. Please choose a smaller image.');
    expect((await send('PUT', `/api/affiliates/${id}`, promoter, { name: 'n'.repeat(201), status: 'gone' })).json().validation_errors)
      .toEqual({ name: ['Use at most 200 characters.'], status: ['Status must be active or inactive.'] });
    expect((await t.call({ method: 'PUT', url: `/api/affiliates/${id}`, token: promoter, payload: [1, 2] })).statusCode).toBe(422);
    const json = await send('PUT', `/api/affiliates/${id}`, promoter, { name: 'Logo Company', status: 'active' });
    expect(json.json()).toMatchObject({ name: 'Logo Company', status: 'active', primary_color: '#123ABC' });
  });

  it('when another promoter reads, updates or deletes an affiliate, then 404; the owner may delete it', async () => {
    const id = (await send('POST', '/api/affiliates', promoter, { name: 'Temp', link_short_name: 'temp-aff' })).json().id;
    expect((await get(`/api/affiliates/${id}`, promoter2)).statusCode).toBe(404);
    expect((await send('PUT', `/api/affiliates/${id}`, promoter2, { status: 'inactive' })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/affiliates/${id}`, token: promoter2 })).statusCode).toBe(404);
    expect((await get('/api/affiliates?per_page=100', promoter2)).json().collection.map((a: { name: string }) => a.name)).not.toContain('Temp');
    expect((await t.call({ method: 'DELETE', url: `/api/affiliates/${id}`, token: promoter })).statusCode).toBe(204);
    expect((await get(`/api/affiliates/${id}`, promoter)).statusCode).toBe(404);
    expect((await send('PUT', `/api/affiliates/${id}`, promoter, { status: 'nope' })).statusCode).toBe(404);
  });

  it('when an event\'s links are listed, then each active affiliate of its promoter has one', async () => {
    const event = await eventId(t, 'Nordic Lights Live');
    const res = (await get(`/api/events/${event}/affiliate-links`, promoter)).json();
    expect(res.collection.map((l: { affiliate: { name: string } }) => l.affiliate.name)).toEqual(expect.arrayContaining(['Radio Nova', 'Student Union Stockholm']));
    expect(res.collection.map((l: { affiliate: { name: string } }) => l.affiliate.name)).not.toContain('City Guide Magazine');
    expect(res.collection[0].url).toMatch(new RegExp(`/events/${event}\\?affiliate=`));
    expect((await get(`/api/events/${event}/affiliate-links`, promoter2)).statusCode).toBe(404);
  });
});

describe('CSV export (beyond the spec)', () => {
  it('when a list is asked for as CSV, then every row of the caller\'s scope and filter is in the file', async () => {
    const res = await t.call({ method: 'GET', url: '/api/scanner-users?status=inactive', token: promoter2, headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,First name,Last name,Phone,Email,Status,Promoter');
    expect(lines.slice(1)).toEqual(["Omar Haddad,Omar,Haddad,'+46703334455,omar.haddad@arenasport.demo,inactive,Arena Sport Events AB"]); // a leading + is made formula-safe
    const box = await t.call({ method: 'GET', url: '/api/boxoffice-users', token: promoter, headers: { accept: 'text/csv' } });
    expect(box.body).toContain('Cirkus Box Office');
    expect(box.body).not.toContain('Ullevi Box Office');
    const aff = await t.call({ method: 'GET', url: '/api/affiliates', token: promoter2, headers: { accept: 'text/csv' } });
    expect(aff.body).toContain('Supporters Club AIK,Arena Sport Events AB,aik-supporters,#000000,active');
    expect(aff.body).not.toContain('Radio Nova');
  });
});
