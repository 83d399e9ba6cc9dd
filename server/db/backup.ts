import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Db } from './database';

/**
 * npm run db:backup and db:restore (docs/operations.md "Backups").
 * - PGlite: a gzipped tar of the data directory. The engine's own thread checkpoints and copies the directory between
 *   statements (Db.backup: a second or two during which requests wait), and the copy is packed afterwards, while the
 *   server serves again. While a server runs it holds the directory, so the copy is asked of it over a local socket
 *   beside the directory that only the directory's owner can open; with no server, the copy opens the directory
 *   itself. A restore needs the server stopped: it moves the directory aside and unpacks the backup in its place.
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore --clean into the same database.
 */
/** The socket a running server answers backups on: beside the data directory, not inside it (not in the copy). */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), `.${path.basename(dataDir)}.backup.sock`);
}

/**
 * Answers `GET /backup?to=<file>` on the data directory's socket by writing a backup there (server/main.ts, PGlite
 * only). Returns a stop function.
 */
export async function serveBackups(db: Db, dataDir: string): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://backup');
    const to = url.searchParams.get('to');
    if (req.method !== 'GET' || url.pathname !== '/backup' || !to || !path.isAbsolute(to)) {
      res.writeHead(404).end();
      return;
    }
    packPglite(db, to).then(
      () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message),
    );
  });
  // A socket left by a server that was killed answers nobody: it is replaced.
  rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, () => resolve()));
  chmodSync(socket, 0o600); // the data directory's owner only, whatever the umask
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The engine copies its directory beside `file`; the copy is packed into `file` and removed. */
async function packPglite(db: Db, file: string): Promise<void> {
  const copy = `${file}.copy-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  try {
    await db.backup!(copy);
    await run('tar', ['-czf', file, '-C', copy, '.']);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Asks a running server to write the backup; false when no server answers on the socket. */
async function askRunningServer(dataDir: string, file: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return false;
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath, path: `/backup?to=${encodeURIComponent(path.resolve(file))}` }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('error', reject).on('end', () => {
        if (res.statusCode === 200) resolve(true);
        else reject(new Error(`The running server could not back up its data directory: ${body || res.statusCode}`));
      });
    });
    // No server behind a socket file (it was killed): the directory is free.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(false) : reject(err)));
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
  if (await askRunningServer(target.dataDir, file)) return 'copied by the running server';
  if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) throw new Error(`No PGlite data directory at ${target.dataDir}.`);
  refuseIfHeld(target.dataDir);
  const { openPglite } = await import('./pgliteDb');
  const db = await openPglite(target.dataDir);
  try {
    await packPglite(db, path.resolve(file));
  } finally {
    await db.close();
  }
  return 'no server running: copied directly';
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
  if (existsSync(target.dataDir)) refuseIfHeld(target.dataDir);
  let aside = '';
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    aside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`;
    renameSync(target.dataDir, aside);
  }
  try {
    mkdirSync(target.dataDir, { recursive: true });
    await run('tar', ['-xzf', path.resolve(file), '-C', target.dataDir]);
    // A backup of this application, and it opens.
    const { openPglite } = await import('./pgliteDb');
    const db = await openPglite(target.dataDir);
    try {
      await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
    } finally {
      await db.close();
    }
  } catch (err) {
    // The directory as it was, not a half-unpacked one.
    rmSync(target.dataDir, { recursive: true, force: true });
    if (aside) renameSync(aside, target.dataDir);
    throw err;
  }
  return aside ? `restored; the data directory before the restore is at ${aside}` : 'restored';
}

/**
 * PGlite keeps postmaster.pid in its directory while open and removes it when closed. Present with no server on the
 * socket: a server without the socket holds it, or one was killed; opening it here could harm the first, so not.
 */
function refuseIfHeld(dataDir: string): void {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  throw new Error(
    `${dataDir} looks in use (postmaster.pid) but no server answers its backup socket. If a server runs on it, stop it and ` +
      'start it again (this version answers backups); if none runs (it was killed), start and stop it once, which closes the directory cleanly.',
  );
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
    child.on('error', (err) => reject(new Error(`${cmd} could not start (${err.message}).`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
