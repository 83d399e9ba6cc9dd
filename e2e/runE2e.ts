import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureConsoleBuild } from '../server/ensureConsoleBuild';
import { freePort } from '../tests/freePort';
import { TEMPLATE_ENV } from '../tests/server/setup/testTemplate';
import { E2E_SEED_SALES_ITEMS } from './e2eEnv';

/**
 * Playwright flows against the built console and real servers, each over a fresh PGlite database of its own, on
 * free ports and data directories of their own, so two runs on one machine do not meet.
 *
 * The whole suite (no arguments) runs as two shards side by side, each with its own server and database, so no
 * flow sees another's writes: one shard on one core left a third of the machine idle (the browser waits on the
 * server and the server on the browser), and the suite was most of `npm test`'s 20 minutes. With arguments (a spec
 * file, `-g`), one Playwright run gets them. E2E_SHARDS=1 runs the whole suite in one.
 *
 * The shards are split by file, by their measured times: FIRST_SHARD holds about half; every other file, new ones
 * included, runs in the second. The split is also which flows share a database: a greedy split by time (28 Nov) put
 * the money flow's refunds before the orders flow's report check, which then disagreed with its own oracle. Until the
 * flows are independent of their neighbours, the split stays a fixed list, and what moves into the first shard is
 * a flow that writes nothing the others read (shell, map view, report charts: they only read).
 *
 * Times of a whole run on 2 cores under load (28 Nov 2026), in seconds: the first shard's files 1,122 and the second's
 * 1,713 before the last three moved over (292 s); the offline counter's flow has joined the second since. On 29 Nov
 * (load 17–31, all 149 flows passing) the first shard's flows took 798 s and the second's 688 (wall 881 and 770); with
 * the map view and the report charts in the second, and axe checking less (fixtures.ts), 689 and 733 (load 22–30):
 * the map view (26 s, it only reads) stays in the second, the report charts went back to the first.
 */
const FIRST_SHARD = [
  'reports.spec.ts', // 297 s
  'events.spec.ts', // 194 s
  'pricing.spec.ts', // 129 s
  'orders.spec.ts', // 112 s
  'places.spec.ts', // 85 s
  'merchandise.spec.ts', // 66 s
  'people.spec.ts', // 63 s
  'boxoffice.spec.ts', // 61 s
  'reservations.spec.ts', // 50 s
  'crm.spec.ts', // 41 s
  'account.spec.ts', // 23 s
  'shell.spec.ts', // 166 s
  'reportsCharts.spec.ts', // 56 s
  'specTexts.spec.ts', // new: fails calls with page.route, writes nothing
]; // 1,344 s and the spec texts (28 Nov); 29 Nov, the whole run at load 5–14: 500 s here and 495 s in the second

const RESULTS = path.resolve('.tmp/results');
const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? 2);

/**
 * The demo database is seeded once, while the console builds, and each shard's server starts on a copy: two servers
 * seeding side by side took 80–90 s of the browser step before any flow ran. Under `npm test` the run's template is
 * given (TEST_PGLITE_TEMPLATE, tests/server/setup/testTemplate.ts: the one the server suite uses) and nothing is
 * seeded here at all.
 */
const GIVEN = process.env[TEMPLATE_ENV] && existsSync(process.env[TEMPLATE_ENV]!) ? path.resolve(process.env[TEMPLATE_ENV]!) : null;
const TEMPLATE = GIVEN ?? path.resolve(`.tmp/e2e-template-${process.pid}`);
async function seedTemplate(): Promise<void> {
  if (GIVEN) return;
  rmSync(TEMPLATE, { recursive: true, force: true });
  const child = spawn('node', ['--import', 'tsx', 'server/db/cli.ts', 'seed'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: TEMPLATE, NODE_ENV: 'test', SEED_SALES_ITEMS: process.env.SEED_SALES_ITEMS ?? E2E_SEED_SALES_ITEMS },
  });
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`Seeding the browser flows' database failed (exit code ${code}).`);
}

// A test build: the engine publishes window.__seatMap, which the flows read (production builds do not).
process.env.EXPOSE_TEST_STATE = '1';
// One flow file alone (arguments) lets its server seed the database, unless a template is given.
const useTemplate = shards > 1 || GIVEN !== null;
await Promise.all([ensureConsoleBuild(), useTemplate ? seedTemplate() : undefined]);
mkdirSync(RESULTS, { recursive: true });
// The screens axe found accessible in this run, shared by its shards (fixtures.ts): one file per run.
const AXE_CACHE = path.resolve(`.tmp/e2e-axe-${process.pid}.txt`);
rmSync(AXE_CACHE, { force: true });

const allSpecs = readdirSync(path.resolve('e2e')).filter((f) => f.endsWith('.spec.ts')).sort();
const filesOf = (shard: number): string[] => {
  if (shards === 1) return args;
  return shard === 0 ? FIRST_SHARD.filter((f) => allSpecs.includes(f)) : allSpecs.filter((f) => !FIRST_SHARD.includes(f));
};

/** One Playwright run with its own server, database, output folder and JSON report; its lines prefixed when shared. */
async function runShard(shard: number): Promise<{ status: number; report: string }> {
  const port = shards === 1 && process.env.E2E_PORT ? process.env.E2E_PORT : String(await freePort());
  const dataDir = path.resolve(shards === 1 && process.env.E2E_DATA_DIR ? process.env.E2E_DATA_DIR : `.tmp/e2e-data-${port}`);
  const report = path.join(RESULTS, shards === 1 ? 'e2e.json' : `e2e-shard-${shard + 1}.json`);
  const authDir = path.resolve(`.tmp/e2e-auth-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (useTemplate) cpSync(TEMPLATE, dataDir, { recursive: true });
  rmSync(report, { force: true });
  const child = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...filesOf(shard)], {
    stdio: shards === 1 ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, E2E_PORT: port, E2E_DATA_DIR: dataDir, E2E_REPORT: report, E2E_AUTH_DIR: authDir, E2E_AXE_CACHE: AXE_CACHE,
      E2E_OUTPUT_DIR: process.env.E2E_OUTPUT_DIR ? path.join(process.env.E2E_OUTPUT_DIR, `shard-${shard + 1}`) : path.resolve(`test-results/e2e-${port}`),
    },
  });
  if (shards > 1) {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${shard + 1}/${shards}] ${line}`));
    }
  }
  const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(authDir, { recursive: true, force: true });
  return { status, report };
}

const runs = await Promise.all(Array.from({ length: shards }, (_, k) => runShard(k)));
if (!GIVEN) rmSync(TEMPLATE, { recursive: true, force: true });
if (process.env.E2E_AXE_LOG && existsSync(AXE_CACHE)) console.log(`axe ran on ${readFileSync(AXE_CACHE, 'utf8').split('\n').filter(Boolean).length} screens`);
rmSync(AXE_CACHE, { force: true });
if (shards > 1) {
  // One report for npm test (tests/runAll.ts reads its stats): the shards' counts added up.
  const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 };
  for (const { report } of runs) {
    if (!existsSync(report)) continue;
    const s = JSON.parse(readFileSync(report, 'utf8')).stats;
    for (const k of ['expected', 'unexpected', 'flaky', 'skipped'] as const) stats[k] += s[k];
    stats.duration = Math.max(stats.duration, s.duration);
  }
  const missing = runs.filter((r) => !existsSync(r.report)).length;
  stats.unexpected += missing; // a shard that never reported counts as a failure
  writeFileSync(path.join(RESULTS, 'e2e.json'), JSON.stringify({ stats, shards: runs.map((r) => path.basename(r.report)) }, null, 2));
}
process.exit(runs.every((r) => r.status === 0) ? 0 : 1);
