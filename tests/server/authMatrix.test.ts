import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { signToken } from '../../server/auth/tokens';
import { DEMO_TOKEN_SECRET, readConfig } from '../../server/config';
import type { RouteEntry } from '../../server/plugins/auth';
import { createTestApp, type TestApp } from './setup/testApp';
import { OWNED_RECORDS } from './support/ownedRecords';

/**
 * The generated authorisation matrix (docs/security.md). Every route the app registers — read from the app
 * itself, so a new route is covered the day it lands — is called as every kind of caller, with records of the
 * caller's own promoter and of the other one, and under other spellings of its path. What each call must answer
 * comes from the route's own declaration (`access`, `owns`): a route that declares none stops the server.
 */
type Caller = 'admin' | 'promoter' | 'promoter2' | 'corporate' | 'boxoffice' | 'scanner' | 'inactive' | 'anonymous';
const CALLERS: Caller[] = ['admin', 'promoter', 'promoter2', 'corporate', 'boxoffice', 'scanner', 'inactive', 'anonymous'];
const TYPE_OF: Record<Caller, string | null> = {
  admin: 'admin', promoter: 'promoter', promoter2: 'promoter', corporate: 'corporate', boxoffice: 'boxoffice',
  scanner: 'scanner', inactive: null, anonymous: null,
};

let t: TestApp;
let app: FastifyInstance;
let consoleDir: string;
const tokens: Partial<Record<Caller, string>> = {};
/** kind → [id of promoter 1 (Nordic Live), id of promoter 2]. */
const owned: Record<string, [number | null, number | null]> = {};
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  // The matrix runs against an app that serves a console too, so its catch-all route is in the table.
  consoleDir = mkdtempSync(path.join(tmpdir(), 'arena-console-'));
  writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
  app = await buildApp({ db: t.db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true, consoleDir }, serveConsole: true });
  await app.ready();
  for (const key of ['admin', 'promoter', 'promoter2', 'corporate', 'boxoffice'] as const) tokens[key] = await t.tokenFor(key);
  const user = async (email: string) =>
    (await t.db.query<{ id: number; type: string; token_version: number }>('SELECT id, type, token_version FROM users WHERE email = $1', [email])).rows[0];
  for (const [caller, email] of [['scanner', 'scanner@demo.test'], ['inactive', 'inactive@demo.test']] as const) {
    const u = await user(email);
    tokens[caller] = signToken({ sub: Number(u.id), type: u.type, ver: u.token_version }, DEMO_TOKEN_SECRET, 900);
  }
  const promoters = (await t.db.query<{ id: number }>(`SELECT id FROM promoters ORDER BY id LIMIT 2`)).rows.map((r) => Number(r.id));
  for (const [kind, find] of Object.entries(OWNED_RECORDS)) owned[kind] = [await find(t.db, promoters[0]), await find(t.db, promoters[1])];
  // Deletes last, so a record an allowed caller deletes does not change what the other rows of the matrix meet.
  routes = app.routeTable
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}, 180_000);

afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

/**
 * An id that names no record: params the route does not declare as owned get it, so an allowed caller's write
 * (revoke sessions, delete a user) cannot land on a real account — user 1 is the admin the matrix signs in as.
 */
const NO_RECORD = 999_999_999;

/** The route's path with its params filled: owned params with a record of promoter `which`, others with NO_RECORD. */
function fill(route: RouteEntry, which: 0 | 1): string {
  return route.url
    .replace(/:(\w+)/g, (_m, name: string) => {
      const kind = route.owns[name];
      return String(kind ? (owned[kind]?.[which] ?? NO_RECORD) : NO_RECORD);
    })
    .replace(/\*$/, 'x');
}

function call(method: string, url: string, caller: Caller) {
  const token = tokens[caller];
  const opts: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers: { platform: 'admin', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  };
  if (method !== 'GET' && method !== 'DELETE') opts.payload = {};
  return injectOrStream(opts);
}

/**
 * app.inject, except that a stream (server-sent events: an open map's seat stream) answers once its headers are in:
 * its status is what the matrix checks, and the stream itself never ends.
 */
async function injectOrStream(opts: InjectOptions) {
  const res = await app.inject({ ...opts, payloadAsStream: true });
  const stream = res.stream();
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, json: () => ({}) as Record<string, unknown> };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: res.statusCode, headers: res.headers, json: () => JSON.parse(body) };
}

const label = (r: RouteEntry) => `${r.method} ${r.url}`;

describe('the route-permission table', () => {
  it('when the app starts, then every route has declared who may call it, and every owned kind has records of both promoters', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      expect(r.access, label(r)).toBeDefined();
      for (const kind of Object.values(r.owns)) {
        expect(OWNED_RECORDS[kind], `${label(r)}: add the kind '${kind}' to tests/server/support/ownedRecords.ts`).toBeDefined();
        expect(owned[kind]?.[0], `${label(r)}: no '${kind}' of promoter 1 in the seed`).toBeTruthy();
        expect(owned[kind]?.[1], `${label(r)}: no '${kind}' of promoter 2 in the seed`).toBeTruthy();
      }
    }
  });

  it('when a route declares no access, then the server refuses to start', async () => {
    const bare = await buildApp({ db: t.db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
    await expect(async () => {
      bare.get('/api/undeclared', async () => ({ open: true }));
      await bare.ready();
    }).rejects.toThrow(/declares no access/);
    await bare.close().catch(() => undefined);
  });
});

describe('a promoter never reaches another promoter\'s records', () => {
  it('when promoter 2 calls a promoter-scoped route with promoter 1\'s records, then it is refused (4xx, nothing read or written)', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      if (Object.keys(r.owns).length === 0 || r.access === 'public' || !r.access.includes('promoter')) continue;
      const res = await call(r.method, fill(r, 0), 'promoter2');
      // 403/404 from the scoping, or a 4xx of the input checks that come first (a query without a required field):
      // either way nothing of the record is read or written.
      const refused = res.statusCode >= 400 && res.statusCode < 500;
      if (!refused) problems.push(`${label(r)} as promoter 2 with promoter 1's record → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('every route, every caller', () => {
  it('when each kind of caller calls each route, then the answer is what its access allows, and never a 5xx', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      for (const caller of CALLERS) {
        const res = await call(r.method, fill(r, caller === 'promoter2' ? 1 : 0), caller);
        const s = res.statusCode;
        if (s >= 500) {
          problems.push(`${label(r)} as ${caller} → ${s}`);
          continue;
        }
        if (r.access === 'public') {
          if (s === 401 || s === 403) problems.push(`${label(r)} is public, but ${caller} got ${s}`);
          continue;
        }
        const type = TYPE_OF[caller];
        const expected = type === null ? 401 : r.access.includes(type as never) ? null : 403;
        if (expected !== null && s !== expected) problems.push(`${label(r)} as ${caller} → ${s}, expected ${expected}`);
        if (expected === null && (s === 401 || s === 403)) problems.push(`${label(r)} allows ${caller}, who got ${s}`);
        if (expected !== null && s === expected && res.json().error?.code === undefined) problems.push(`${label(r)} as ${caller}: no error shape`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

/** Other spellings of the same path: each reaches the route's own checks or no route at all. */
const SPELLINGS: [string, (p: string) => string][] = [
  ['%61pi', (p) => p.replace(/^\/api\//, '/%61pi/')],
  ['ap%69', (p) => p.replace(/^\/api\//, '/ap%69/')],
  ['double-encoded', (p) => p.replace(/^\/api\//, '/%2561pi/')],
  ['double slash', (p) => `/${p}`],
  ['dot segment', (p) => p.replace(/^\/api\//, '/api/./')],
  ['upper case', (p) => p.replace(/^\/api\//, '/API/')],
  ['trailing slash', (p) => `${p}/`],
  ['encoded slash', (p) => p.replace(/^\/api\//, '/api%2F')],
];

describe('whatever the spelling', () => {
  it('when a signed-out caller spells an API path another way, then it meets sign-in (401) or no route (404), never the data', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      if (r.access === 'public' || !r.url.startsWith('/api/')) continue;
      for (const [name, spell] of SPELLINGS) {
        const res = await call(r.method, spell(fill(r, 0)), 'anonymous');
        if (res.statusCode !== 401 && res.statusCode !== 404) problems.push(`${label(r)} spelled '${name}' (${spell(fill(r, 0))}) → ${res.statusCode}`);
        else if (!res.json().error) problems.push(`${label(r)} spelled '${name}': no error shape`);
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('when the platform settings are asked for as /%61pi/settings without a token, then 401, and a PUT writes nothing', async () => {
    const before = (await t.db.query('SELECT admin_fee_ore FROM platform_settings')).rows[0];
    expect((await app.inject({ method: 'GET', url: '/%61pi/settings', headers: { platform: 'admin' } })).statusCode).toBe(401);
    const put = await app.inject({ method: 'PUT', url: '/%61pi/settings', headers: { platform: 'admin' }, payload: { admin_fee: 999, refund_fee: 50 } });
    expect(put.statusCode).toBe(401);
    expect((await t.db.query('SELECT admin_fee_ore FROM platform_settings')).rows[0]).toEqual(before);
  });

  it('when a signed-out caller posts an invalid body, then 401 comes back, not the field schema', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/settings', headers: { platform: 'admin' }, payload: { admin_fee: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().validation_errors).toBeUndefined();
  });
});
