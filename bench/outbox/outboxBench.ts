/**
 * Outbox figures of PERFORMANCE.md (issue 33): a CRM send to 10,000 people queued (the one INSERT … SELECT of
 * POST api/events/send-notification, through the real route) against 2 s, and delivery from one process to a local
 * SMTP sink (the `smtp-server` package, in a child process) against 100 messages/s.
 *
 *   npm run bench:outbox [-- --data-dir=<a seeded PGlite dir, copied first>] [--people=10000] [--runs=3]
 *
 * Without a data dir it migrates and seeds a fresh one (SEED_SALES_ITEMS=20000, about a minute). The 10,000 people
 * are added as attendees who bought at one event, so the segment is exactly them.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openSeededPglite } from '../api/benchDatabase';
import { deliverOutbox } from '../../server/outbox/deliverOutbox';
import { closeTransports, createTransports } from '../../server/outbox/transports';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PEOPLE = Number(arg('people') ?? 10_000);
const bench = await openSeededPglite(arg('data-dir'), 'outbox-bench');
const { db } = bench;

// The segment: PEOPLE new attendees with an e-mail, each with one adult ticket at an event nobody else bought at.
const event = (await db.query<{ id: number; promoter_id: number }>(`SELECT id, promoter_id FROM events WHERE entity_type = 'ordinary' ORDER BY id DESC LIMIT 1`)).rows[0];
await db.query(`DELETE FROM crm_customer_days WHERE event_id = $1`, [event.id]);
await db.query(
  `WITH u AS (
     INSERT INTO users (type, status, name, first_name, last_name, email, country)
     SELECT 'attendee', 'active', 'Bench Person ' || g, 'Bench', 'Person ' || g, 'bench' || g || '@bench.test', 'SE'
       FROM generate_series(1, $1::int) g RETURNING id)
   INSERT INTO crm_customer_days (promoter_id, customer_id, event_id, day, adult_tickets, ticket_ore, merchandise_ore, discount_uses)
   SELECT $2, u.id, $3, current_date, 1, 50000, 0, 0 FROM u`,
  [PEOPLE, event.promoter_id, event.id],
);
await db.query('ANALYZE crm_customer_days');

const app = await buildApp({ db, config: { ...readConfig({ NODE_ENV: 'test' }), quiet: true }, serveConsole: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { platform: 'admin' }, payload: { email: 'admin@demo.test', password: 'admin-demo-1' } });
const headers = { platform: 'admin', authorization: `Bearer ${login.json().token}` };
const filters = { events: [Number(event.id)] };
const count = (await app.inject({ method: 'GET', url: `/api/attendees?filters[events]=${event.id}`, headers })).json().count;

// The send is timed RUNS times (a shared machine's noise shows in the spread); the median is the figure. Only the
// first send's messages are delivered below: the others are removed, so delivery moves one send of PEOPLE messages.
const RUNS = Number(arg('runs') ?? 3);
const times: number[] = [];
const campaigns: number[] = [];
let recipients = 0;
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const send = await app.inject({ method: 'POST', url: '/api/events/send-notification', headers, payload: { content: { en: 'Doors open at six.', sv: 'Dörrarna öppnar sex.' }, filters } });
  times.push(performance.now() - t0);
  const answer = send.json() as { recipients: number; campaign_id: number };
  recipients = answer.recipients;
  campaigns.push(answer.campaign_id);
}
if (campaigns.length > 1) await db.query('DELETE FROM outbox_messages WHERE campaign_id = ANY($1::bigint[])', [campaigns.slice(1)]);
const queueMs = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
console.log(`CRM send: ${recipients.toLocaleString('en-US')} messages queued in ${Math.round(queueMs)} ms, median of ${RUNS} (${times.map((ms) => Math.round(ms)).join(', ')} ms; segment count ${count}; budget ≤ 2000 ms) ${queueMs <= 2000 ? 'OK' : 'OVER BUDGET'}`);

// Delivery: the sink in its own process, so its parsing does not share this process's CPU.
const sink = fork(path.join(import.meta.dirname, 'smtpSinkProcess.ts'), { execArgv: ['--import', 'tsx'] });
const port = await new Promise<number>((resolve) => sink.once('message', (m) => resolve((m as { port: number }).port)));
const transports = createTransports({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Bench <bench@bench.test>', smsUrl: '', smsToken: '', socialWebhookUrl: '' });
const t1 = performance.now();
let delivered = 0;
for (;;) {
  const run = await deliverOutbox(db, transports, { batch: 100 });
  if (!run.claimed) break;
  delivered += run.sent;
}
const seconds = (performance.now() - t1) / 1000;
const received = await new Promise<number>((resolve) => {
  sink.once('message', (m) => resolve((m as { received: number }).received));
  sink.send('count');
});
const rate = delivered / seconds;
console.log(`Delivery to a local SMTP sink: ${delivered.toLocaleString('en-US')} messages in ${seconds.toFixed(1)} s = ${Math.round(rate)} msg/s from one process (sink received ${received}; budget ≥ 100 msg/s) ${rate >= 100 ? 'OK' : 'UNDER BUDGET'}`);

closeTransports(transports);
sink.kill();
await app.close();
await bench.close();
