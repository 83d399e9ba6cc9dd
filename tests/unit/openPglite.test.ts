import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pgliteDb';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

it('when DATA_DIR names a folder whose parents do not exist yet (a fresh clone), then the database opens there', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pglite-dir-'));
  roots.push(root);
  const db = await openPglite(path.join(root, 'not', 'yet', 'data'));
  try {
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await db.close();
  }
}, 60_000);
