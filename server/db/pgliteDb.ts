import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { copyDataOf, simpleQueryMessage } from './copyOut';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Named, Queryable, QueryResult } from './database';
import { namedStatements } from './pglitePrepared';

/** PGlite runs PostgreSQL in this process; it serialises queries itself, so transactions need no pool. */
/**
 * Results look the same on both engines: bigint and numeric as numbers, timestamp (local wall-clock time) and
 * date as the database's text ('2026-05-01 19:30:00'), timestamptz as Date. See postgresDb.ts.
 */
export const PGLITE_PARSERS = {
  1700: (v: string) => Number(v),
  1114: (v: string) => v,
  1082: (v: string) => v,
};

export async function openPglite(dataDir: string): Promise<Db> {
  // PGlite makes its own folder but not the ones above it (DATA_DIR=.tmp/e2e-data on a fresh clone).
  mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pg = await PGlite.create(dataDir, { parsers: PGLITE_PARSERS, extensions: { pg_trgm } }); // pg_trgm: fuzzy event search (115)
  const named = namedStatements(pg);
  // query() and transaction() take two locks: the transaction's, then the statement's. A statement outside a
  // transaction takes both, one inside takes the statement's (its transaction holds the other).
  const alone = <T>(fn: () => Promise<T>) => pg._runExclusiveTransaction(() => pg.runExclusive(fn));
  const wrap = (q: { query: PGlite['query'] }, inTransaction: boolean): Queryable => ({
    async query<Row>(sql: string | Named, params: unknown[] = []): Promise<QueryResult<Row>> {
      if (typeof sql !== 'string') {
        return inTransaction ? pg.runExclusive(() => named.run<Row>(sql, params, false)) : alone(() => named.run<Row>(sql, params, true));
      }
      const res = await q.query<Row>(sql, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });
  const base = wrap(pg, false);
  return {
    engine: 'pglite',
    query: base.query,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx, true))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // PGlite's query() drops a COPY's CopyData messages: the statement goes through the wire protocol itself,
    // under the lock query() and transaction() take, and the CopyData payloads are read from the raw answer.
    copyOut: (sql) => alone(async () => {
      const raw: Uint8Array[] = [];
      await pg.execProtocolRawStream(simpleQueryMessage(sql), { onRawData: (data) => raw.push(new Uint8Array(data)) });
      return copyDataOf(raw);
    }),
    close: () => pg.close(),
  };
}
