import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../freePort';

/** A throwaway PostgreSQL cluster for the server suite when DATABASE_URL is not given. */
export interface PgCluster {
  url: string;
  stop(): Promise<void>;
}

function findPgBin(): string | null {
  const candidates = ['/usr/lib/postgresql'].filter(existsSync).flatMap((root) =>
    readdirSync(root).sort((a, b) => Number(b) - Number(a)).map((v) => path.join(root, v, 'bin')),
  );
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))) ?? null;
}

/** initdb refuses to run as root: as root, run the server as the `postgres` system user that Debian's package creates. */
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export async function startPgCluster(requestedPort?: number): Promise<PgCluster> {
  const port = requestedPort ?? (await freePort());
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      'The PostgreSQL server suite needs a PostgreSQL server: set DATABASE_URL, or install Debian\'s postgresql ' +
      '(apt-get install -y postgresql) so the test script can start a throwaway cluster.',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-pg-'));
  if (userInfo().uid === 0) {
    const pw = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(pw), Number(gid));
  }
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  const proc: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += d));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import('pg');
  for (let i = 0; ; i++) {
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.end();
      break;
    } catch (err) {
      if (i > 100 || proc.exitCode !== null) throw new Error(`PostgreSQL did not start: ${stderr || (err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      // runuser does not pass signals on to the server: ask pg_ctl, as the server's user, to stop it.
      const exited = proc.exitCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', r));
      const [stopCmd, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['-D', dir, 'stop', '-m', 'immediate']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
      } catch {
        proc.kill('SIGKILL');
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
