import pg from 'pg';
import { CopyOutQuery } from './copyOut';
import type { Db, Named, Queryable, QueryResult } from './database';

// BIGINT (count(*), sums of öre) as JS numbers: our sums stay far below 2^53 öre.
pg.types.setTypeParser(20, (v) => Number(v));
// NUMERIC as numbers; timestamp (local wall-clock) and date as text, as pgliteDb.ts does.
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1114, (v) => v);
pg.types.setTypeParser(1082, (v) => v);

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle connection the server drops (restart, failover, a dropped database) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost (${err.message}); the pool will reconnect.`));
  // Fail at start, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  // A named statement is node-postgres's own: prepared on each connection the first time it runs there.
  const config = (sql: string | Named, params: unknown[]) => (typeof sql === 'string' ? { text: sql, values: params } : { ...sql, values: params });
  const query = async <Row>(sql: string | Named, params: unknown[] = []): Promise<QueryResult<Row>> => {
    const res = await pool.query(config(sql, params));
    return { rows: res.rows as Row[], rowCount: res.rowCount ?? res.rows.length };
  };
  return {
    engine: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<Row>(sql: string | Named, params: unknown[] = []) {
          const res = await client.query(config(sql, params));
          return { rows: res.rows as Row[], rowCount: res.rowCount ?? res.rows.length };
        },
      };
      try {
        await client.query('BEGIN');
        const out = await fn(tx);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async copyOut(sql) {
      const client = await pool.connect();
      try {
        return await new CopyOutQuery(sql).run(client);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
