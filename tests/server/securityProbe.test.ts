import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResetToken } from '../../server/auth/resetTokens';
import { signToken } from '../../server/auth/tokens';
import { DEMO_TOKEN_SECRET } from '../../server/config';
import { createTestApp, type TestApp } from './setup/testApp';
import { multipart } from './support/eventFixtures';

/** The security probe's low findings (issue 34), each as the probe sent it. */
let t: TestApp;
let admin: string;
let promoter: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, promoter] = await Promise.all([t.tokenFor('admin'), t.tokenFor('promoter')]);
});
afterAll(() => t.close());

const one = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
const promoterEvent = async () =>
  Number((await one<{ id: number }>(`SELECT e.id FROM events e JOIN users u ON u.promoter_id = e.promoter_id
    WHERE u.email = 'promoter@demo.test' AND e.entity_type = 'ordinary' ORDER BY e.id LIMIT 1`)).id);

describe('deeply nested JSON', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const deepArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

  it('when 5,000 levels reach the merchandise, gift-card and other JSON routes, then 422 every time, never 500', async () => {
    const event = await promoterEvent();
    const bodies = [
      `{"translations":${deep(5000)},"price":"10"}`,
      `{"options":${deepArray(5000)}}`,
      deep(5000),
    ];
    const routes: Array<[string, string, string]> = [
      ['POST', `/api/events/${event}/merchandises`, promoter],
      ['POST', '/api/merchandise', admin],
      ['POST', '/api/refund', admin],
      ['POST', `/api/events/${event}/prices`, promoter],
      ['POST', '/api/ombuds', promoter],
    ];
    for (const [method, url, token] of routes) {
      for (const payload of bodies) {
        const res = await t.call({ method: method as 'POST', url, token, payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${payload.slice(0, 20)}`).toBe(422);
        expect(res.json().validation_errors.body).toEqual(['Nested too deeply: at most 32 levels of objects and arrays']);
      }
    }
  });

  it('when a multipart form nests its keys 5,000 deep, then 422', async () => {
    const event = await promoterEvent();
    const key = `translations${'[a]'.repeat(5000)}`;
    const res = await t.call({ method: 'POST', url: `/api/events/${event}/merchandises`, token: promoter, ...multipart({ [key]: 'x', price: '10' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors.body).toEqual(['Nested too deeply: at most 32 levels of objects and arrays']);
  });

  it('when a body nests as deep as a form does, then it is read as before', async () => {
    const res = await t.call({ method: 'POST', url: '/api/ombuds', token: promoter, payload: { attendee: '', selectedDate: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual({ attendee: ['Required'] });
  });
});

describe('password reset of a deactivated account', () => {
  it('when the account is deactivated after the link was sent, then invalid_reset_token, nothing changes and the token is not used up', async () => {
    const user = await one<{ id: number; password_hash: string }>(`SELECT id::int, password_hash FROM users WHERE email = 'scanner2@demo.test'`);
    const token = await createResetToken(t.db, user.id);
    await t.db.query(`UPDATE users SET status = 'inactive' WHERE id = $1`, [user.id]);
    const res = await t.call({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'fresh-pass-9', password_confirmation: 'fresh-pass-9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_reset_token');
    expect((await one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id])).password_hash).toBe(user.password_hash);
    expect((await one<{ used: boolean }>('SELECT bool_and(used_at IS NULL) AS used FROM password_reset_tokens WHERE user_id = $1', [user.id])).used).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/auth/reset/${token}` })).json()).toEqual({ valid: false });
    // Active again within the link's life: the same link works, once.
    await t.db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [user.id]);
    expect((await t.call({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'fresh-pass-9', password_confirmation: 'fresh-pass-9' } })).statusCode).toBe(200);
  });
});

describe('tokens whose sub is not a user id', () => {
  it('when a correctly signed token says sub 0, -1, 1.5, 1e300, "1" or null, then 401, never 500', async () => {
    for (const sub of [0, -1, 1.5, 1e300, '1', null]) {
      const token = signToken({ sub: sub as number, type: 'admin', ver: 0 }, DEMO_TOKEN_SECRET, 900);
      const res = await t.call({ method: 'GET', url: '/api/profile', token });
      expect(res.statusCode, String(sub)).toBe(401);
    }
  });
});

describe('seasonal children keep their prices', () => {
  it('when all prices of an attached child are released, then 422 and its seats keep their prices; detached, it may', async () => {
    const child = await one<{ id: number; map_id: number; season: number }>(
      `SELECT c.id::int, c.map_id::int, c.seasonal_event_id::int AS season FROM events c JOIN users u ON u.promoter_id = c.promoter_id
        WHERE u.email = 'promoter@demo.test' AND c.seasonal_event_id IS NOT NULL ORDER BY c.id LIMIT 1`,
    );
    // A published child answers the published rule first; unpublished, the season's rule is what refuses.
    const unpublished = await t.call({ method: 'PATCH', url: `/api/events/${child.id}`, token: promoter, payload: { status: 'draft' } });
    expect(unpublished.statusCode).toBe(200);
    const sections = await t.db.query<{ name: string }>('SELECT name FROM map_sections WHERE map_id = $1 AND NOT general_admission ORDER BY position', [child.map_id]);
    expect(sections.rows.length).toBeGreaterThan(0);
    const release = (section: string) => t.call({ method: 'POST', url: `/api/events/${child.id}/prices`, token: promoter, payload: { section, prices: {} } });
    const res = await release(sections.rows[0].name);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('season_child_priced');
    const priced = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM event_sections es JOIN map_sections s ON s.id = es.section_id WHERE es.event_id = $1 AND s.name = $2 AND es.price_set_id IS NOT NULL`,
      [child.id, sections.rows[0].name],
    );
    expect(priced.n).toBe(1);
    const detached = await t.call({ method: 'POST', url: `/api/seasonal-events/${child.season}/detach-events`, token: promoter, payload: { events: [child.id] } });
    expect(detached.statusCode).toBe(200);
    expect((await release(sections.rows[0].name)).statusCode).toBe(200);
  });
});

describe('no caching of personal data', () => {
  it('when the API answers with people, orders or errors, then Cache-Control: no-store', async () => {
    for (const url of ['/api/profile', '/api/orders', '/api/ombuds/attendees?search=a', '/api/users?status=any', '/api/orders/2147483647']) {
      const res = await t.call({ method: 'GET', url, token: admin });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'admin-demo-1' } })).headers['cache-control']).toBe('no-store');
  });
});

describe('the CRM filter\'s bracket-list form', () => {
  const count = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/attendees?${query}`, token: promoter });
    return res;
  };

  it('when events are sent as filters[events][]=…, then they narrow the count exactly as filters[events]=a,b does', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT e.id::int FROM events e JOIN users u ON u.promoter_id = e.promoter_id
        WHERE u.email = 'promoter@demo.test' AND EXISTS (SELECT 1 FROM orders o WHERE o.event_id = e.id AND o.status = 'completed') ORDER BY e.id LIMIT 2`,
    );
    const [a, b] = rows.map((r) => r.id);
    const all = (await count('')).json().count;
    const comma = (await count(`filters[events]=${a},${b}`)).json().count;
    const listed = await count(`filters[events][]=${a}&filters[events][]=${b}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().count).toBe(comma);
    expect(comma).toBeLessThan(all);
    expect((await count(`filters[events][]=${a}`)).json().count).toBe((await count(`filters[events]=${a}`)).json().count);
  });

  it('when a filter key is not one the count reads, then 422 names it, never a count of everyone', async () => {
    const res = await count('filters[event][]=3');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().validation_errors)).toEqual(['filters[event][]']);
    expect((await count('filters[events][]=0x14')).statusCode).toBe(422);
  });
});
