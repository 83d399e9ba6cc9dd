import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { TEMPLATE_ENV } from './server/setup/testTemplate';

/**
 * `npm test`: every layer, in order of speed — type check, lint, unit tests (domain, workers, seat-map kernels),
 * the test database (migrated and seeded once) and the console's test build side by side; the server suite on
 * PGlite as soon as the test database is made, then on PostgreSQL; then Playwright in Debian Chromium (two shards side by side, e2e/runE2e.ts). The
 * seeded PGlite data directory is made once and reused (tests/server/setup/testTemplate.ts): copied for each
 * server file and each browser shard, and loaded into PostgreSQL's template by COPY. Ends with the ten slowest
 * tests and flows, and the line CI reads: "N passed, N failed".
 */
const RESULTS = path.resolve('.tmp/results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
// One per run: several engineers (or CI jobs) on one machine must not share or delete each other's.
const TEMPLATE = path.resolve(`.tmp/test-template-${process.pid}`);

interface Step {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
  /** Where the runner writes its JSON report; a gate without one counts as one check. */
  report?: string;
  kind: 'vitest' | 'playwright' | 'gate';
  /**
   * The steps it waits for (those selected by TEST_ONLY); a step without any starts at once. The gates, the unit
   * tests, the test database and the console build start together; each later step starts the moment what it needs is
   * done, so the server suite runs while the unit tests finish instead of after them.
   */
  after?: string[];
  /** A preparation: runs only when a step whose name contains one of these runs too (TEST_ONLY). */
  needs?: string[];
}

const vitest = (projects: string | string[], report: string): string[] => [
  'npx', 'vitest', 'run', ...[projects].flat().flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
];

const steps: Step[] = [
  { name: 'type check', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'], kind: 'gate' },
  { name: 'lint (layers one-way)', cmd: ['npx', 'eslint', '.'], kind: 'gate' },
  // Beside the two single-threaded gates: together they keep both cores busy (unit alone used one and a half).
  { name: 'unit', cmd: vitest(['unit', 'unit-isolated'], `${RESULTS}/unit.json`), report: `${RESULTS}/unit.json`, kind: 'vitest' },
  // Made while the gates run (the seed is one thread in PGlite's worker); the steps below only copy it.
  { name: 'test database', cmd: ['node', '--import', 'tsx', 'tests/server/setup/seedTemplateCli.ts', TEMPLATE], kind: 'gate', needs: ['server', 'browser'] },
  { name: 'console test build', cmd: ['node', '--import', 'tsx', 'e2e/buildConsole.ts'], kind: 'gate', needs: ['browser'] },
  { name: 'server on PGlite', cmd: vitest('server', `${RESULTS}/server-pglite.json`), env: { TEST_DB: 'pglite' }, report: `${RESULTS}/server-pglite.json`, kind: 'vitest', after: ['test database'] },
  // One server suite at a time: each keeps 1.8 cores busy, and two at once would only stretch both (and their timeouts).
  { name: 'server on PostgreSQL', cmd: vitest('server', `${RESULTS}/server-postgres.json`), env: { TEST_DB: 'postgres' }, report: `${RESULTS}/server-postgres.json`, kind: 'vitest', after: ['test database', 'server on PGlite'] },
  // The browser step saturates both cores on its own (measured: 1.96 cores busy on average), so it runs last, alone.
  { name: 'browser (Playwright)', cmd: ['node', '--import', 'tsx', 'e2e/runE2e.ts'], report: `${RESULTS}/e2e.json`, kind: 'playwright', after: ['test database', 'console test build', 'server on PGlite', 'server on PostgreSQL'] },
];

const only = process.env.TEST_ONLY?.split(',');
let passed = 0;
let failed = 0;
const lines: string[] = [];

/**
 * GNU time, when installed, measures each step's CPU seconds (user + system, the step's whole process tree: the
 * servers and browsers it started included). On a machine that others share, the wall clock says little; the CPU
 * seconds say what a step costs, and CPU ÷ wall how many of the cores it kept busy (2.0 on 2 cores: saturated, so
 * running something beside it would not end sooner).
 */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
let stepCounter = 0;

/** Runs one step; its counts come from the runner's JSON report, or from its exit code for a gate. */
async function run(step: Step): Promise<{ p: number; f: number; seconds: string; cpu: number | null }> {
  const started = Date.now();
  const timeFile = path.join(RESULTS, `step-${++stepCounter}.time`);
  const cmd = GNU_TIME ? [GNU_TIME, '-f', '%U %S', '-o', timeFile, ...step.cmd] : step.cmd;
  const status = await new Promise<number | null>((resolve) => {
    const env = { ...process.env, ...step.env, ...(existsSync(TEMPLATE) && step.name !== 'test database' ? { [TEMPLATE_ENV]: TEMPLATE } : {}) };
    const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    child.on('close', resolve);
    child.on('error', () => resolve(null));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  // The last line: GNU time writes "Command exited with non-zero status N" above it when the step failed.
  const times = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number) : [];
  const cpu = times.length === 2 && times.every(Number.isFinite) ? times[0] + times[1] : null;
  let p = 0;
  let f = 0;
  if (step.kind === 'gate') {
    if (status === 0) p = 1;
    else f = 1;
  } else if (step.report && existsSync(step.report)) {
    const json = JSON.parse(readFileSync(step.report, 'utf8'));
    if (step.kind === 'vitest') {
      p = json.numPassedTests;
      // A test file that fails to load has no test results of its own: count it as one failure.
      const brokenFiles = (json.testResults ?? []).filter((r: { status: string; assertionResults: unknown[] }) => r.status === 'failed' && r.assertionResults.length === 0).length;
      f = json.numFailedTests + brokenFiles;
    } else {
      p = json.stats.expected + json.stats.flaky;
      f = json.stats.unexpected;
    }
    if (status !== 0 && f === 0) f = 1; // the runner failed outside any test (setup, crash)
  } else {
    f = 1; // the runner never got to report
  }
  return { p, f, seconds, cpu };
}

const selected = (step: Step) => !only || only.some((o) => step.name.includes(o));
const chosen = steps.filter((step) => (step.needs ? steps.some((s) => !s.needs && selected(s) && step.needs!.some((n) => s.name.includes(n))) : selected(step)));
const started = Date.now();
const done = new Map<string, Promise<void>>();
for (const step of chosen) {
  const before = (step.after ?? []).map((name) => done.get(name)).filter((p): p is Promise<void> => p !== undefined);
  done.set(step.name, Promise.all(before).then(async () => {
    const at = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`\n━━ ${step.name} (starts at ${at} s) ━━`);
    const { p, f, seconds, cpu } = await run(step);
    passed += p;
    failed += f;
    const cpuText = cpu === null ? '' : `  CPU ${cpu.toFixed(0)} s (${(cpu / Math.max(1, Number(seconds))).toFixed(1)} cores)`;
    lines.push(`${step.name.padEnd(24)} ${String(p).padStart(5)} passed ${String(f).padStart(4)} failed  ${seconds.padStart(4)} s  from ${at.padStart(4)} s${cpuText}`);
  }));
}
await Promise.all(done.values());
lines.push(`${'(all steps)'.padEnd(47)} ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`);

rmSync(TEMPLATE, { recursive: true, force: true });

/** Every test's and flow's time from the runners' JSON reports, so the next person sees where the time goes. */
function timings(): { seconds: number; where: string; title: string }[] {
  const out: { seconds: number; where: string; title: string }[] = [];
  for (const file of readdirSync(RESULTS).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(readFileSync(path.join(RESULTS, file), 'utf8'));
    const step = file.replace(/\.json$/, '');
    for (const r of json.testResults ?? []) {
      for (const a of r.assertionResults ?? []) {
        out.push({ seconds: (a.duration ?? 0) / 1000, where: `${step} ${path.relative(process.cwd(), r.name)}`, title: a.title });
      }
    }
    const walk = (suite: { file?: string; specs?: { title: string; line: number; tests: { results: { duration: number }[] }[] }[]; suites?: unknown[] }, file: string) => {
      const own = suite.file ?? file;
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) for (const r of t.results) out.push({ seconds: r.duration / 1000, where: `${step} e2e/${own}:${spec.line}`, title: spec.title });
      }
      for (const child of (suite.suites ?? []) as typeof suite[]) walk(child, own);
    };
    for (const suite of json.suites ?? []) walk(suite, suite.file ?? '');
  }
  return out.sort((a, b) => b.seconds - a.seconds);
}
const slowest = timings().slice(0, 10);
if (slowest.length > 0) {
  console.log('\n━━ the ten slowest tests and flows ━━');
  for (const t of slowest) console.log(`${t.seconds.toFixed(1).padStart(6)} s  ${t.where}  ${t.title.slice(0, 90)}`);
}

console.log(`\n━━ summary ━━\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
