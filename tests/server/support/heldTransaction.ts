import { expect } from 'vitest';
import type { Queryable } from '../../../server/db/database';
import type { TestApp } from '../setup/testApp';

/**
 * A transaction on a second connection, held open after `work` until `commit()`: what a race test interleaves with
 * (the other writer runs meanwhile, and waits for this one's locks on PostgreSQL). On PGlite the "second connection"
 * is the same session (`shared`): there the other writer waits for the whole transaction.
 */
export async function heldOpen<T>(t: TestApp, work: (tx: Queryable) => Promise<T>) {
  const other = await t.secondDb();
  let commit!: () => void;
  const held = new Promise<void>((resolve) => { commit = resolve; });
  let ready!: () => void;
  const done = new Promise<void>((resolve) => { ready = resolve; });
  const result = other.transaction(async (tx) => {
    const out = await work(tx);
    ready();
    await held;
    return out;
  });
  await done;
  return { commit, result, shared: other.shared, close: () => other.close() };
}

/** On PostgreSQL, waits until some transaction waits for a lock (on PGlite, `shared`, there is nothing to wait for). */
export async function someoneWaits(t: TestApp, shared: boolean): Promise<void> {
  if (shared) return;
  await expect.poll(async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0].n).toBeGreaterThan(0);
}
