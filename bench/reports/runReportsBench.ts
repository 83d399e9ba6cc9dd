/**
 * `npm run bench:reports`: the Reports figures of PERFORMANCE.md beside their budgets, written to
 * bench/results/reports-latest.json — finance SQL over a year of 1M order items (PGlite, and PostgreSQL when a
 * server can be started), the reports worker (VAT rows, CSV of 1M rows, PDF pages), and main-thread long tasks in
 * Chromium while reports build. BENCH_RESEED=1 seeds the PGlite database again (and times the seed);
 * BENCH_SKIP=postgres,browser leaves parts out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { formatMetrics, type Metric as PrintedMetric } from '../lib/metric';
import { BENCH_PGLITE_DIR, benchPglite, benchPostgres } from './financeSqlBench';
import { benchLongTasks } from './longTaskBench';
import type { Metric } from './metric';
import { runReportsWorkerBench } from './workerBench';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const log = (line: string) => console.log(line);
const metrics: Metric[] = [];
const started = Date.now();

async function part(name: string, run: () => Promise<Metric[]>) {
  if (skip.has(name)) return log(`\n${name}: skipped (BENCH_SKIP)`);
  log(`\n${name} (load average ${loadavg()[0]!.toFixed(2)})`);
  const t0 = Date.now();
  try {
    const got = await run();
    metrics.push(...got);
    log(formatMetrics(got as PrintedMetric[]));
  } catch (err) {
    log(`  ${name} could not run: ${(err as Error).stack ?? err}`);
    process.exitCode = 1;
  }
  log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

await part('pglite', () => benchPglite(log));
await part('postgres', () => benchPostgres(log));
await part('worker', runReportsWorkerBench);
await part('browser', () => benchLongTasks(BENCH_PGLITE_DIR, log));

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/reports-latest.json', `${JSON.stringify(metrics, null, 2)}\n`);
const over = metrics.filter((m) => m.within_budget === false);
log(`\nreports bench: ${metrics.length} figures in ${((Date.now() - started) / 1000).toFixed(0)} s, ${over.length} over budget; bench/results/reports-latest.json`);
for (const m of over) log(`  OVER ${m.metric}: ${m.value} ${m.unit} (budget ${m.budget})`);
