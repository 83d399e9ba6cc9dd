/**
 * One SQL dialect, two engines: embedded PGlite (default, one process) or a PostgreSQL server (DATABASE_URL).
 * Everything above this file sees only `Db`: parameterised queries and transactions.
 */
import type { Db } from './dbTypes';
export type { Db, Named, Queryable, QueryResult } from './dbTypes';

export async function openDatabase(opts: { databaseUrl: string; dataDir: string; pgliteFsync?: boolean }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgresDb');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pgliteDb');
  return openPglite(opts.dataDir, { fsync: opts.pgliteFsync ?? false });
}
