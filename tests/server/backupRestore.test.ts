import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { backupDatabase, restoreDatabase, serveBackups } from '../../server/db/backup';
import { openDatabase, type Db } from '../../server/db/database';
import { createTestApp, type TestApp } from './setup/testApp';

/**
 * npm run db:backup / db:restore (server/db/backup.ts, docs/operations.md "Backups") on the suite's engine: a backup
 * taken while the server runs, then changes, then the restore, and every table compared with the backup's moment.
 * PGlite: the running server copies the data directory it holds, and a restore is refused until it stops.
 * PostgreSQL: pg_dump and pg_restore.
 */

/** Every table of the schema: its row count and a digest of its rows. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // A sum of row hashes: the same rows in any order give the same digest, with no sort of the big tables.
    const { rows } = await db.query<{ n: number; digest: number | null }>(`SELECT count(*) AS n, sum(hashtext(t::text)) AS digest FROM "${name}" t`);
    out[name] = `${rows[0].n}:${rows[0].digest ?? ''}`;
  }
  return out;
}

let t: TestApp;
let workDir: string;
let target: { databaseUrl: string; dataDir: string };
let before: Record<string, string>;
let adminFee: number;
/** PGlite: the test closed the suite's app and database itself (to restore under them). */
let closedHere = false;

beforeAll(async () => {
  t = await createTestApp();
  workDir = mkdtempSync(path.join(tmpdir(), 'arena-backup-'));
  target = { databaseUrl: t.databaseUrl, dataDir: t.dataDir };
}, 180_000);

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  if (t.dataDir) {
    for (const f of readdirSync(path.dirname(t.dataDir))) {
      if (f.startsWith(`${path.basename(t.dataDir)}.before-restore-`)) rmSync(path.join(path.dirname(t.dataDir), f), { recursive: true, force: true });
    }
  }
  if (closedHere) rmSync(t.dataDir, { recursive: true, force: true });
  else await t.close();
});

describe('backup and restore', () => {
  it('when a backup is taken, the data changed and the backup restored, then every table is as it was at the backup', async () => {
    const admin = await t.tokenFor('admin');
    // PGlite: the server answers the backup socket, as npm start does (server/main.ts).
    const stopBackups = t.db.engine === 'pglite' ? await serveBackups(t.db, t.dataDir) : async () => undefined;
    const settings = await t.call({ method: 'GET', url: '/api/settings', token: admin });
    adminFee = settings.json().admin_fee;
    before = await fingerprint(t.db);

    const file = path.join(workDir, t.db.engine === 'pglite' ? 'arena.tar.gz' : 'arena.dump');
    const how = await backupDatabase(target, file);
    expect(existsSync(file)).toBe(true);
    if (t.db.engine === 'pglite') expect(how).toBe('copied by the running server');

    // Changes after the backup: a setting through the API, and rows of two tables.
    const put = await t.call({ method: 'PUT', url: '/api/settings', token: admin, payload: { admin_fee: adminFee + 7, refund_fee: 3 } });
    expect(put.statusCode).toBe(200);
    await t.db.query(`UPDATE users SET first_name = 'Restored?' WHERE email = 'promoter@demo.test'`);
    await t.db.query(`DELETE FROM faq_translations`);
    const changed = await fingerprint(t.db);
    expect(changed).not.toEqual(before);

    let db: Db;
    if (t.db.engine === 'pglite') {
      // While the server holds the directory, a restore is refused and nothing is moved.
      await expect(restoreDatabase(target, file)).rejects.toThrow(/stop it before restoring/);
      expect(await fingerprint(t.db)).toEqual(changed);
      await stopBackups();
      closedHere = true;
      await t.app.close();
      await t.db.close();
      await restoreDatabase(target, file);
      db = await openDatabase(target);
    } else {
      await restoreDatabase(target, file);
      db = await openDatabase(target);
    }
    try {
      expect(await fingerprint(db)).toEqual(before);
      // And the API over the restored database reads the setting as it was.
      const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
      const token = (await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email: 'admin@demo.test', password: 'admin-demo-1' } })).json().token;
      const read = await app.inject({ method: 'GET', url: '/api/settings', headers: { platform: 'admin', authorization: `Bearer ${token}` } });
      expect(read.json().admin_fee).toBe(adminFee);
      await app.close();
    } finally {
      await db.close();
    }
    if (t.db.engine === 'pglite') {
      // The directory as it was before the restore is kept beside it, for the operator to remove.
      expect(readdirSync(path.dirname(t.dataDir)).some((f) => f.startsWith(`${path.basename(t.dataDir)}.before-restore-`))).toBe(true);
    }
  }, 600_000);
});
