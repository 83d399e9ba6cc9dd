import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATH_CHARS } from '../../workers/venue-map/svgPath';
import { createTestApp, type TestApp } from './setup/testApp';
import { eventForm, eventId, multipart } from './support/eventFixtures';

/** Rules the server holds whatever the console sends (issue 16 item 4, import limits). */
let t: TestApp;
let promoter: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [promoter, admin] = await Promise.all([t.tokenFor('promoter'), t.tokenFor('admin')]);
});
afterAll(() => t.close());

const createEvent = (fields: Record<string, string>) => t.call({ method: 'POST', url: '/api/events', token: promoter, ...multipart(fields) });

describe('the event form', () => {
  it('when a genre names no genre, then it is refused on the field, not silently dropped', async () => {
    const res = await createEvent(await eventForm(t, { genre: 'rock-n-roll' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.genre).toEqual(['Choose a genre from the list']);
  });

  it('when a social link is a javascript: address, then it is refused on its field', async () => {
    const res = await createEvent(await eventForm(t, { 'social_links[facebook]': 'javascript:alert(1)' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors['social_links.facebook']).toEqual(['Enter a web address starting with https://']);
  });

  it('when the ticket limit is above what the column holds, then it is refused, not a 500', async () => {
    const res = await createEvent(await eventForm(t, { max_number_tickets: '99999999999' }));
    expect(res.statusCode).toBe(422);
  });

  it('when an event is duplicated into the year 9999, then the date is refused with the allowed range', async () => {
    const id = await eventId(t, 'Jazz at the Lion');
    const res = await t.call({ method: 'POST', url: '/api/events/duplicate', token: promoter, payload: { id, startDate: '9999-06-01 19:00' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.startDate[0]).toMatch(/^Enter a date from /);
  });
});

describe('ticket types', () => {
  it('when max is below min or an age is 1000, then each is refused on its field', async () => {
    const id = await eventId(t, 'Jazz at the Lion');
    const base = { name: 'Late', default: false, kids: false, age_from: 18, age_to: null };
    const bounds = await t.call({ method: 'POST', url: `/api/events/${id}/ticket-types`, token: promoter, payload: { ...base, min: 5, max: 2 } });
    expect(bounds.statusCode).toBe(422);
    expect(bounds.json().validation_errors.max).toEqual(['Must be at least the minimum']);
    const age = await t.call({ method: 'POST', url: `/api/events/${id}/ticket-types`, token: promoter, payload: { ...base, name: 'Old', age_from: 1000 } });
    expect(age.statusCode).toBe(422);
    expect(age.json().validation_errors.age_from).toEqual(['Must be at most 120']);
  });
});

describe('venue import limits', () => {
  it('when a map holds one shape with more path data than the limit, then 422 with the importer\'s message and nothing is stored', async () => {
    const venue = Number((await t.db.query<{ id: number }>('SELECT id FROM venues ORDER BY id LIMIT 1')).rows[0].id);
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_maps')).rows[0].n;
    const d = `M0 0 ${'L1 1 '.repeat(Math.ceil(MAX_PATH_CHARS / 5) + 10)}Z`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g class="section" id="A"><path d="${d}"/></g></svg>`;
    const boundary = '----limit';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nHuge\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`;
    const res = await t.call({ method: 'POST', url: `/api/venues/${venue}/maps`, token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/path data .* over the import limit/);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM venue_maps')).rows[0].n).toBe(before);
  });
});

describe('more input that used to answer 500', () => {
  it('when the accounting cursor names an impossible moment, then 422 on `after`', async () => {
    const res = await t.call({ method: 'GET', url: `/api/reports/accounting?from_date=2026-01-01&to_date=2026-12-31&after=${encodeURIComponent('2026-13-45 25:61:61|5')}`, token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.after).toEqual(['Use the next value of the previous page.']);
  });

  it('when a venue SVG holds a NUL character, then 422 with the line, nothing stored', async () => {
    const venue = Number((await t.db.query<{ id: number }>('SELECT id FROM venues ORDER BY id LIMIT 1')).rows[0].id);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<g class="section" id="A\u0000B"><circle cx="1" cy="1" r="1" class="seat"/></g></svg>';
    const boundary = '----nul';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNul map\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nul.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`;
    const res = await t.call({ method: 'POST', url: `/api/venues/${venue}/maps`, token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('The file contains a NUL character, which SVG does not allow (line 2)');
  });
});

describe('seasonal events keep sharing their ticket types after attach', () => {
  it('when an attached event gets a new ticket type or its default renamed, then it is refused and nothing changes', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT c.id FROM events c JOIN events s ON s.id = c.seasonal_event_id JOIN users u ON u.promoter_id = c.promoter_id
        WHERE u.email = 'promoter@demo.test' ORDER BY c.id LIMIT 1`,
    );
    const child = Number(rows[0].id);
    const before = (await t.call({ method: 'GET', url: `/api/events/${child}/ticket-types`, token: promoter })).json().collection;
    const added = await t.call({ method: 'POST', url: `/api/events/${child}/ticket-types`, token: promoter, payload: { name: 'VIP lounge', default: false, kids: false, age_from: 18, age_to: null } });
    expect(added.statusCode).toBe(422);
    expect(added.json().error.code).toBe('season_ticket_types');
    const standard = before.find((tt: { default: boolean }) => tt.default);
    const renamed = await t.call({ method: 'PUT', url: `/api/events/${child}/ticket-types/${standard.id}`, token: promoter, payload: { ...standard, name: 'Regular' } });
    expect(renamed.statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: `/api/events/${child}/ticket-types`, token: promoter })).json().collection).toEqual(before);
  });
});

describe('security headers', () => {
  it('when the API answers, refused or not, then every answer carries the policy and the anti-framing headers', async () => {
    for (const [url, token] of [['/api/health'], ['/api/events', promoter], ['/api/events'], ['/api/no-such-route', promoter]]) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;"
        + "connect-src 'self' blob: data:;worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin', 'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
