import type { FastifyInstance } from 'fastify';
import { ErrorResponse, HealthResponse } from '../../../src/contracts/common';
import { OperationsStatus, Readiness } from '../../../src/contracts/operations';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import { pendingMigrations } from '../../db/migrate';
import type { JobRuns } from '../../jobs/jobRuns';
import { ADMIN_ONLY } from '../../plugins/auth';

/**
 * For load balancers: /api/health is 200 once the database answers (the server only listens after migrating);
 * /api/ready adds that the schema is current and this process's jobs keep their rhythm (503 otherwise); admins'
 * /api/operations says the same with each job's last run (docs/operations.md "Operations at a glance").
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; config: ServerConfig; jobs: JobRuns }) {
  const { db, config, jobs } = opts;
  app.get('/api/health', { config: { access: 'public', platformExempt: true }, schema: { response: { 200: HealthResponse, 503: ErrorResponse } } }, async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.engine };
    } catch {
      return reply.status(503).send({ error: { code: 'database_unavailable', message: 'The database does not answer.' } });
    }
  });

  const check = async () => {
    const pending = await pendingMigrations(db).catch(() => null);
    const runs = jobs.list();
    const checks = { database: pending !== null, pendingMigrations: pending, jobs: runs.every((j) => j.alive) };
    return { ready: checks.database && pending!.length === 0 && checks.jobs, checks, runs };
  };

  app.get('/api/ready', { config: { access: 'public', platformExempt: true }, schema: { response: { 200: Readiness, 503: Readiness } } }, async (_request, reply) => {
    const { ready, checks } = await check();
    return reply.status(ready ? 200 : 503).send({ ready, checks });
  });

  app.get('/api/operations', { config: { access: ADMIN_ONLY }, schema: { response: { 200: OperationsStatus } } }, async () => {
    const { ready, checks, runs } = await check();
    return {
      ready, checks, engine: db.engine, fsync: db.engine === 'pglite' ? config.pgliteFsync : null, jobs: runs, checkedAt: new Date().toISOString(),
    };
  });
}
