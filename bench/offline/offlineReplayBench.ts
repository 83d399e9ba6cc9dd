/**
 * Replay of offline sales (issue 35; docs/boxoffice.md "Selling offline"): 2 counters each lease 100 stadium seats,
 * sell them offline as 100 signed one-seat sales each, and replay their logs at the same time, each in order, through
 * the real route (app.inject: the server's work, without HTTP). Prints the wall time of the replay, then checks the
 * outcome: every sale applied, no seat sold twice, no sale lost, and a second replay of all 200 changes nothing.
 *
 *   npm run bench:offline [-- --data-dir=<a seeded PGlite dir, copied first>] [--sales=100] [--batch=50]
 *
 * `--batch=N` sends each counter's log N sales per request (POST …/offline-sales/batch, what the counter does);
 * `--batch=1` sends them one by one to POST …/offline-sales, as before batching.
 *
 * Without a data dir it migrates and seeds a fresh one (SEED_SALES_ITEMS=20000, about a minute).
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openSeededPglite } from '../api/benchDatabase';
import { offlineTicketText } from '../../src/domain/offlineTicket';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SALES = Number(arg('sales') ?? 100);
const BATCH = Number(arg('batch') ?? 50);
const bench = await openSeededPglite(arg('data-dir'), 'offline-bench');
const { db } = bench;
const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
await app.ready();
const tokenOf = async (email: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email, password } })).json().token as string;
const [promoter, box] = [await tokenOf('promoter@demo.test', 'promoter-demo-1'), await tokenOf('boxoffice@demo.test', 'boxoffice-demo-1')];
const call = (method: 'GET' | 'POST', url: string, payload: object | undefined, token = box) =>
  app.inject({ method, url, payload, headers: { platform: 'admin', authorization: `Bearer ${token}` } });

const event = Number((await db.query<{ id: number }>(`SELECT e.id FROM events e JOIN event_translations t ON t.event_id = e.id WHERE t.name = 'Midsummer Stadium Night' LIMIT 1`)).rows[0].id);
const owner = Number((await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'boxoffice@demo.test'`)).rows[0].id);
const type = (await db.query<{ name: string }>('SELECT name FROM ticket_types WHERE event_id = $1 ORDER BY is_default DESC, position, id LIMIT 1', [event])).rows[0].name;
const { rows: free } = await db.query<{ section: string; row: string; seat: string }>(
  `SELECT sec.name AS section, ms.row_label AS row, ms.seat_label AS seat
     FROM events e JOIN map_sections sec ON sec.map_id = e.map_id AND NOT sec.general_admission
     JOIN event_sections es ON es.event_id = e.id AND es.section_id = sec.id AND es.price_set_id IS NOT NULL AND NOT es.hidden
     JOIN map_seats ms ON ms.section_id = sec.id LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
    WHERE e.id = $1 AND ev.seat_id IS NULL AND NOT ms.accessible
      AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.event_id = e.id AND i.seat_id = ms.id AND i.valid)
    ORDER BY sec.position DESC, ms.seat_index LIMIT $2`, [event, 2 * SALES]);

/** A counter: its reservation, a lease on its seats, its registered key, and its log of signed one-seat sales. */
async function counter(seats: typeof free) {
  const id = (await call('POST', '/api/reservations', { event, type: 'boxoffice', owner, validity_date: '2099-12-31 23:00:00', description: '{"extra_fee": 0}' }, promoter)).json().id as number;
  const lease = await call('POST', `/api/boxoffice/reservations/${id}/leases`, { ends_at: new Date(Date.now() + 3_600_000).toISOString(), seats });
  if (lease.statusCode !== 201) throw new Error(lease.body);
  const leaseId = lease.json().id as number;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await call('POST', `/api/boxoffice/reservations/${id}/leases/${leaseId}/key`, { public_key: publicKey.export({ format: 'jwk' }).x });
  const log = seats.map((s, i) => {
    const key = randomUUID();
    const line = { ...s, ticket_type: type };
    return { key, lease: leaseId, seq: i + 1, sold_at: new Date().toISOString(), tickets: [{ ...line, signature: sign(null, Buffer.from(offlineTicketText(leaseId, key, line)), privateKey).toString('base64url') }] };
  });
  return { id, log };
}
const counters = [await counter(free.slice(0, SALES)), await counter(free.slice(SALES))];
const replayAll = () => Promise.all(counters.map(async (c) => {
  const out: { status: number; body: string }[] = [];
  if (BATCH <= 1) {
    for (const sale of c.log) {
      const res = await call('POST', `/api/boxoffice/reservations/${c.id}/offline-sales`, sale);
      out.push({ status: res.statusCode, body: res.body });
    }
    return out;
  }
  for (let i = 0; i < c.log.length; i += BATCH) {
    const res = await call('POST', `/api/boxoffice/reservations/${c.id}/offline-sales/batch`, { sales: c.log.slice(i, i + BATCH) });
    if (res.statusCode !== 200) throw new Error(res.body);
    for (const r of res.json().results as { status: number; sale: unknown; error: unknown }[]) out.push({ status: r.status, body: JSON.stringify(r.sale ?? r.error) });
  }
  return out;
}));

const t0 = performance.now();
const first = await replayAll();
const replayMs = performance.now() - t0;
const again = await replayAll();
const ids = counters.map((c) => c.id);
const [{ rows: [sold] }, { rows: [recorded] }] = await Promise.all([
  db.query<{ tickets: number; seats: number }>(`SELECT count(*)::int AS tickets, count(DISTINCT seat_id)::int AS seats FROM order_items WHERE order_id = ANY($1::bigint[]) AND type = 'ticket' AND valid`, [ids]),
  db.query<{ n: number }>(`SELECT count(*)::int AS n FROM offline_sales WHERE order_id = ANY($1::bigint[]) AND outcome = 'applied'`, [ids]),
]);
const result = {
  counters: 2, sales: 2 * SALES, batch: BATCH, replay_ms: Math.round(replayMs),
  applied: first.flat().filter((r) => r.status === 200).length,
  seats_sold_twice: sold.tickets - sold.seats,
  sales_lost: 2 * SALES - recorded.n,
  sales_applied_twice: sold.tickets - 2 * SALES,
  second_replay_same_answers: first.flat().every((r, i) => r.status === again.flat()[i]!.status && r.body === again.flat()[i]!.body),
  database: 'pglite', load_average: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(JSON.stringify(result, null, 2));
await app.close();
await bench.close();
