import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from './database';

/**
 * npm run db:backup and db:restore (docs/operations.md "Backups").
 * - PGlite: a gzipped tarball of the data directory, taken by the engine's own thread between statements after a
 *   checkpoint (Db.backup). While a server runs, it holds the data directory, so the copy is asked of it over a
 *   local socket beside the data directory, which only the directory's owner can open; with no server, the copy
 *   opens the directory itself. A restore needs the server stopped: it moves the data directory aside and unpacks the
 *   backup in its place.
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore --clean into the same database.
 */

/** The socket a running server answers backups on: beside the data directory, not inside it (not in the copy). */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), `.${path.basename(dataDir)}.backup.sock`);
}

/** Answers GET /backup on the data directory's socket with a copy of it (server/main.ts, PGlite only). Returns a stop function. */
export async function serveBackups(db: Db, dataDir: string): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup' || !db.backup) {
      res.writeHead(404).end();
      return;
    }
    // Compressed off the engine's thread (zlib's own threads): statements wait only while the files are read.
    db.backup().then((tarball) => promisify(gzip)(tarball)).then(
      (gz) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': gz.byteLength }).end(gz),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
    );
  });
  // A socket left by a server that was killed answers nobody: it is replaced.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, () => resolve()));
  chmodSync(socket, 0o600); // the data directory's owner only, whatever the umask
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The running server's copy of its data directory, or null when no server answers on the socket. */
async function askRunningServer(dataDir: string): Promise<Uint8Array | null> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('error', reject).on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
        else reject(new Error(`The running server could not copy its data directory: ${body.toString() || res.statusCode}`));
      });
    });
    // No server behind a socket file (it was killed): the directory is free.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(null) : reject(err)));
  });
}

export interface BackupTarget {
  databaseUrl: string;
  dataDir: string;
}

/** Where a backup goes when no file is named: backups/arena-<engine>-<UTC time>.(tar.gz|dump). */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return path.resolve('backups', target.databaseUrl ? `arena-postgres-${stamp}.dump` : `arena-pglite-${stamp}.tar.gz`);
}

/** Writes a backup of the database to `file`; says how it was taken. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<string> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.databaseUrl}`]);
    return 'pg_dump (custom format)';
  }
  let tarball = await askRunningServer(target.dataDir);
  let how = 'copied by the running server';
  if (!tarball) {
    if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) throw new Error(`No PGlite data directory at ${target.dataDir}.`);
    const { openPglite } = await import('./pgliteDb');
    const db = await openPglite(target.dataDir);
    try {
      tarball = await promisify(gzip)(await db.backup!());
    } finally {
      await db.close();
    }
    how = 'no server running: copied directly';
  }
  writeFileSync(file, tarball);
  return how;
}

/**
 * Replaces the database's contents with a backup's. PGlite: the server must be stopped; the data directory is moved
 * aside (<dir>.before-restore-<time>, kept: remove it yourself once the restore is checked) and the backup unpacked in
 * its place. PostgreSQL: pg_restore --clean in one transaction (all or nothing); the servers may keep running, though
 * requests during it wait or fail.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<string> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (target.databaseUrl) {
    await run(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${target.databaseUrl}`, file]);
    return 'restored with pg_restore';
  }
  const socketPath = backupSocketPath(target.dataDir);
  if (existsSync(socketPath) && (await answers(socketPath))) {
    throw new Error('A server is running on this data directory: stop it before restoring (a restore replaces the directory it holds).');
  }
  let aside = '';
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    aside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`;
    renameSync(target.dataDir, aside);
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pg = await PGlite.create(target.dataDir, { loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
    await pg.query('SELECT 1 FROM schema_migrations LIMIT 1'); // a backup of this application, and it opens
    await pg.close();
  } catch (err) {
    // The directory as it was, not a half-unpacked one.
    rmSync(target.dataDir, { recursive: true, force: true });
    if (aside) renameSync(aside, target.dataDir);
    throw err;
  }
  return aside ? `restored; the data directory before the restore is at ${aside}` : 'restored';
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath, path: '/', method: 'HEAD' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false)).end();
  });
}

/** pg_dump or pg_restore: from PATH, or the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const bin = path.join(root, version, 'bin', name);
      if (existsSync(bin)) return bin;
    }
  }
  return name;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) => reject(new Error(`${cmd} could not start (${err.message}): install PostgreSQL's client tools.`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
