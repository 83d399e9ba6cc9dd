/**
 * API and database figures of PERFORMANCE.md, on PGlite in this process (app.inject: no network, the server's own
 * cost): the seat map of a 100k-seat event (time and bytes on the wire), pricing a 20,000-seat section in one
 * request, and pricing 20,000 seats sent one by one: a whole section's (stored as the section's price) and a drawn
 * selection that leaves a row out (one override a seat). Run: npm run bench:api (or node --import tsx bench/api/apiBench.ts).
 * BENCH_DB=postgres runs the same cases on PostgreSQL (benchDatabase.ts: DATABASE_URL's server, else a throwaway
 * cluster); its figures go to bench/results/api-postgres-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Db } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/seedDemo';
import { importVenueMap } from '../../server/venues/importVenueMap';
import { formatMetrics, median, metric, percentile, type Metric } from '../lib/metric';
import { benchEngine, openBenchDatabase, type BenchEngine } from './benchDatabase';
import { crmCases } from './crmBench';

/** One seated section of `rows` × `perRow` seats in the canonical format: the "20,000-seat section". */
function oneSectionSvg(rows: number, perRow: number): string {
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${perRow * 6 + 20} ${rows * 6 + 20}">`, `<g class="section" data-section="Block A" data-kind="seated">`];
  for (let r = 0; r < rows; r++) {
    out.push(`<g class="row" data-row="${r + 1}">`);
    for (let s = 0; s < perRow; s++) out.push(`<circle class="seat" data-seat="${s + 1}" cx="${10 + s * 6}" cy="${10 + r * 6}" r="2"/>`);
    out.push('</g>');
  }
  out.push('</g></svg>');
  return out.join('');
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [performance.now() - t, out];
}

export async function runApiBench(engine: BenchEngine = benchEngine()): Promise<Metric[]> {
  const bench = await openBenchDatabase(engine);
  const { db } = bench;
  const metrics: Metric[] = [];
  try {
    await migrate(db);
    console.log(`seeding the demo data (stadium of 104,000 seats) on ${engine} …`);
    await seedDemo(db);
    const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email: 'promoter@demo.test', password: 'promoter-demo-1' } });
    const headers = { platform: 'admin', authorization: `Bearer ${login.json().token}` };

    // The seat map of the 104,000-seat stadium event.
    const ev = await db.query<{ event_id: number }>(`SELECT event_id FROM event_translations WHERE language = 'en' AND name = 'Midsummer Stadium Night'`);
    const url = `/api/events/${ev.rows[0].event_id}/sections`;
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 40; i++) {
      const [ms, res] = await time(() => app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'identity' } }));
      if (i >= 5) samples.push(ms); // the first answers warm PGlite's caches
      bytes = res.rawPayload.byteLength;
    }
    const body = (await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'identity' } })).rawPayload;
    const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).byteLength;
    metrics.push(metric('sections_100k_event_ms.p95', 104_000, percentile(samples, 95), 'ms', 150));
    metrics.push(metric('sections_100k_event_ms.median', 104_000, median(samples), 'ms', null));
    metrics.push(metric('sections_100k_event_bytes', 104_000, bytes / 1024 / 1024, 'MB', 1.5));
    metrics.push(metric('sections_100k_event_bytes.brotli', 104_000, br / 1024, 'KB', null));

    // A map with one 20,000-seat section, an event on it, and its ticket types.
    const venue = await db.query<{ id: number }>(`INSERT INTO venues (name_en, name_sv) VALUES ('Bench Hall', 'Bench Hall') RETURNING id`);
    const { mapId } = await db.transaction((tx) => importVenueMap(tx, { venueId: Number(venue.rows[0].id), name: 'Block A', svg: oneSectionSvg(200, 100) }));
    const promoter = await db.query<{ promoter_id: number }>(`SELECT promoter_id FROM users WHERE email = 'promoter@demo.test'`);
    const event = await db.query<{ id: number }>(
      `INSERT INTO events (promoter_id, type, venue_id, map_id, start_date, end_date, tickets_release_date)
       VALUES ($1, 'musical', $2, $3, now() + interval '30 days', now() + interval '30 days 3 hours', now()) RETURNING id`,
      [promoter.rows[0].promoter_id, venue.rows[0].id, mapId],
    );
    const eventId = Number(event.rows[0].id);
    await db.query(`INSERT INTO ticket_types (event_id, name, is_default, age_from) VALUES ($1, 'Standard', true, 18), ($1, 'Student', false, 16)`, [eventId]);
    const price = (payload: object) => app.inject({ method: 'POST', url: `/api/events/${eventId}/prices`, headers, payload });

    const sectionTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const [ms, res] = await time(() => price({ section: 'Block A', prices: { Standard: 400 + i, Student: 300 } }));
      if (res.statusCode !== 200) throw new Error(`pricing failed: ${res.body}`);
      sectionTimes.push(ms);
    }
    metrics.push(metric('price_20k_section_ms.median', 20_000, median(sectionTimes), 'ms', 1000));
    metrics.push(metric('price_20k_section_ms.max', 20_000, Math.max(...sectionTimes), 'ms', 1000));

    const seats: { section: string; row: string; seat: string }[] = [];
    for (let r = 1; r <= 200; r++) for (let s = 1; s <= 100; s++) seats.push({ section: 'Block A', row: String(r), seat: String(s) });
    const selectionTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [ms, res] = await time(() => price({ seats: seats.map((s) => ({ ...s, prices: { Standard: 500 + i } })) }));
      if (res.statusCode !== 200) throw new Error(`pricing failed: ${res.body}`);
      selectionTimes.push(ms);
    }
    // Every seat of the section, sent as seats ("select all unpriced"): stored as the section's price.
    metrics.push(metric('price_20k_seat_selection_ms.median', 20_000, median(selectionTimes), 'ms', null));
    // A drawn selection that leaves one row out: one override row a seat.
    const partial = seats.slice(100);
    const partialTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [ms, res] = await time(() => price({ seats: partial.map((s) => ({ ...s, prices: { Standard: 600 + i } })) }));
      if (res.statusCode !== 200) throw new Error(`pricing failed: ${res.body}`);
      partialTimes.push(ms);
    }
    metrics.push(metric('price_19900_seat_partial_selection_ms.median', partial.length, median(partialTimes), 'ms', null));

    // The orders search (issue 20: ≤ 200 ms p95 over the seeded year; docs/orders.md "Search and indexes").
    metrics.push(...(await ordersSearchBench(app, db)));
    // The CRM count's budget: 500 ms p95 on PGlite, 300 ms on PostgreSQL (issue 22).
    metrics.push(...(await crmCases(app, engine === 'postgres' ? 300 : 500)));
    await app.close();
  } finally {
    await bench.close();
  }
  return metrics;
}

/** GET api/orders as the admin: the list, and searches by phone, name, email, order id and event + not accepted. */
async function ordersSearchBench(app: Awaited<ReturnType<typeof buildApp>>, db: Db): Promise<Metric[]> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email: 'admin@demo.test', password: 'admin-demo-1' } });
  const headers = { platform: 'admin', authorization: `Bearer ${login.json().token}` };
  const { rows } = await db.query<{ id: number; phone: string; email: string; last_name: string; event_id: number }>(
    `SELECT o.id::int, u.phone, u.email, u.last_name, o.event_id::int FROM orders o JOIN users u ON u.id = o.owner_id
      WHERE u.email IS NOT NULL ORDER BY o.id DESC LIMIT 1`,
  );
  const items = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_items');
  const o = rows[0];
  const queries = ['', `search=${encodeURIComponent(o.phone.replace('+46', '0'))}`, `search=${o.last_name}`, `search=${encodeURIComponent(o.email)}`,
    `search=${o.id}`, `event=${o.event_id}&accepted=0`, 'search=an'];
  const samples: number[] = [];
  for (let i = 0; i < 6; i++) {
    for (const q of queries) {
      const [ms, res] = await time(() => app.inject({ method: 'GET', url: `/api/orders?per_page=50&${q}`, headers }));
      if (res.statusCode !== 200) throw new Error(`orders search failed: ${res.body}`);
      if (i > 0) samples.push(ms); // the first round warms the caches
    }
  }
  return [
    metric('orders_search_ms.p95', items.rows[0].n, percentile(samples, 95), 'ms', 200),
    metric('orders_search_ms.median', items.rows[0].n, median(samples), 'ms', null),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const engine = benchEngine();
  const metrics = await runApiBench(engine);
  console.log(`API bench on ${engine}:`);
  console.log(formatMetrics(metrics));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${engine === 'postgres' ? 'api-postgres-latest' : 'api-latest'}.json`, JSON.stringify(metrics, null, 2));
}
