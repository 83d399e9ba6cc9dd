/**
 * Finance reports over one year of the demo sales (≈1M order items): the API's own handlers through app.inject,
 * on PGlite and, when a PostgreSQL server can be started, on PostgreSQL (PERFORMANCE.md: ≤ 1 s PostgreSQL, ≤ 2 s
 * PGlite). The databases are seeded once (the seed time is reported) and kept in .tmp for the next run.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { isEmpty, seedDemo } from '../../server/db/seed/seedDemo';
import { metric, type Metric } from './metric';

export const BENCH_PGLITE_DIR = path.resolve('.tmp/bench-reports-pglite');
const RUNS = 7;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Migrates and seeds the demo (1M sales items) when the database is empty; the seconds it took, or null. */
export async function seedIfEmpty(db: Db, log: (line: string) => void): Promise<number | null> {
  await migrate(db);
  if (!(await isEmpty(db))) return null;
  const t0 = performance.now();
  await seedDemo(db, (line) => log(`  ${line}`));
  return (performance.now() - t0) / 1000;
}

/** A year back from the last day with sales: the range the budget speaks of. */
async function yearOfSales(db: Db): Promise<{ from: string; to: string; items: number }> {
  const { rows } = await db.query<{ to: string; items: number }>(
    `SELECT max(sold_at)::date::text AS to, count(*)::int AS items FROM order_items`,
  );
  const to = rows[0]!.to;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 864e5).toISOString().slice(0, 10);
  return { from, to, items: rows[0]!.items };
}

/** Each finance call of the budget, and the whole Tickets tab (its five tables, one after the other). */
export async function benchFinanceSql(db: Db, engine: 'pglite' | 'postgres'): Promise<Metric[]> {
  const budget = engine === 'pglite' ? 2000 : 1000;
  const { from, to, items } = await yearOfSales(db);
  const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
  await app.ready();
  const headers = { platform: 'admin' };
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: 'admin@demo.test', password: 'admin-demo-1' } });
  const auth = { ...headers, authorization: `Bearer ${login.json().token}` };
  const call = async (report: string) => {
    const url = report.startsWith('__overview')
      ? `/api/reports/sales-overview${report.slice('__overview'.length)}?from_date=${from}&to_date=${to}`
      : `/api/reports/finance/${report}?from_date=${from}&to_date=${to}`;
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${report}: ${res.statusCode} ${res.body}`);
  };
  const time = async (run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    return performance.now() - t0;
  };
  const overview = (report: string) => call(report === 'overview' ? '__overview' : `__overview/${report}`);
  const cases: [string, () => Promise<unknown>][] = [
    ['tickets_sales', () => call('tickets/sales')],
    ['merchandises_sales', () => call('merchandises/sales')],
    ['totals_sales', () => call('totals/sales')],
    ['totals_refunds', () => call('totals/refunds')],
    ['tickets_tab', async () => {
      for (const r of ['sales', 'resales', 'discounts', 'refund-fees', 'corporate']) await call(`tickets/${r}`);
    }],
    // The sales overview page's four calls, as the page makes them (at once); and the slowest of them alone.
    ['sales_overview_page', () => Promise.all(['overview', 'tickets', 'merchandises', 'tickets-refunded'].map(overview))],
    ['sales_overview_tickets_refunded', () => overview('tickets-refunded')],
  ];
  const only = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
  const out: Metric[] = [];
  for (const [name, run] of cases) {
    if (only.length > 0 && !only.includes(name)) continue;
    await run(); // first call: plans and caches warm
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await time(run));
    out.push(metric({ metric: `reports.finance_sql.${engine}.${name}.median`, rows: items, value: percentile(runs, 50), unit: 'ms', budget }));
    out.push(metric({ metric: `reports.finance_sql.${engine}.${name}.p95`, rows: items, value: percentile(runs, 95), unit: 'ms', budget }));
  }
  // The year's AccountingReport.csv as a browser asks for it (compressed), over HTTP, read to the end.
  if (only.length === 0 || only.includes('accounting_csv')) out.push(...(await benchAccountingCsv(app, auth, from, to, engine)));
  // For comparison only: the same year summed straight from the items (what sales_daily saves every report).
  const naive = await time(() => db.query(
    `SELECT event_id, ticket_type_id, fee_type, vat_percent, sum(quantity), sum(price_ore * quantity) FROM order_items
      WHERE sold_at >= $1::date AND sold_at < $2::date + 1 AND channel = 'sale' AND (type = 'ticket' OR fee_type IN ('ticket_service_fee', 'ticket_admin_fee'))
      GROUP BY 1, 2, 3, 4`, [from, to]));
  out.push(metric({ metric: `reports.finance_sql.${engine}.raw_items_scan_for_comparison`, rows: items, value: naive, unit: 'ms', budget: null }));
  await app.close();
  return out;
}

/** PGlite: the bench's own seeded data directory (kept between runs; BENCH_RESEED=1 starts afresh). */
export async function benchPglite(log: (line: string) => void): Promise<Metric[]> {
  if (process.env.BENCH_RESEED === '1') rmSync(BENCH_PGLITE_DIR, { recursive: true, force: true });
  const fresh = !existsSync(BENCH_PGLITE_DIR);
  const db = await openDatabase({ databaseUrl: '', dataDir: BENCH_PGLITE_DIR });
  try {
    const cpu0 = process.cpuUsage();
    const seeded = await seedIfEmpty(db, log);
    const cpu = process.cpuUsage(cpu0);
    const out: Metric[] = [];
    if (seeded !== null) {
      out.push(metric({ metric: 'reports.seed.pglite.demo_with_sales', rows: null, value: seeded, unit: 's', budget: null }));
      out.push(metric({ metric: 'reports.seed.pglite.demo_with_sales.cpu', rows: null, value: (cpu.user + cpu.system) / 1e6, unit: 's cpu', budget: null }));
    } else if (!fresh) log('  (PGlite bench database reused from .tmp; BENCH_RESEED=1 to seed it again and time the seed)');
    out.push(...(await benchFinanceSql(db, 'pglite')));
    return out;
  } finally {
    await db.close();
  }
}

/** PostgreSQL: DATABASE_URL when given (its database must be empty or already seeded), else a throwaway cluster. */
export async function benchPostgres(log: (line: string) => void): Promise<Metric[]> {
  let url = process.env.DATABASE_URL ?? '';
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    try {
      const { startPgCluster } = await import('../../tests/server/setup/pgCluster');
      const cluster = await startPgCluster();
      url = cluster.url;
      stop = () => cluster.stop();
    } catch (err) {
      log(`  PostgreSQL not measured: ${(err as Error).message}`);
      return [];
    }
  }
  const db = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    const seeded = await seedIfEmpty(db, log);
    const out: Metric[] = [];
    if (seeded !== null) out.push(metric({ metric: 'reports.seed.postgres.demo_with_sales', rows: null, value: seeded, unit: 's', budget: null }));
    out.push(...(await benchFinanceSql(db, 'postgres')));
    return out;
  } finally {
    await db.close();
    await stop?.();
  }
}

/** CPU seconds of each thread of this process (Linux /proc; empty elsewhere), by thread id. */
function threadCpu(): Map<number, number> {
  const out = new Map<number, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100); // utime, stime in clock ticks (100 Hz)
    }
  } catch {
    // not Linux: no split by thread
  }
  return out;
}

/**
 * The main thread's CPU and the busiest other thread's between two threadCpu() readings. On PGlite the busiest other
 * thread is the engine's (pgliteWorker.mjs): the figure the budget depends on, and the one a loaded machine distorts
 * least (docs/reports.md "The year's accounting file").
 */
function splitCpu(before: Map<number, number>, after: Map<number, number>): { main: number; engine: number } | null {
  if (after.size === 0) return null;
  let engine = 0;
  for (const [tid, t] of after) if (tid !== process.pid) engine = Math.max(engine, t - (before.get(tid) ?? 0));
  return { main: (after.get(process.pid) ?? 0) - (before.get(process.pid) ?? 0), engine };
}

/** The accounting CSV of the year: seconds to the last byte over a real socket, rows and bytes sent (PERFORMANCE.md). */
async function benchAccountingCsv(app: Awaited<ReturnType<typeof buildApp>>, auth: Record<string, string>, from: string, to: string, engine: 'pglite' | 'postgres'): Promise<Metric[]> {
  const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  const out: Metric[] = [];
  for (const encoding of ['gzip, deflate, br', 'identity']) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpu();
    const { bytes, lines, contentEncoding } = await new Promise<{ bytes: number; lines: number; contentEncoding: string }>((resolve, reject) => {
      const req = http.get({
        host: address.hostname, port: address.port, path: `/api/reports/accounting?from_date=${from}&to_date=${to}`,
        headers: { ...auth, accept: 'text/csv', 'accept-encoding': encoding },
      }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`accounting CSV: ${res.statusCode}`));
        let n = 0;
        let rows = 0;
        res.on('data', (chunk: Buffer) => {
          n += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        });
        res.on('end', () => resolve({ bytes: n, lines: rows, contentEncoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    const seconds = (performance.now() - t0) / 1000;
    // The app, PGlite and zlib's threads all run in this process: its CPU time is the figure a shared machine
    // distorts least (the wall time grows with every other process on the cores).
    const cpu = process.cpuUsage(cpu0);
    const threads = splitCpu(threads0, threadCpu());
    const name = contentEncoding === 'identity' ? 'uncompressed' : contentEncoding;
    const rows = contentEncoding === 'identity' ? lines - 1 : null;
    out.push(metric({ metric: `reports.accounting_csv.${engine}.year.${name}`, rows, value: seconds, unit: 's', budget: engine === 'pglite' ? 15 : 8 }));
    out.push(metric({ metric: `reports.accounting_csv.${engine}.year.${name}.cpu`, rows, value: (cpu.user + cpu.system) / 1e6, unit: 's cpu', budget: null }));
    if (threads && engine === 'pglite') {
      out.push(metric({ metric: `reports.accounting_csv.${engine}.year.${name}.cpu_engine_thread`, rows, value: threads.engine, unit: 's cpu', budget: null }));
      out.push(metric({ metric: `reports.accounting_csv.${engine}.year.${name}.cpu_main_thread`, rows, value: threads.main, unit: 's cpu', budget: null }));
    }
    out.push(metric({ metric: `reports.accounting_csv.${engine}.year.${name}.megabytes_sent`, rows, value: bytes / 1e6, unit: 'MB', budget: null }));
  }
  return out;
}
