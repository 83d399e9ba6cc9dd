import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pgliteDb';

// One data directory for the file: a fresh PGlite directory costs an initdb (15 s of CPU each on the shared 2-core
// machine, and this file was the unit step's longest by far), so the first test makes it and the others open it
// again. Each test still stands alone: run by itself, its open makes the directory. Each uses tables of its own.
const root = mkdtempSync(path.join(tmpdir(), 'pglite-open-'));
const dir = path.join(root, 'not', 'yet', 'data');
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('when DATA_DIR names a folder whose parents do not exist yet (a fresh clone), then the database opens there', async () => {
  const db = await openPglite(dir);
  try {
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await db.close();
  }
  // The initdb: 10 s in CI, over 60 s when other work loads the machine to 20 (a timeout, not a timing check).
}, 180_000);

it('when a named statement runs on PGlite\'s thread, then it answers as query() does, keeps its transaction, survives a failed statement, and refuses a second text under its name', async () => {
  const db = await openPglite(dir);
  try {
    await db.exec('CREATE TABLE named_t (id bigint PRIMARY KEY, at timestamp, tags text[])');
    const insert = { name: 't_insert', text: 'INSERT INTO named_t (id, at, tags) SELECT x, $2::timestamp, $3::text[] FROM unnest($1::bigint[]) x RETURNING id' };
    const select = { name: 't_select', text: 'SELECT id, at, tags FROM named_t WHERE id = ANY($1::bigint[]) ORDER BY id' };
    expect((await db.query(insert, [[1, 2], '2026-05-01 19:30:00', ['a', 'b "c"']])).rowCount).toBe(2);
    // Types come back as the plain query gives them (bigint as a number, timestamp as text, arrays as arrays).
    const plain = await db.query('SELECT id, at, tags FROM named_t WHERE id = ANY($1::bigint[]) ORDER BY id', [[1, 2]]);
    expect((await db.query(select, [[1, 2]])).rows).toEqual(plain.rows);
    expect(plain.rows[0]).toEqual({ id: 1, at: '2026-05-01 19:30:00', tags: ['a', 'b "c"'] });
    // A failing named statement throws the database's error, and its transaction rolls back as a whole.
    await expect(db.transaction(async (tx) => {
      await tx.query(insert, [[3], null, null]);
      await tx.query(insert, [[1], null, null]);
    })).rejects.toMatchObject({ code: '23505' });
    expect((await db.query(select, [[3]])).rows).toEqual([]);
    // The statement still works after the error, inside and outside a transaction.
    await db.transaction((tx) => tx.query(insert, [[4], null, null]));
    expect((await db.query(select, [[4]])).rows).toHaveLength(1);
    // A failed statement outside a transaction keeps the one connection to PGlite's thread: a new one would meet
    // the session's statements prepared by the old one ("already exists").
    await expect(db.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect((await db.query(select, [[4]])).rows).toHaveLength(1);
    await expect(db.query({ name: 't_select', text: 'SELECT 1' })).rejects.toThrow(/Prepared statements must be unique/);
  } finally {
    await db.close();
  }
}, 60_000);

it('when fsync is on, then writes, a checkpoint and a reopen keep every committed row', async () => {
  const db = await openPglite(dir, { fsync: true });
  await db.exec('CREATE TABLE fsync_t (n int)');
  await db.exec('INSERT INTO fsync_t SELECT generate_series(1, 1000)');
  await db.exec('CHECKPOINT');
  await db.exec('INSERT INTO fsync_t VALUES (1001)');
  await db.close();
  const again = await openPglite(dir, { fsync: true });
  const { rows } = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM fsync_t');
  expect(rows[0]!.n).toBe(1001);
  await again.close();
}, 60_000);
