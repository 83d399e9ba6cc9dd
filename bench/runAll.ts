/**
 * `npm run bench`: the map bench, then the reports bench when it exists (bench/reports/runReportsBench.ts), each
 * in its own Node process with its output as it comes; then one summary of every budget missed, read from the
 * JSON the benches wrote in bench/results/ during this run. Exits 0 when budgets are missed (that is a finding,
 * not a failure) and 1 only when a bench could not run. Arguments go to the map bench (e.g. `-- --quick`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Metric } from './lib/metric';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

interface Bench {
  name: string;
  script: string;
  args: string[];
}

const benches: Bench[] = [{ name: 'map', script: 'bench/map/runMapBench.ts', args: process.argv.slice(2) }];
if (existsSync(new URL('./reports/runReportsBench.ts', import.meta.url))) {
  benches.push({ name: 'reports', script: 'bench/reports/runReportsBench.ts', args: [] });
}

const started = Date.now();
const failed: string[] = [];
for (const b of benches) {
  console.log(`\n######## ${b.name} bench (${b.script}) ########\n`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', b.script, ...b.args], { cwd: ROOT, stdio: 'inherit' });
  console.log(`\n${b.name} bench: ${((Date.now() - t0) / 60000).toFixed(1)} min, exit ${r.status ?? r.signal}`);
  if (r.status !== 0) failed.push(`${b.name} (exit ${r.status ?? r.signal})`);
}
if (benches.length === 1) console.log('\n(no reports bench yet: bench/reports/runReportsBench.ts does not exist)');

/** Metric lists written during this run (raw sample dumps are not metric lists and are skipped). */
function metricFiles(): { file: string; metrics: Metric[] }[] {
  if (!existsSync(RESULTS)) return [];
  return readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json') && statSync(RESULTS + f).mtimeMs >= started)
    .flatMap((file) => {
      try {
        const data: unknown = JSON.parse(readFileSync(RESULTS + file, 'utf8'));
        const list = Array.isArray(data) ? data : null;
        return list && list.every((m) => m && typeof m === 'object' && 'metric' in m && 'within_budget' in m) ? [{ file, metrics: list as Metric[] }] : [];
      } catch {
        return [];
      }
    });
}

console.log('\n######## summary ########\n');
let missedTotal = 0;
for (const { file, metrics } of metricFiles()) {
  const budgeted = metrics.filter((m) => m.within_budget !== null);
  const missed = budgeted.filter((m) => m.within_budget === false);
  missedTotal += missed.length;
  console.log(`${file}: ${budgeted.length - missed.length} of ${budgeted.length} budgeted figures within budget, ${missed.length} missed`);
  for (const m of missed) {
    const size = m.seats !== null ? `${m.seats.toLocaleString('en-US')} seats` : m.rows != null ? `${m.rows.toLocaleString('en-US')} rows` : '';
    const bound = m.metric.startsWith('ratio.') ? `needs ≥ ${m.budget}` : `budget ≤ ${m.budget}`;
    console.log(`  ✗ ${m.metric}${size ? ` (${size})` : ''}: ${m.value} ${m.unit}, ${bound}`);
  }
}
console.log(`\n${missedTotal === 0 ? 'Every budget met.' : `${missedTotal} budget(s) missed (listed above).`} All benches: ${((Date.now() - started) / 60000).toFixed(1)} min.`);
if (failed.length > 0) {
  console.log(`A bench could not run: ${failed.join(', ')}.`);
  process.exitCode = 1;
}
