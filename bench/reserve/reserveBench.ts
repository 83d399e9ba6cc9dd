/**
 * npm run bench:reserve: 50 concurrent clients (autocannon) reserving seats of the seeded 104k stadium over HTTP,
 * against a running server (BENCH_URL, default http://localhost:3101; start one with npm start), or against several
 * API processes of one PostgreSQL database (BENCH_URLS, comma-separated: the clients are split between them; see
 * bench/reserve/twoProcesses.ts). Races: the same 200 seats for everyone ("hot"), and random seats of 20 sections
 * ("spread"), as the reservation map reserves (no answer, 204); and the spread race again with the whole reservation
 * as the answer (the box-office counter's reserve). Each client reserves one seat a request into its own reservation. Afterwards it reads every bench
 * reservation back and counts seats held twice (must be 0) and reserves answered 200 whose ticket is missing
 * ("lost", must be 0). Prints a table and writes bench/results/reserve.json. The bench's reservations are deleted.
 * A warm-up race of BENCH_WARMUP requests (2,000) goes first; its figures are printed, not counted. The server's
 * engine and PGlite's flush setting (PGLITE_FSYNC, chosen when the server starts) are printed and recorded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';

const bases = (process.env.BENCH_URLS ?? process.env.BENCH_URL ?? 'http://localhost:3101').split(',').map((u) => u.trim()).filter(Boolean);
const base = bases[0];
const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const json = { 'content-type': 'application/json', platform: 'admin' };

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  // No content-type without a body: Fastify refuses an empty JSON body (the DELETEs that clean up).
  const headers = { platform: 'admin', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

interface Seat { section: string; row: string; seat: string }

async function freeSeats(token: string, event: number, sections: string[]): Promise<Seat[]> {
  const out: Seat[] = [];
  for (const name of sections) {
    const d = await api<{ rows: { name: string; seats: { name: string; hidden: boolean; reserved: boolean; prices: unknown[] }[] }[] }>('GET', `/api/events/${event}/sections/${encodeURIComponent(name)}`, token);
    for (const r of d.body.rows) for (const s of r.seats) if (!s.hidden && !s.reserved && s.prices.length) out.push({ section: name, row: r.name, seat: s.name });
  }
  return out;
}

/**
 * `map`: the reservation map's reserve, which asks for no answer (Prefer: return=minimal, 204). `full`: a reserve
 * answered with the whole reservation, as the box-office counter and the API's other callers get it.
 */
type Answer = 'map' | 'full';

async function race(token: string, event: number, label: string, seats: Seat[], answer: Answer, requests = REQUESTS) {
  const ids: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const r = await api<{ id: number }>('POST', '/api/reservations', token, { event, title: `Bench ${label} ${i}`, type: 'guest', reserved_until: '2099-01-01 00:00:00' });
    ids.push(r.body.id);
  }
  let n = 0;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const request = {
    method: 'PUT',
    setupRequest: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => {
      const k = n++;
      // Deterministic spread: request k reserves seat (k * 7919) mod N into client k mod 50's reservation.
      const seat = seats[(k * 7919) % seats.length];
      return { ...req, path: `/api/reservations/${ids[k % CLIENTS]}`, headers: { ...json, authorization: `Bearer ${token}`, ...(answer === 'map' ? { prefer: 'return=minimal' } : {}) }, body: JSON.stringify({ tickets: [{ ...seat, event }] }) };
    },
    onResponse: (status: number) => { statuses[status] = (statuses[status] ?? 0) + 1; },
  };
  // One autocannon per API process, the clients and requests split evenly; latencies are recorded per response, so
  // the percentiles are over every request of every process.
  // Throughput runs to the last response: autocannon notices that its amount is done only on its once-a-second
  // tick, so the time to its callback rounds every race up to a whole second (3,000 requests in 3.2 s read as 4.05 s).
  const started = performance.now();
  let lastResponse = started;
  const results = await Promise.all(bases.map((url, i) => new Promise<Result>((resolve, reject) => {
    const share = (total: number) => Math.floor(total / bases.length) + (i < total % bases.length ? 1 : 0);
    const instance = autocannon({ url, connections: share(CLIENTS), amount: share(requests), timeout: 60, requests: [request] },
      (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
      lastResponse = performance.now();
    });
  })));
  const seconds = (lastResponse - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  const sum = (f: (r: Result) => number) => results.reduce((s, r) => s + f(r), 0);
  // Read back: every seat at most once, every 200 a ticket.
  const held = new Map<string, number>();
  let tickets = 0;
  for (const id of ids) {
    const r = await api<{ items: Seat[] }>('GET', `/api/reservations/${id}`, token);
    for (const i of r.body.items) {
      const key = `${i.section}|${i.row}|${i.seat}`;
      held.set(key, (held.get(key) ?? 0) + 1);
      tickets++;
    }
  }
  const twice = [...held.values()].filter((c) => c > 1).length;
  const ok = (statuses['200'] ?? 0) + (statuses['204'] ?? 0);
  for (const id of ids) {
    const del = await api('DELETE', `/api/reservations/${id}`, token);
    if (del.status !== 200) throw new Error(`Cleaning up reservation ${id} answered ${del.status}: the next run would find fewer free seats.`);
  }
  const total = sum((r) => r.requests.total);
  return {
    race: label, answer, seats: seats.length, requests: total, rps: Math.round(total / seconds),
    p50_ms: pct(50), p99_ms: pct(99), ok, taken_409: statuses['409'] ?? 0, errors: sum((r) => r.errors + r.non2xx) - (statuses['409'] ?? 0),
    // A request that timed out on the client may still have reserved: tickets can exceed the 200s, never fall short.
    sold_twice: twice, lost: Math.max(0, ok - tickets), timeouts: sum((r) => r.timeouts),
  };
}

// Which engine answers, and whether PGlite flushes its write-ahead log at every commit: start the server with
// PGLITE_FSYNC=on or off to measure either (docs/operations.md "What the embedded database promises").
const adminLogin = await api<{ token: string }>('POST', '/api/auth/login', null, { email: 'admin@demo.test', password: 'admin-demo-1' });
const ops = await api<{ engine: string; fsync: boolean | null }>('GET', '/api/operations', adminLogin.body.token);
const server = ops.status === 200 ? { engine: ops.body.engine, fsync: ops.body.fsync } : { engine: 'unknown', fsync: null };
console.log(`server: ${server.engine}${server.engine === 'pglite' ? `, PGLITE_FSYNC=${server.fsync ? 'on' : 'off'}` : ''}`);
const login = await api<{ token: string }>('POST', '/api/auth/login', null, { email: 'promoter@demo.test', password: 'promoter-demo-1' });
const token = login.body.token;
const events = await api<{ collection: { id: number; name: string }[] }>('GET', '/api/events?per_page=100', token);
const event = events.body.collection.find((e) => e.name === 'Midsummer Stadium Night')!.id;
const map = await api<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>('GET', `/api/events/${event}/sections`, token);
const seated = map.body.sections.filter((s) => !s.general_admission && s.price_set !== null && !s.hidden).map((s) => s.name);
const hot = (await freeSeats(token, event, seated.slice(-1))).slice(0, 200);
const spread = await freeSeats(token, event, seated.slice(0, 20));
// BENCH_RACES=hot,spread,full runs only those (to profile one race); all three by default.
const races = (process.env.BENCH_RACES ?? 'hot,spread,full').split(',');
// A warm-up first, as load testers do: a fresh server's first thousands of requests run while V8 still compiles the
// hot paths, PGlite's WebAssembly among them, on the same two cores. Its figures are printed, not counted
// (BENCH_WARMUP=0 skips it, to see a cold server).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
if (WARMUP > 0) {
  const w = await race(token, event, 'warm-up', spread, 'map', WARMUP);
  // Its seats are checked like every race's: a double sale in the warm-up shows here.
  console.log(`warm-up, not counted: ${w.requests} requests, ${w.rps} req/s, p50 ${w.p50_ms} ms, p99 ${w.p99_ms} ms; sold twice ${w.sold_twice}, lost ${w.lost}, errors ${w.errors}`);
}
const rows = [];
if (races.includes('hot')) rows.push(await race(token, event, 'hot (200 seats)', hot, 'map'));
if (races.includes('spread')) rows.push(await race(token, event, `spread (${spread.length} seats)`, spread, 'map'));
if (races.includes('full')) rows.push(await race(token, event, `spread (${spread.length} seats)`, spread, 'full'));
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/reserve.json', JSON.stringify({ urls: bases, clients: CLIENTS, server, rows }, null, 2));
