import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every API process so that two never migrate at once.
const MIGRATION_LOCK_KEY = 7_301_042;

/** Applies the SQL files of migrations/ in name order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * The migration files this server carries that the database has not applied (another process or version migrated
 * it, or a migration failed): /api/ready is not ready while any is missing.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}

/**
 * Splits a migration on top-level semicolons. Semicolons inside dollar-quoted bodies ($$ … $$, $tag$ … $tag$: the
 * PL/pgSQL of trigger functions) do not split. Line comments are removed first, so bodies must not use `--`.
 */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
  const statements: string[] = [];
  const token = /\$[A-Za-z_]*\$|;/g;
  let openQuote: string | null = null;
  let start = 0;
  for (let m = token.exec(withoutComments); m; m = token.exec(withoutComments)) {
    if (openQuote !== null) {
      if (m[0] === openQuote) openQuote = null;
    } else if (m[0] === ';') {
      statements.push(withoutComments.slice(start, m.index));
      start = m.index + 1;
    } else {
      openQuote = m[0];
    }
  }
  statements.push(withoutComments.slice(start));
  return statements.map((s) => s.trim()).filter(Boolean);
}
