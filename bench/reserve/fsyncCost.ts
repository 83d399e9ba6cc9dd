/**
 * `node --import tsx bench/reserve/fsyncCost.ts`: what PGLITE_FSYNC=on costs per operation, on a scratch database
 * opened as the server opens it (server/db/pgliteDb.ts: PGlite's thread, node-postgres), the two settings alternated
 * three times so that a busy machine weighs on both alike. A read costs no flush; a commit, autocommit or at the end
 * of a transaction, costs one fsync of the write-ahead log file it wrote. docs/operations.md "What the embedded
 * database promises" has the figures.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../server/db/pgliteDb';

const N = Number(process.env.BENCH_OPERATIONS ?? 300);
const results: Record<string, Record<string, number[]>> = { off: {}, on: {} };

for (let round = 0; round < 3; round++) {
  for (const fsync of [false, true]) {
    const dir = path.resolve(`.tmp/fsync-cost-bench-${fsync ? 'on' : 'off'}`);
    rmSync(dir, { recursive: true, force: true });
    const db = await openPglite(dir, { fsync });
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, a int, b text)');
    const measure = async (label: string, run: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await run(i); // warm
      const started = performance.now();
      for (let i = 0; i < N; i++) await run(i);
      ((results[fsync ? 'on' : 'off'][label] ??= [])).push((performance.now() - started) / N);
    };
    await measure('read (SELECT by key)', (i) => db.query('SELECT a FROM t WHERE id = $1', [i]));
    await measure('INSERT, autocommit', (i) => db.query('INSERT INTO t (a, b) VALUES ($1, $2)', [i, 'x']));
    await measure('transaction: INSERT + UPDATE, COMMIT', (i) => db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>('INSERT INTO t (a, b) VALUES ($1, $2) RETURNING id', [i, 'y']);
      await tx.query('UPDATE t SET b = $2 WHERE id = $1', [rows[0].id, 'z']);
    }));
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.table(Object.keys(results.off).map((label) => ({
  operation: label, 'fsync off, ms': +median(results.off[label]).toFixed(2), 'fsync on, ms': +median(results.on[label]).toFixed(2),
})));
