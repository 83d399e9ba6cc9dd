import pg from 'pg';
import { CopyOutQuery } from './copyOut';
import { ChannelListeners, serverListen } from './notifications';
import type { Db, Named, Queryable, QueryResult } from './dbTypes';

// BIGINT (count(*), sums of öre) as JS numbers: our sums stay far below 2^53 öre.
pg.types.setTypeParser(20, (v) => Number(v));
// NUMERIC as numbers; timestamp (local wall-clock) and date as text, as pgliteDb.ts does.
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1114, (v) => v);
pg.types.setTypeParser(1082, (v) => v);
// Their arrays (bigint[] of ids, numeric[]) as arrays of numbers too.
for (const oid of [1016, 1231]) {
  const strings = pg.types.getTypeParser(oid) as (v: string) => (string | null)[];
  pg.types.setTypeParser(oid, (v) => strings(v).map((x) => (x === null ? null : Number(x))));
}

export async function openPostgres(url: string): Promise<Db> {
  // JIT off for the app's connections: its queries are short, and the planner's cost of a correlated count (the events
  // list's places sold) passed jit_above_cost, so every list paid ~1 s of LLVM compiling for 5 ms of work (EXPLAIN
  // ANALYZE on the test data: 1,426 ms, of which JIT 1,055 ms). A report that wants it can SET jit = on itself.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10), options: '-c jit=off' });
  // An idle connection the server drops (restart, failover, a dropped database) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost (${err.message}); the pool will reconnect.`));
  const listener = serverListen(url, new ChannelListeners());
  return poolDb('postgres', pool, listener.listen, async () => {
    await listener.close();
    await pool.end();
  });
}

/**
 * The Db of a node-postgres pool: a PostgreSQL server's, or PGlite's thread behind a pool of one connection
 * (pgliteDb.ts). Both engines run the same driver code, so their answers have the same types.
 */
export async function poolDb(engine: Db['engine'], pool: pg.Pool, listen: Db['listen'], close = () => pool.end()): Promise<Db> {
  // Fail at start, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  // A named statement is node-postgres's own: prepared on each connection the first time it runs there.
  const config = (sql: string | Named, params: unknown[]) => (typeof sql === 'string' ? { text: sql, values: params } : { ...sql, values: params });
  // Not pool.query(): it drops the connection after any failed statement, and PGlite's one session outlives the
  // connection (its prepared statements would be there for the next one). A connection that really broke is
  // dropped by the pool all the same.
  const query = async <Row>(sql: string | Named, params: unknown[] = []): Promise<QueryResult<Row>> => {
    const client = await pool.connect();
    try {
      const res = await client.query(config(sql, params));
      return { rows: res.rows as Row[], rowCount: res.rowCount ?? res.rows.length };
    } finally {
      client.release();
    }
  };
  return {
    engine,
    query,
    async transaction(fn) {
      const client = await pool.connect();
      // A connection runs one statement at a time. Callers in a transaction that ask for two at once (Promise.all)
      // wait their turn here: node-postgres's own queue for that is deprecated (gone in pg 9).
      let turn: Promise<unknown> = Promise.resolve();
      const tx: Queryable = {
        async query<Row>(sql: string | Named, params: unknown[] = []) {
          const run = turn.then(() => client.query(config(sql, params)));
          turn = run.catch(() => undefined);
          const res = await run;
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
      await query(sql);
    },
    async copyOut(sql) {
      const client = await pool.connect();
      try {
        return await new CopyOutQuery(sql).run(client);
      } finally {
        client.release();
      }
    },
    listen,
    close,
  };
}
