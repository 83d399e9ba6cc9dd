/**
 * npm run bench:reserve: 50 concurrent clients (autocannon) reserving seats of the seeded 104k stadium over HTTP,
 * against a running server (BENCH_URL, default http://localhost:3101; start one with npm start, or several behind a
 * balancer on PostgreSQL). Two races: the same 200 seats for everyone ("hot"), and random seats of 20 sections
 * ("spread"). Each client reserves one seat a request into its own reservation. Afterwards it reads every bench
 * reservation back and counts seats held twice (must be 0) and reserves answered 200 whose ticket is missing
 * ("lost", must be 0). Prints a table and writes bench/results/reserve.json. The bench's reservations are deleted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const base = process.env.BENCH_URL ?? 'http://localhost:3101';
const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const json = { 'content-type': 'application/json', platform: 'admin' };

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, { method, headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
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

async function race(token: string, event: number, label: string, seats: Seat[]) {
  const ids: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const r = await api<{ id: number }>('POST', '/api/reservations', token, { event, title: `Bench ${label} ${i}`, type: 'guest', reserved_until: '2099-01-01 00:00:00' });
    ids.push(r.body.id);
  }
  let n = 0;
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: base, connections: CLIENTS, amount: REQUESTS, timeout: 60,
    requests: [{
      method: 'PUT',
      setupRequest: (req) => {
        const k = n++;
        // Deterministic spread: request k reserves seat (k * 7919) mod N into client k mod 50's reservation.
        const seat = seats[(k * 7919) % seats.length];
        return { ...req, path: `/api/reservations/${ids[k % CLIENTS]}`, headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ tickets: [{ ...seat, event }] }) };
      },
      onResponse: (status) => { statuses[status] = (statuses[status] ?? 0) + 1; },
    }],
  });
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
  const ok = statuses['200'] ?? 0;
  for (const id of ids) await api('DELETE', `/api/reservations/${id}`, token);
  return {
    race: label, seats: seats.length, requests: result.requests.total, rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50, p99_ms: result.latency.p99, ok, taken_409: statuses['409'] ?? 0, errors: result.errors + (result.non2xx - (statuses['409'] ?? 0)),
    // A request that timed out on the client may still have reserved: tickets can exceed the 200s, never fall short.
    sold_twice: twice, lost: Math.max(0, ok - tickets), timeouts: result.timeouts,
  };
}

const login = await api<{ token: string }>('POST', '/api/auth/login', null, { email: 'promoter@demo.test', password: 'promoter-demo-1' });
const token = login.body.token;
const events = await api<{ collection: { id: number; name: string }[] }>('GET', '/api/events?per_page=100', token);
const event = events.body.collection.find((e) => e.name === 'Midsummer Stadium Night')!.id;
const map = await api<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>('GET', `/api/events/${event}/sections`, token);
const seated = map.body.sections.filter((s) => !s.general_admission && s.price_set !== null && !s.hidden).map((s) => s.name);
const hot = (await freeSeats(token, event, seated.slice(-1))).slice(0, 200);
const spread = await freeSeats(token, event, seated.slice(0, 20));
const rows = [await race(token, event, 'hot (200 seats)', hot), await race(token, event, `spread (${spread.length} seats)`, spread)];
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/reserve.json', JSON.stringify({ base, clients: CLIENTS, rows }, null, 2));
