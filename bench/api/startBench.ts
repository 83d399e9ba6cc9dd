/**
 * `npm start` as a person runs it: the first time (no console build, no database: build + migrate + seed) and
 * again (both kept). Ready = GET /api/health answers 200. Budgets (PERFORMANCE.md): ≤ 45 s first, ≤ 5 s after. Where the time goes:
 * docs/operations.md "The first start".
 * Run: npm run bench:start. Uses its own data directory and port; the console build in dist/ is rebuilt.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { formatMetrics, metric, type Metric } from '../lib/metric';

const PORT = 3299;
const DATA_DIR = path.resolve('.tmp/start-bench-data');

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { env: { ...process.env, PORT: String(PORT), DATA_DIR, QUIET: '1' }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 300_000) throw new Error('npm start was not ready within 5 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function runStartBench(): Promise<Metric[]> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync('dist', { recursive: true, force: true });
  const first = await startOnce();
  const again = await startOnce();
  rmSync(DATA_DIR, { recursive: true, force: true });
  return [metric('npm_start_first_s', null, first / 1000, 's', 45), metric('npm_start_again_s', null, again / 1000, 's', 5)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The machine's load beside the figures: on a shared machine they mean little without it.
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  const before = load();
  const metrics = await runStartBench();
  console.log(formatMetrics(metrics));
  console.log(`load average (1, 5, 15 min) at the start ${before}, at the end ${load()}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/start-latest.json', JSON.stringify(metrics, null, 2));
}
