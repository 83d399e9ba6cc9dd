import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type Db } from '../../../server/db/database';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import type { JobRuns } from '../../../server/jobs/jobRuns';
import { copyPgliteTemplate, withDatabase } from './globalSetup';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The suite's PostgreSQL database ('' on PGlite): a second app instance over the same data opens it again. */
  databaseUrl: string;
  /** The PGlite data directory of this file's copy ('' on PostgreSQL). */
  dataDir: string;
  /** app.inject with the platform header (and a token, when given). */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Signs in a demo account by its key ('admin', 'promoter', …) and returns its token. */
  tokenFor(key: string): Promise<string>;
  /**
   * The same database as a second API process sees it: on PostgreSQL a connection pool of its own (its own LISTEN
   * connection too); PGlite is one process's, so the same Db. Close it yourself.
   */
  secondDb(): Promise<Db & { shared: boolean }>;
  close(): Promise<void>;
}

let suiteCounter = 0;

/** A fresh copy of the seeded template database and an app over it, for one test file; `config` overrides settings. */
export async function createTestApp(opts: { config?: Partial<ServerConfig>; jobs?: JobRuns } = {}): Promise<TestApp> {
  const testDb = inject('testDb');
  let db: Db;
  let cleanup: () => Promise<void>;
  let secondDb: TestApp['secondDb'];
  let databaseUrl = '';
  let dataDir = '';
  if (testDb.engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'arena-suite-'));
    dataDir = dir;
    rmSync(dir, { recursive: true });
    copyPgliteTemplate(testDb.templateDir, dir);
    db = await openDatabase({ databaseUrl: '', dataDir: dir });
    secondDb = async () => ({ ...db, shared: true, close: async () => undefined });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = `arena_suite_${process.pid}_${++suiteCounter}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
    databaseUrl = withDatabase(testDb.adminUrl, name);
    db = await openDatabase({ databaseUrl, dataDir: '' });
    secondDb = async () => ({ ...(await openDatabase({ databaseUrl, dataDir: '' })), shared: false });
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const config = { ...readConfig({ NODE_ENV: 'test' }), quiet: true, ...opts.config };
  const app = await buildApp({ db, config, serveConsole: false, jobs: opts.jobs });
  await app.ready();

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { platform: 'admin', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  return {
    app,
    db,
    databaseUrl,
    dataDir,
    call,
    secondDb: () => secondDb(),
    async tokenFor(key) {
      const account = DEMO_ACCOUNTS.find((a) => a.key === key);
      if (!account) throw new Error(`No demo account ${key}`);
      const res = await call({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      if (res.statusCode !== 200) throw new Error(`Sign-in of ${key} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await db.close();
      await cleanup();
    },
  };
}
