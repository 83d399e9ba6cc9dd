import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../tests/freePort';

/**
 * Starts one API process (server/start.ts) on a free port with the given environment and resolves once it answers
 * GET /api/health: its URL, pid and child process (the caller stops it). Used by the benches that start their own servers.
 */
export async function startApiProcess(env: Record<string, string>): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, PORT: String(port), QUIET: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API process on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid!, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops API processes started by startApiProcess (SIGTERM: they finish requests and close the database) and waits. */
export async function stopApiProcesses(children: ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}
