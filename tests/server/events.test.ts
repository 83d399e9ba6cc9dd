import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SIZE_MODAL, IMAGE_LIMIT_BYTES } from '../../src/domain/eventForm';
import { createTestApp, type TestApp } from './setup/testApp';
import { GIF, PNG, at, eventForm, eventId, multipart, venueAndMap } from './support/eventFixtures';

let t: TestApp;
let admin: string;
let promoter: string;
let promoter2: string;
let nordicLive: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter, promoter2] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter'), t.tokenFor('promoter2')]);
  nordicLive = Number((await t.db.query<{ id: number }>(`SELECT id FROM promoters WHERE name = 'Nordic Live AB'`)).rows[0].id);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });
const postForm = (url: string, token: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
  t.call({ method: 'POST', url, token, ...multipart(fields, file) });

describe('events list', () => {
  it('when a promoter lists events, then only their own come back as {collection, count}, whatever promoter_id says', async () => {
    const res = await get(`/api/events?per_page=100&promoter_id=999`, promoter);
    expect(res.statusCode).toBe(200);
    const { collection, count } = res.json();
    expect(count).toBe(collection.length);
    expect(collection.length).toBeGreaterThan(5);
    expect(collection.every((e: { promoter: { id: number } }) => e.promoter.id === nordicLive)).toBe(true);
  });

  it('when an admin lists events, then every promoter\'s are there and promoter_id narrows them', async () => {
    const all = (await get('/api/events?per_page=100', admin)).json();
    expect(new Set(all.collection.map((e: { promoter: { name: string } }) => e.promoter.name))).toEqual(new Set(['Nordic Live AB', 'Arena Sport Events AB']));
    const one = (await get(`/api/events?per_page=100&promoter_id=${nordicLive}`, admin)).json();
    expect(one.count).toBeLessThan(all.count);
    expect(one.collection.every((e: { promoter: { id: number } }) => e.promoter.id === nordicLive)).toBe(true);
  });

  it('when filtering by status, then Draft, Active and Passed each hold only their events', async () => {
    const list = async (status: string) => (await get(`/api/events?per_page=100&status=${status}`, admin)).json().collection as { status: string; passed: boolean; name: string }[];
    const drafts = await list('draft');
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((e) => e.status === 'draft')).toBe(true);
    const active = await list('active');
    expect(active.every((e) => e.status === 'active' && !e.passed)).toBe(true);
    const passed = await list('passed');
    expect(passed.map((e) => e.name).sort()).toEqual(['Allsvenskan Opener 2026', 'Spring Tour 2026']);
  });

  it('when searching, then names and performers match without regard to case', async () => {
    const res = (await get('/api/events?search=AURORA', promoter)).json();
    expect(res.collection.map((e: { name: string }) => e.name).sort()).toEqual(['Nordic Lights Live', 'Spring Tour 2026']);
    expect((await get('/api/events?search=%25', promoter)).json().count).toBe(0);
  });

  it('when paging, then per_page rows come back and count stays the total', async () => {
    const first = (await get('/api/events?per_page=3&page=1', admin)).json();
    const second = (await get('/api/events?per_page=3&page=2', admin)).json();
    expect(first.collection).toHaveLength(3);
    expect(second.count).toBe(first.count);
    expect(second.collection[0].id).not.toBe(first.collection[0].id);
  });

  it('when asking for seasonal events or events in no season, then the filters hold', async () => {
    const seasons = (await get('/api/events?entity_type=seasonal&per_page=10', promoter)).json();
    expect(seasons.collection.map((e: { name: string }) => e.name)).toEqual(['Göta Lejon Season 2027']);
    expect(seasons.collection[0].child_events_count).toBe(2);
    const free = (await get('/api/events?entity_type=ordinary&in_season=0&per_page=100', promoter)).json();
    expect(free.collection.some((e: { seasonal_event: unknown }) => e.seasonal_event !== null)).toBe(false);
  });

  it('when filtering by a start day or by this week, month or year, then exactly the events starting then come back', async () => {
    // The independent truth: the seeded start dates, read from the table and bucketed here.
    const { rows } = await t.db.query<{ id: number; day: string }>(`SELECT id, to_char(start_date, 'YYYY-MM-DD') AS day FROM events`);
    const ids = async (query: string) =>
      ((await get(`/api/events?per_page=100&${query}`, admin)).json().collection as { id: number }[]).map((e) => e.id).sort((a, b) => a - b);
    const expected = (keep: (day: string) => boolean) => rows.filter((r) => keep(r.day)).map((r) => Number(r.id)).sort((a, b) => a - b);

    const clubNight = await eventId(t, 'Club Night: Neon');
    const day = rows.find((r) => Number(r.id) === clubNight)!.day;
    expect(await ids(`start_date=${day}`)).toEqual(expected((d) => d === day));
    expect((await ids(`start_date=${day}`)).length).toBeGreaterThan(0);

    const pad = (n: number) => String(n).padStart(2, '0');
    const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const now = new Date();
    const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
    const nextMonday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7);
    const month = iso(now).slice(0, 7);
    const year = iso(now).slice(0, 4);
    expect(await ids('date_term=week')).toEqual(expected((d) => d >= iso(monday) && d < iso(nextMonday)));
    expect(await ids('date_term=month')).toEqual(expected((d) => d.startsWith(month)));
    expect(await ids('date_term=year')).toEqual(expected((d) => d.startsWith(year)));
    expect((await ids('date_term=any')).length).toBe(rows.length);
    expect((await get('/api/events?date_term=decade', admin)).statusCode).toBe(422);
    expect((await get('/api/events?start_date=2026-13-45', admin)).statusCode).toBe(422);
  });

  it('when a query value is out of range, then 422 names the field', async () => {
    const res = await get('/api/events?status=archived', admin);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validation_errors)).toContain('status');
  });

  it('when a corporate user lists events, then 403', async () => {
    expect((await get('/api/events', await t.tokenFor('corporate'))).statusCode).toBe(403);
  });
});

describe('one event', () => {
  it('when a promoter opens their event, then every field of 000 §3 is there', async () => {
    const id = await eventId(t, 'Nordic Lights Live');
    const res = await get(`/api/events/${id}`, promoter);
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({
      id, name: 'Nordic Lights Live', status: 'active', type: 'musical', entity_type: 'ordinary', membership: false,
      genre: { name: 'Pop' }, venue: { name: 'Avicii Arena' }, ticket_vat: 6, ticket_types_count: 3, kids_ticket_type: true,
      social_links: { facebook: '', instagram: '', spotify: '' }, pricing: { complete: true },
    });
    expect(e.start_date).toMatch(/^\d{4}-\d{2}-\d{2} 20:00:00$/);
    expect(e.translations.map((tr: { language: string }) => tr.language)).toEqual(['en', 'sv']);
  });

  it('when a promoter opens another promoter\'s event or an unknown id, then 404 (existence is not revealed)', async () => {
    const other = await eventId(t, 'Hockey Final, game 1');
    expect((await get(`/api/events/${other}`, promoter)).statusCode).toBe(404);
    expect((await get(`/api/events/${other}/stats`, promoter)).statusCode).toBe(404);
    expect((await get('/api/events/999999', admin)).statusCode).toBe(404);
  });

  it('when stats are asked for a fully priced event, then every seat has a default price and the sum is in SEK', async () => {
    const id = await eventId(t, 'Les Misérables');
    const s = (await get(`/api/events/${id}/stats`, promoter)).json();
    expect(s.all.seats.count).toBeGreaterThan(0);
    expect(s.all.seats.has_default_price).toBe(s.all.seats.count);
    expect(s.all.seats.sum_default_original_price).toBeGreaterThan(0);
  });

  it('when an event has sold tickets, then stats, the list and the detail count them as the order items say', async () => {
    const id = await eventId(t, 'Club Night: Neon');
    // The independent truth: the paid order items of the first sale (not sales_daily, which the route reads).
    const { rows } = await t.db.query<{ tickets: number; tickets_ore: string; service_ore: string; admin_ore: string; assigned: number }>(
      `SELECT count(*) FILTER (WHERE type = 'ticket')::int AS tickets,
              coalesce(sum(price_ore::bigint * quantity) FILTER (WHERE type = 'ticket'), 0)::text AS tickets_ore,
              coalesce(sum(price_ore::bigint * quantity) FILTER (WHERE fee_type = 'ticket_service_fee'), 0)::text AS service_ore,
              coalesce(sum(price_ore::bigint * quantity) FILTER (WHERE fee_type = 'ticket_admin_fee'), 0)::text AS admin_ore,
              (SELECT count(*) FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE o.event_id = $1 AND o.type IN ('guest', 'corporate', 'handicapped', 'known_person', 'vip')
                  AND o.status NOT IN ('void', 'expired') AND i.type = 'ticket' AND i.valid AND i.holder_id IS NOT NULL)::int AS assigned
         FROM order_items WHERE event_id = $1 AND sold_at IS NOT NULL AND channel IN ('sale', 'corporate')`,
      [id],
    );
    const truth = rows[0];
    expect(truth.tickets).toBeGreaterThan(0);
    // Places sold (docs/places.md, issue 23): valid paid tickets; refunded and resold ones no longer hold a place.
    const sold = Number((await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_items WHERE event_id = $1 AND type = 'ticket' AND valid AND sold_at IS NOT NULL`, [id])).rows[0].n);
    expect(sold).toBeGreaterThan(0);
    const s = (await get(`/api/events/${id}/stats`, promoter)).json();
    expect(s.all.tickets).toEqual({ count: sold, paid_net_price: Number(truth.tickets_ore) / 100 });
    expect(s.all.service_fees.paid_net_price).toBe(Number(truth.service_ore) / 100);
    expect(s.all.admin_fees.paid_net_price).toBe(Number(truth.admin_ore) / 100);
    expect(s.all.service_fees.paid_net_price).toBeGreaterThan(0);
    expect(s.all.reservations.assigned).toBe(truth.assigned);
    expect((await get(`/api/events/${id}`, promoter)).json().tickets_sold).toBe(sold);
    const listed = (await get(`/api/events?search=${encodeURIComponent('Club Night')}`, promoter)).json().collection;
    expect(listed.find((e: { id: number }) => e.id === id).tickets_delivered).toBe(sold);
  });

  it('when an event has sold nothing, then its sales figures are 0', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const s = (await get(`/api/events/${id}/stats`, promoter)).json();
    expect(s.all.tickets).toEqual({ count: 0, paid_net_price: 0 });
    expect(s.all.service_fees.paid_net_price + s.all.admin_fees.paid_net_price).toBe(0);
  });
});

describe('create an event (multipart)', () => {
  it('when a promoter creates an event with an image, then it is a draft of their own promoter and the image is served publicly', async () => {
    const form = await eventForm(t, { promoter: '999' });
    const res = await postForm('/api/events', promoter, form, { name: 'medium', filename: 'poster.png', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ name: 'Test Concert', status: 'draft', promoter: { id: nordicLive }, notes: 'Bring earplugs', social_links: { facebook: 'https://facebook.com/asserts' } });
    expect(e.venue_open_date).toBe(form.venue_open_date);
    expect(e.medium.url).toMatch(/^\/api\/media\/\d+\/[0-9a-f]{48}$/);
    const img = await t.app.inject({ method: 'GET', url: e.medium.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const guessed = await t.app.inject({ method: 'GET', url: e.medium.url.replace(/[0-9a-f]{48}$/, 'a'.repeat(48)) });
    expect(guessed.statusCode).toBe(404);
  });

  it('when the image comes with a thumbnail, then lists show the thumbnail; a new image without one shows itself and the replaced one is deleted', async () => {
    const files = [{ name: 'medium', filename: 'poster.png', type: 'image/png', bytes: PNG }, { name: 'thumbnail', filename: 'thumbnail.gif', type: 'image/gif', bytes: GIF }];
    const e = (await postForm('/api/events', promoter, await eventForm(t, { 'translations[0][name]': 'Thumbnailed' }), files)).json();
    expect(e.thumbnail).toMatch(/^\/api\/media\/\d+\/[0-9a-f]{48}$/);
    expect(e.thumbnail).not.toBe(e.medium.url);
    const thumb = await t.app.inject({ method: 'GET', url: e.thumbnail });
    expect(thumb.headers['content-type']).toBe('image/gif');
    expect(thumb.rawPayload.equals(GIF)).toBe(true);
    const listed = (await get('/api/events?per_page=100&search=Thumbnailed', promoter)).json().collection;
    expect(listed.map((r: { thumbnail: string }) => r.thumbnail)).toEqual([e.thumbnail]);

    const update = { ...(await eventForm(t, { 'translations[0][name]': 'Thumbnailed' })), _method: 'put' };
    const updated = (await postForm(`/api/events/${e.id}`, promoter, update, { name: 'medium', filename: 'new.png', type: 'image/png', bytes: PNG })).json();
    expect(updated.medium.url).not.toBe(e.medium.url);
    expect(updated.thumbnail).toBe(updated.medium.url);
    // The replaced image and its thumbnail are gone (no other event used them).
    expect((await t.app.inject({ method: 'GET', url: e.medium.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: e.thumbnail })).statusCode).toBe(404);

    const tooBig = Buffer.concat([GIF, Buffer.alloc(1_048_577)]);
    const refused = await postForm('/api/events', promoter, await eventForm(t), [files[0], { ...files[1], bytes: tooBig }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validation_errors.thumbnail).toEqual(['The thumbnail must be at most 1 MB.']);

    await send('DELETE', `/api/events/${e.id}`, admin);
    expect((await t.app.inject({ method: 'GET', url: updated.medium.url })).statusCode).toBe(404);
  });

  it('when required fields are missing, then 422 says "Required" for each of them', async () => {
    const res = await postForm('/api/events', promoter, { 'translations[0][language]': 'en', 'translations[0][name]': 'x' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().validation_errors;
    for (const field of ['venue', 'map', 'type', 'start_date', 'start_time', 'end_date', 'end_time', 'tickets_release_date', 'tickets_release_time', 'venue_open_date', 'venue_open_time']) {
      expect(errors[field], field).toEqual(['Required']);
    }
  });

  it('when the dates break the rules of 000 §5, then the spec\'s messages come back', async () => {
    const past = await postForm('/api/events', promoter, await eventForm(t, { start_date: at(-2, 20), end_date: at(-2, 23), tickets_release_date: at(-5, 10), venue_open_date: at(-2, 19) }));
    expect(past.json().validation_errors.start_date).toEqual(['Start date minimum is today']);
    const order = await postForm('/api/events', promoter, await eventForm(t, { end_date: at(29, 20), tickets_release_date: at(31, 10), venue_open_date: at(31, 19) }));
    expect(order.json().validation_errors).toMatchObject({
      end_date: ['Must be at least at start date'],
      tickets_release_date: ['Must be before start date'],
      venue_open_date: ['Must be same as start date'],
    });
    const doors = await postForm('/api/events', promoter, await eventForm(t, { venue_open_date: at(30, 20, 30) }));
    expect(doors.statusCode).toBe(422);
    expect(doors.json().validation_errors.venue_open_time).toEqual(['Must be at or before start time']);
  });

  it('when a membership card is created, then VAT is 0 and there is no venue opening', async () => {
    const res = await postForm('/api/events', promoter, await eventForm(t, { behaviour_type: 'membership_card', membership: '1', ticket_vat: '0', venue_open_date: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ membership: true, ticket_vat: 0, venue_open_date: null });
  });

  it('when the map belongs to another venue, the VAT rate is unknown or the file is not an image, then 422 names the field', async () => {
    const arena = await venueAndMap(t, 'Avicii Arena');
    const res = await postForm('/api/events', promoter, await eventForm(t, { map: String(arena.map), ticket_vat: '7' }));
    expect(res.json().validation_errors).toMatchObject({ map: ['Choose a map of the chosen venue'], ticket_vat: ['Choose a VAT rate from the list'] });
    const notImage = await postForm('/api/events', promoter, await eventForm(t), { name: 'medium', filename: 'x.png', type: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') });
    expect(notImage.json().validation_errors.medium).toEqual(['Choose a JPEG, PNG, WebP or GIF image.']);
  });

  it('when the image is larger than 100 MB, then 413 with the File size text', async () => {
    const big = Buffer.alloc(IMAGE_LIMIT_BYTES + 1);
    PNG.copy(big);
    const res = await postForm('/api/events', promoter, await eventForm(t), { name: 'medium', filename: 'huge.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(FILE_SIZE_MODAL.text);
  });

  it('when an admin creates without a promoter, then 422; with one, the event is that promoter\'s', async () => {
    expect((await postForm('/api/events', admin, await eventForm(t))).json().validation_errors.promoter).toEqual(['Required']);
    const res = await postForm('/api/events', admin, await eventForm(t, { promoter: String(nordicLive), entity_type: 'seasonal' }));
    expect(res.json()).toMatchObject({ promoter: { id: nordicLive }, entity_type: 'seasonal' });
  });
});

describe('save an event (POST with _method=put)', () => {
  it('when the promoter saves their event, then the fields change and a past start is allowed', async () => {
    const id = await eventId(t, 'Winter Gala');
    const before = (await get(`/api/events/${id}`, promoter)).json();
    const form = await eventForm(t, {
      _method: 'put', 'translations[0][name]': 'Winter Gala 2', updated_at: before.updated_at,
      venue: String(before.venue.id), map: String(before.map.id), start_date: at(-1, 19), end_date: at(-1, 22), tickets_release_date: at(-3, 10), venue_open_date: at(-1, 18),
    });
    const res = await postForm(`/api/events/${id}`, promoter, form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Winter Gala 2', promoter: { id: nordicLive } });
  });

  it('when someone saved in between, then 409 and nothing is overwritten', async () => {
    const id = await eventId(t, 'Jazz at the Lion');
    const stale = (await get(`/api/events/${id}`, promoter)).json().updated_at;
    const first = await postForm(`/api/events/${id}`, promoter, await eventForm(t, { _method: 'put', updated_at: stale, 'translations[0][name]': 'Jazz A' }));
    expect(first.statusCode).toBe(200);
    const second = await postForm(`/api/events/${id}`, promoter, await eventForm(t, { _method: 'put', updated_at: stale, 'translations[0][name]': 'Jazz B' }));
    expect(second.statusCode).toBe(409);
    expect((await get(`/api/events/${id}`, promoter)).json().name).toBe('Jazz A');
  });

  it('when the map of a priced event would change, then 422 on map', async () => {
    const id = await eventId(t, 'Club Night: Neon');
    const arena = await venueAndMap(t, 'Avicii Arena');
    const res = await postForm(`/api/events/${id}`, promoter, await eventForm(t, { _method: 'put', venue: String(arena.venue), map: String(arena.map) }));
    expect(res.json().validation_errors.map[0]).toMatch(/cannot change once seats are priced/);
  });

  it('when another promoter saves it, then 404', async () => {
    const id = await eventId(t, 'Club Night: Neon');
    expect((await postForm(`/api/events/${id}`, promoter2, await eventForm(t, { _method: 'put' }))).statusCode).toBe(404);
  });
});

describe('publish, unpublish and delete', () => {
  it('when an unpriced event is published, then 422 with a message and it stays a draft', async () => {
    const id = await eventId(t, 'Handball EM: Sweden – Denmark');
    const res = await send('PATCH', `/api/events/${id}`, promoter2, { status: 'active', publish_facebook_promoter: 1, publish_facebook_default: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/every seat needs a default price \(0 of \d+ seats have one\)/);
    expect((await get(`/api/events/${id}`, promoter2)).json().status).toBe('draft');
  });

  it('when a fully priced draft is published and unpublished, then the status follows and repeats are refused', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const pub = await send('PATCH', `/api/events/${id}`, promoter, { status: 'active', publish_facebook_promoter: 1, publish_facebook_default: 0 });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ status: 'active', publish_facebook_promoter: true, publish_facebook_default: false });
    expect((await send('PATCH', `/api/events/${id}`, promoter, { status: 'active' })).statusCode).toBe(409);
    expect((await send('PATCH', `/api/events/${id}`, promoter2, { status: 'draft' })).statusCode).toBe(404);
    const unpub = await send('PATCH', `/api/events/${id}`, promoter, { status: 'draft' });
    expect(unpub.json().status).toBe('draft');
  });

  it('when one seat loses its price, then publishing is refused; when that seat is hidden, it needs no price', async () => {
    const id = await eventId(t, 'Comedy Gala');
    const { rows } = await t.db.query<{ id: number }>('SELECT s.id FROM map_seats s JOIN events e ON e.map_id = s.map_id WHERE e.id = $1 LIMIT 1', [id]);
    await t.db.query('INSERT INTO event_seats (event_id, seat_id, price_overridden, price_set_id) VALUES ($1, $2, true, NULL)', [id, rows[0].id]);
    const refused = await send('PATCH', `/api/events/${id}`, promoter, { status: 'active' });
    expect(refused.statusCode).toBe(422);
    await t.db.query('UPDATE event_seats SET hidden = true WHERE event_id = $1', [id]);
    expect((await send('PATCH', `/api/events/${id}`, promoter, { status: 'active' })).statusCode).toBe(200);
    await send('PATCH', `/api/events/${id}`, promoter, { status: 'draft' });
    await t.db.query('DELETE FROM event_seats WHERE event_id = $1', [id]);
  });

  it('when a promoter deletes an event, then 403; when an admin does, it is gone', async () => {
    const res = await postForm('/api/events', promoter, await eventForm(t, { 'translations[0][name]': 'To delete' }), { name: 'medium', filename: 'p.png', type: 'image/png', bytes: PNG });
    const { id, medium } = res.json();
    expect((await send('DELETE', `/api/events/${id}`, promoter)).statusCode).toBe(403);
    const del = await send('DELETE', `/api/events/${id}`, admin);
    expect(del.json()).toEqual({ message: 'Event deleted' });
    expect((await get(`/api/events/${id}`, admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: medium.url })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/events/${id}`, admin)).statusCode).toBe(404);
  });

  it('when an admin deletes an event with orders, then 409 says why and the event and its sales stay', async () => {
    const id = await eventId(t, 'Club Night: Neon');
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE event_id = $1', [id])).rows[0].n;
    expect(before).toBeGreaterThan(0);
    const res = await send('DELETE', `/api/events/${id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'event_has_orders', message: expect.stringContaining('cannot be deleted') });
    expect((await get(`/api/events/${id}`, admin)).statusCode).toBe(200);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE event_id = $1', [id])).rows[0].n).toBe(before);
  });
});
