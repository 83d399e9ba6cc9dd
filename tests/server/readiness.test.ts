import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRuns } from '../../server/jobs/jobRuns';
import { startHoldExpiryJob } from '../../server/seat-state/holdExpiry';
import { startLeaseExpiryJob } from '../../server/seat-leases/leaseExpiry';
import { startForgetUsersJob } from '../../server/jobs/forgetUsers';
import { startOutboxWorker } from '../../server/outbox/deliverOutbox';
import { createTransports } from '../../server/outbox/transports';
import { readConfig } from '../../server/config';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * GET /api/ready (public: 200 or 503) and GET /api/operations (admins): the database answers, the schema is current,
 * and this process's jobs keep their rhythm (docs/operations.md "Operations at a glance"). The jobs' clock is the
 * test's, so "too long without a run" is reached by moving it, not by waiting.
 */
let t: TestApp;
let now = Date.parse('2026-06-01T10:00:00Z');
const jobs = new JobRuns(() => now);
let admin: string;

beforeAll(async () => {
  jobs.register('delivery', 1000);
  jobs.register('hold-expiry', 1000);
  t = await createTestApp({ jobs });
  admin = await t.tokenFor('admin');
});
afterAll(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' }); // no platform header, no token: a load balancer

describe('readiness', () => {
  it('when the database answers, the schema is current and the jobs have just started, then /api/ready is 200 without a platform header or a token', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, checks: { database: true, pendingMigrations: [], jobs: true } });
  });

  it('when a job has not run for longer than two periods and the slack, then 503 saying the jobs; a run makes it ready again', async () => {
    now += 33_000;
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, checks: { database: true, jobs: false } });
    await jobs.run('delivery', async () => undefined);
    expect((await ready()).statusCode).toBe(503); // hold expiry still silent
    await jobs.run('hold-expiry', async () => undefined);
    expect((await ready()).statusCode).toBe(200);
  });

  it('when a migration the server carries is not applied, then 503 naming it', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    const last = rows[0].name;
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.pendingMigrations).toEqual([last]);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('when a run fails, then the job stays alive and admins see the failure with the run times; others are refused', async () => {
    now += 1000;
    await expect(jobs.run('delivery', async () => { throw new Error('SMTP refused the connection'); })).rejects.toThrow();
    const res = await t.call({ method: 'GET', url: '/api/operations', token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ready: true, engine: t.db.engine, fsync: t.db.engine === 'pglite' ? readConfig({ NODE_ENV: 'test' }).pgliteFsync : null });
    const delivery = body.jobs.find((j: { name: string }) => j.name === 'delivery');
    expect(delivery).toEqual({
      name: 'delivery', everyMs: 1000, running: false, alive: true, lastError: 'SMTP refused the connection',
      lastStartedAt: new Date(now).toISOString(), lastFinishedAt: new Date(now).toISOString(),
    });
    expect(body.jobs.map((j: { name: string }) => j.name).sort()).toEqual(['delivery', 'hold-expiry']);
    for (const key of ['promoter', 'boxoffice', 'corporate']) {
      expect((await t.call({ method: 'GET', url: '/api/operations', token: await t.tokenFor(key) })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/operations' })).statusCode).toBe(401);
  });

  it('when the server starts its jobs, each registers under its name, and stopping them takes them off', async () => {
    const own = new JobRuns(() => now);
    const stops = [
      startHoldExpiryJob(t.db, 60_000, () => undefined, own),
      startLeaseExpiryJob(t.db, 60_000, () => undefined, own),
      startForgetUsersJob(t.db, 60_000, () => undefined, own),
    ];
    const stopOutbox = startOutboxWorker(t.db, createTransports(readConfig({ NODE_ENV: 'test' })), { everyMs: 60_000, jobs: own });
    expect(own.list().map((j) => j.name).sort()).toEqual(['delivery', 'forget-users', 'hold-expiry', 'lease-expiry']);
    for (const stop of stops) stop();
    await stopOutbox();
    expect(own.list()).toEqual([]);
  });
});
