import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { seedDemo } from '../../../server/db/seed/seedDemo';
import { startPgCluster, type PgCluster } from './pgCluster';
import { loadFromPglite, seedPgliteTemplate, TEMPLATE_ENV, TEST_SEED_SALES_ITEMS } from './testTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { engine: 'pglite'; templateDir: string } | { engine: 'postgres'; adminUrl: string; template: string };
  }
}

const TEMPLATE_DB = 'arena_test_template';

/**
 * Builds one migrated, seeded template per run (TEST_DB=pglite|postgres); every suite gets its own copy,
 * so suites never see each other's writes and seeding is paid once. Under `npm test` the PGlite template is seeded
 * once for the whole run (TEST_PGLITE_TEMPLATE, testTemplate.ts): the PGlite suite uses it as it is and the
 * PostgreSQL template is loaded from it.
 */
export default async function setup(project: TestProject) {
  // The demo's year of sales (1M order items) is for npm start and the bench; the report suites check numbers against
  // independent sums at any volume, so the template seeds a tenth of it (SEED_SALES_ITEMS overrides; docs/reports.md).
  process.env.SEED_SALES_ITEMS ??= TEST_SEED_SALES_ITEMS;
  const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const given = process.env[TEMPLATE_ENV];
  if (given && !existsSync(given)) throw new Error(`${TEMPLATE_ENV}=${given}: no such data directory`);
  if (engine === 'pglite' && given) {
    // The run's template (tests/runAll.ts made it and removes it): every file copies it, nobody writes to it.
    project.provide('testDb', { engine, templateDir: path.resolve(given) });
    return;
  }
  if (engine === 'pglite') {
    // One template per run: several engineers (or CI jobs) running suites at once must not delete each other's.
    const templateDir = path.resolve(`.tmp/pglite-template-${process.pid}`);
    rmSync(templateDir, { recursive: true, force: true });
    mkdirSync(path.dirname(templateDir), { recursive: true });
    await seedPgliteTemplate(templateDir);
    project.provide('testDb', { engine, templateDir });
    return () => rmSync(templateDir, { recursive: true, force: true });
  }

  let cluster: PgCluster | null = null;
  let adminUrl = process.env.DATABASE_URL ?? '';
  if (!adminUrl) {
    cluster = await startPgCluster();
    adminUrl = cluster.url;
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const db = await openDatabase({ databaseUrl: templateUrl, dataDir: '' });
  await migrate(db);
  if (given) {
    await db.close();
    const started = Date.now();
    const target = new pg.Client({ connectionString: templateUrl });
    await target.connect();
    try {
      const { tables, bytes } = await loadFromPglite(given, target);
      if (process.env.TEST_TIMINGS) console.log(`PostgreSQL template loaded from ${given}: ${tables} tables, ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);
    } finally {
      await target.end();
    }
  } else {
    await seedDemo(db);
    await db.close();
  }
  project.provide('testDb', { engine, adminUrl, template: TEMPLATE_DB });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await cluster?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function copyPgliteTemplate(templateDir: string, target: string): void {
  if (!existsSync(templateDir)) throw new Error(`No PGlite template at ${templateDir}`);
  cpSync(templateDir, target, { recursive: true });
}
