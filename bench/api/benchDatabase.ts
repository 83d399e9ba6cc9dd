/**
 * The database a bench runs on: PGlite in a temporary directory (the default), or PostgreSQL with BENCH_DB=postgres
 * — a fresh database on DATABASE_URL's server when it is set, else on a throwaway cluster from Debian's `postgresql`
 * package, started and stopped the way the PostgreSQL server suite does it (tests/server/setup). Either way the
 * bench migrates and seeds it, and `close()` removes what it made.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/seedDemo';
import { withDatabase } from '../../tests/server/setup/globalSetup';
import { startPgCluster } from '../../tests/server/setup/pgCluster';

export type BenchEngine = 'pglite' | 'postgres';

export interface BenchDatabase {
  engine: BenchEngine;
  db: Db;
  close(): Promise<void>;
}

export function benchEngine(): BenchEngine {
  const wanted = process.env.BENCH_DB ?? 'pglite';
  if (wanted !== 'pglite' && wanted !== 'postgres') throw new Error(`BENCH_DB is pglite or postgres, not ${wanted}`);
  return wanted;
}

export async function openBenchDatabase(engine: BenchEngine = benchEngine()): Promise<BenchDatabase> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'arena-api-bench-'));
    const db = await openDatabase({ databaseUrl: '', dataDir: dir });
    return {
      engine, db, async close() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const cluster = process.env.DATABASE_URL ? null : await startPgCluster();
  const adminUrl = process.env.DATABASE_URL || cluster!.url;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A database of its own, so the bench never touches the data behind DATABASE_URL.
  const name = `arena_api_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: '' });
  return {
    engine, db, async close() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
      await cluster?.stop();
    },
  };
}

/**
 * A seeded PGlite database for a bench that drives the app in process: a copy of `source` (a seeded data directory,
 * the bench's `--data-dir`), migrated to the current schema, or else a fresh one migrated and seeded
 * (SEED_SALES_ITEMS=20000 unless set, about a minute). `close()` removes the copy.
 */
export async function openSeededPglite(source: string | undefined, prefix: string): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  rmSync(dir, { recursive: true });
  if (source) cpSync(source, dir, { recursive: true });
  process.env.SEED_SALES_ITEMS ??= '20000';
  const db = await openDatabase({ databaseUrl: '', dataDir: dir });
  await migrate(db);
  if (!source) {
    console.log('Seeding a fresh database…');
    await seedDemo(db);
  }
  return {
    engine: 'pglite', db, async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
