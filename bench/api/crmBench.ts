/**
 * CRM figures of PERFORMANCE.md: a segment count with three metrics and a period over the seeded year (~1M order
 * items), as a promoter and as the admin (every promoter), p95 against 500 ms on PGlite (300 ms on PostgreSQL:
 * `BENCH_DB=postgres npm run bench:api`); and UserExport.csv of the
 * admin's whole segment, streamed (its time and the server's heap growth while it streams).
 * Part of `npm run bench:api`; alone: node --import tsx bench/api/crmBench.ts [--data-dir=<a seeded PGlite dir>]
 * (without a data dir it migrates and seeds a fresh one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/seedDemo';
import { crmFiltersToQuery, type CrmFilters } from '../../src/domain/crmFilter';
import { formatMetrics, median, metric, percentile, type Metric } from '../lib/metric';

type Headers = Record<string, string>;

async function signIn(app: FastifyInstance, email: string, password: string): Promise<Headers> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email, password } });
  return { platform: 'admin', authorization: `Bearer ${login.json().token}` };
}

/** `budgetMs`: the count's p95 budget, 500 ms on PGlite and 300 ms on PostgreSQL (issue 22). */
export async function crmCases(app: FastifyInstance, budgetMs = 500): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const year = new Date().getFullYear();
  // Three metrics, each over this year: more than 2 adult tickets, more than 1,000 SEK on tickets, any merchandise.
  const period = { date_from: `${year}-01-01`, date_to: `${year}-12-31` };
  const filters: CrmFilters = {
    metrics: {
      adult_tickets: { operator: 'more', value: 2, ...period },
      ticket_spend: { operator: 'more', value: 1000, ...period },
      merchandise_spend: { operator: 'more', value: 0, ...period },
    },
  };
  // The same with a custom range of days (not whole months): it reads the day sums instead of the month sums.
  const days = { date_from: `${year}-03-15`, date_to: `${year}-11-20` };
  const custom: CrmFilters = { metrics: Object.fromEntries(Object.entries(filters.metrics!).map(([k, m]) => [k, { ...m, ...days }])) };
  const cases = [['', filters], ['custom_range_', custom]] as const;
  // The second demo promoter sells the stadium: about five times the first one's sums.
  const callers = [['promoter', 'promoter@demo.test', 'promoter-demo-1'], ['promoter2', 'promoter2@demo.test', 'promoter-demo-2'], ['admin', 'admin@demo.test', 'admin-demo-1']] as const;
  for (const [who, email, password] of callers) for (const [variant, segment] of cases) {
    const url = `/api/attendees?${new URLSearchParams(crmFiltersToQuery(segment))}`;
    const headers = await signIn(app, email, password);
    const samples: number[] = [];
    let count = 0;
    for (let i = 0; i < 35; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`CRM count failed: ${res.body}`);
      if (i >= 5) samples.push(performance.now() - t); // the first answers warm PGlite's caches
      count = res.json().count;
    }
    console.log(`CRM count ${variant}as ${who}: ${count} customers`);
    metrics.push(metric(`crm_count_3_metrics_${variant}${who}_ms.p95`, count, percentile(samples, 95), 'ms', budgetMs));
    metrics.push(metric(`crm_count_3_metrics_${variant}${who}_ms.median`, count, median(samples), 'ms', null));
  }

  // The admin's whole segment (every buyer) as UserExport.csv.
  const admin = await signIn(app, 'admin@demo.test', 'admin-demo-1');
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: '/api/attendees', headers: { ...admin, accept: 'text/csv' } });
  const ms = performance.now() - t;
  const rows = res.body.split('\r\n').filter(Boolean).length - 1;
  metrics.push(metric('crm_csv_all_customers_ms', rows, ms, 'ms', null));
  // app.inject collects the whole body, so this is an upper bound of what the stream itself holds.
  metrics.push(metric('crm_csv_all_customers_heap_growth', rows, (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024, 'MB', null));
  return metrics;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  const dir = given ?? mkdtempSync(path.join(tmpdir(), 'arena-crm-bench-'));
  const db = await openDatabase({ databaseUrl: '', dataDir: dir });
  try {
    await migrate(db);
    if (!given) {
      console.log('seeding the demo data …');
      await seedDemo(db);
    }
    const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
    console.log(formatMetrics(await crmCases(app)));
    await app.close();
  } finally {
    await db.close();
    if (!given) rmSync(dir, { recursive: true, force: true });
  }
}
