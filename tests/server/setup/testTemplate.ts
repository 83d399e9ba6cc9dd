/**
 * The seeded test database, made once per `npm test` (tests/runAll.ts) and reused by every step that needs one:
 * the server suite on PGlite copies the data directory for each file, both browser shards start on copies of it,
 * and the PostgreSQL template database is loaded from it by COPY instead of being seeded a second time.
 *
 * Measured on the shared 2-core machine (load ≈ 10, 28 Nov 2026, 100,000 sales items): PGlite migrate 30 s + seed
 * 46 s; PostgreSQL migrate 2 s + seed 33 s. The PGlite seed is paid once instead of three times; see loadFromPglite
 * for the PostgreSQL side.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { openDatabase, type Db } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { seedDemo } from '../../../server/db/seed/seedDemo';

/** The env var that hands a ready PGlite template (a data directory) from tests/runAll.ts to its steps. */
export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/** The sales volume of the test template: a tenth of the demo's year (docs/reports.md); SEED_SALES_ITEMS overrides. */
export const TEST_SEED_SALES_ITEMS = '100000';

/** Migrates and seeds a PGlite data directory from scratch. */
export async function seedPgliteTemplate(dir: string): Promise<void> {
  process.env.SEED_SALES_ITEMS ??= TEST_SEED_SALES_ITEMS;
  rmSync(dir, { recursive: true, force: true });
  const db = await openDatabase({ databaseUrl: '', dataDir: dir });
  let current: string;
  try {
    await migrate(db);
    await seedDemo(db);
    await db.query('CHECKPOINT');
    current = (await db.query<{ f: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS f')).rows[0]!.f;
  } finally {
    await db.close();
  }
  dropSpareWal(dir, current);
}

/**
 * Removes the WAL segments a cleanly closed data directory keeps only for reuse. After the seed, pg_wal held seven
 * 16 MB segments (112 of the template's 199 MB): the one being written and six old ones that checkpoints renamed
 * ahead of it (PostgreSQL recycles segments instead of creating them, up to min_wal_size). Their names are later
 * than the one being written, and a segment that does not exist is simply created when the log reaches it, so they
 * carry nothing. The one being written at close and the next (the shutdown checkpoint's record may cross into it)
 * stay. Every server file, both browser shards and the backup test copy the template, so each copy is 96 MB smaller.
 */
function dropSpareWal(dir: string, current: string): void {
  const wal = path.join(dir, 'pg_wal');
  // A name is timeline, log and segment, 8 hex digits each; a log has 256 segments of 16 MB.
  const [timeline, log, seg] = [0, 8, 16].map((at) => parseInt(current.slice(at, at + 8), 16));
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const keep = seg === 0xff ? `${hex(timeline)}${hex(log + 1)}${hex(0)}` : `${hex(timeline)}${hex(log)}${hex(seg + 1)}`;
  for (const f of readdirSync(wal)) {
    if (/^[0-9A-F]{24}$/.test(f) && f.slice(0, 8) === hex(timeline) && f > keep) rmSync(path.join(wal, f));
  }
}

/** A node-postgres submittable that runs one `COPY … FROM STDIN` and sends it the given chunks. */
class CopyInQuery {
  private settle: ((error: Error | null) => void) | null = null;
  private error: Error | null = null;

  constructor(private readonly text: string, private readonly chunks: Uint8Array[]) {}

  run(client: pg.Client): Promise<void> {
    return new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
      (client as unknown as { query(q: unknown): void }).query(this);
    });
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    // One Buffer per CopyData message (the chunks are Uint8Array views; the protocol writer copies Buffers).
    for (const chunk of this.chunks) connection.sendCopyFromChunk(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    connection.endCopyFrom();
  }

  handleError(err: Error): void {
    this.error = err;
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  handleReadyForQuery(): void {
    this.settle?.(this.error);
    this.settle = null;
  }
}

/**
 * Loads a migrated, empty PostgreSQL database with the rows of a seeded PGlite template: every table of the public
 * schema copied with COPY (the generated columns are left out by COPY and computed again), the sequences set where
 * the template left them. Foreign keys and triggers wait (session_replication_role = replica, which needs a
 * superuser: the throwaway cluster's). The same schema on both sides: both were migrated by migrate().
 */
export async function loadFromPglite(templateDir: string, target: pg.Client): Promise<{ tables: number; bytes: number }> {
  const source: Db = await openDatabase({ databaseUrl: '', dataDir: templateDir });
  try {
    const { rows: tables } = await source.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const { rows: sequences } = await source.query<{ name: string; last_value: string | null }>(
      `SELECT quote_ident(sequencename) AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public'`,
    );
    let bytes = 0;
    await target.query('BEGIN');
    await target.query('SET LOCAL session_replication_role = replica');
    await target.query(`TRUNCATE ${tables.map((t) => `public.${t.name}`).join(', ')}`);
    for (const { name } of tables) {
      const chunks = await source.copyOut(`COPY public.${name} TO STDOUT`);
      bytes += chunks.reduce((n, c) => n + c.byteLength, 0);
      await new CopyInQuery(`COPY public.${name} FROM STDIN`, chunks).run(target);
    }
    for (const s of sequences) {
      if (s.last_value === null) continue;
      await target.query(`SELECT setval('public.${s.name}', $1::bigint, true)`, [s.last_value]);
    }
    await target.query('COMMIT');
    // COPY leaves the planner without statistics (the seed's ANALYZE ran in PGlite): without them PostgreSQL planned
    // the big tables' joins as if they were empty, and the authorisation matrix took 50 s here against 5 s on PGlite.
    // Every file's database is made from this template and inherits the statistics.
    await target.query('ANALYZE');
    return { tables: tables.length, bytes };
  } catch (err) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await source.close();
  }
}
