/**
 * npm run bench:live (PGlite, one API process) and npm run bench:live:pg (PostgreSQL, two API processes): how fast
 * a change of a seat reaches every open map (issue 32, PERFORMANCE.md "any change of a place").
 *
 * Starts its own server(s) on a small seeded demo, opens BENCH_LISTENERS (200) seat streams on the stadium (GET
 * api/events/{id}/seat-stream, split across the processes), and runs BENCH_WRITERS (50) clients that each reserve
 * seats of their own and release them again a few steps later (and now and then have their whole reservation voided
 * by an admin), so every seat goes taken → free. Measured per listener and change:
 *   - ack → delivered: from the writer's answer (the commit is before it) to the listener hearing the seat's new state;
 *   - changes lost: seats whose last state a listener heard is not the truth at the end (must be 0);
 *   - applied twice: a version a listener was sent twice (must be 0);
 *   - server CPU per 1,000 deliveries: the server processes' CPU time during the race, less a race of the same writes
 *     with no listener, over the messages delivered.
 * Then, with the listeners still attached, the reserve bench's races (bench/reserve/reserveBench.ts, hot and spread).
 * Writes bench/results/live-<engine>.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseEventStream } from '../../src/api/seatStateStream';
import { startPgCluster } from '../../tests/server/setup/pgCluster';
import { startApiProcess, stopApiProcesses } from '../lib/apiProcess';

const ENGINE = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const PROCESSES = ENGINE === 'postgres' ? 2 : 1;
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 200);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 50);
const STEPS = Number(process.env.BENCH_STEPS ?? 40); // reserves per writer
const KEEP = 4; // a seat is released this many reserves after it was taken
const children: ChildProcess[] = [];

const cluster = ENGINE === 'postgres' ? (process.env.DATABASE_URL ? null : await startPgCluster()) : null;
const databaseUrl = ENGINE === 'postgres' ? (process.env.DATABASE_URL ?? cluster!.url) : '';
const dataDir = '.tmp/bench-live-data';
if (ENGINE === 'pglite' && !process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });

async function apiProcess(): Promise<{ url: string; pid: number }> {
  const p = await startApiProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_SALES_ITEMS: process.env.SEED_SALES_ITEMS ?? '20000' });
  children.push(p.child);
  return p;
}

/** CPU time (user + system, ms) a process and its threads (PGlite's engine thread) have used. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0);
};

try {
  const servers: { url: string; pid: number }[] = [];
  for (let i = 0; i < PROCESSES; i++) servers.push(await apiProcess()); // the first seeds, the next find it seeded
  const base = servers[0].url;
  const api = async <T>(method: string, path: string, token: string | null, body?: unknown, at = base): Promise<{ status: number; body: T }> => {
    const headers = { platform: 'admin', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await fetch(at + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T };
  };
  const login = async (email: string, password: string) => (await api<{ token: string }>('POST', '/api/auth/login', null, { email, password })).body.token;
  const token = await login('promoter@demo.test', 'promoter-demo-1');
  const admin = await login('admin@demo.test', 'admin-demo-1');
  const events = await api<{ collection: { id: number; name: string }[] }>('GET', '/api/events?per_page=100', token);
  const event = events.body.collection.find((e) => e.name === 'Midsummer Stadium Night')!.id;
  const map = await api<{ sections: { name: string; general_admission: boolean; price_set: number | null; hidden: boolean }[] }>('GET', `/api/events/${event}/sections`, token);
  const seated = map.body.sections.filter((s) => !s.general_admission && s.price_set !== null && !s.hidden).map((s) => s.name);
  const seats: { section: string; row: string; seat: string; index: number }[] = [];
  for (const name of seated.slice(0, 12)) {
    const d = await api<{ rows: { name: string; seats: { name: string; seat_index: number; hidden: boolean; reserved: boolean; prices: unknown[] }[] }[] }>('GET', `/api/events/${event}/sections/${encodeURIComponent(name)}`, token);
    for (const r of d.body.rows) for (const s of r.seats) if (!s.hidden && !s.reserved && s.prices.length) seats.push({ section: name, row: r.name, seat: s.name, index: s.seat_index });
  }
  if (seats.length < WRITERS * STEPS) throw new Error(`Only ${seats.length} free seats for ${WRITERS * STEPS} reserves`);

  /** Every writer reserves its own seats one by one and releases each KEEP reserves later; every 10th round is a void. */
  async function writeRace() {
    const acks: { index: number; taken: number; at: number }[] = [];
    let wrote = 0;
    await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
      const at = servers[w % servers.length].url;
      const mine = seats.slice(w * STEPS, (w + 1) * STEPS);
      let r = (await api<{ id: number }>('POST', '/api/reservations', token, { event, title: `Live bench ${w}`, type: 'guest', reserved_until: '2099-01-01 00:00:00' }, at)).body.id;
      const held: { item: number; index: number }[] = [];
      for (let k = 0; k < mine.length; k++) {
        const s = mine[k]!;
        const res = await api<{ items: { id: number; section: string; row: string; seat: string; valid: boolean }[] }>('PUT', `/api/reservations/${r}`, token, { tickets: [{ section: s.section, row: s.row, seat: s.seat, event }] }, at);
        if (res.status !== 200) throw new Error(`Reserve answered ${res.status}`);
        acks.push({ index: s.index, taken: 1, at: performance.now() });
        wrote++;
        held.push({ item: res.body.items.find((i) => i.valid && i.section === s.section && i.row === s.row && i.seat === s.seat)!.id, index: s.index });
        if (k % 10 === 9) {
          // The admin voids the whole reservation: every seat it held comes free in one change.
          const v = await api('POST', `/api/orders/${r}/void`, admin, {}, at);
          if (v.status !== 200) throw new Error(`Void answered ${v.status}`);
          const t = performance.now();
          for (const h of held.splice(0)) acks.push({ index: h.index, taken: 0, at: t });
          wrote++;
          r = (await api<{ id: number }>('POST', '/api/reservations', token, { event, title: `Live bench ${w}`, type: 'guest', reserved_until: '2099-01-01 00:00:00' }, at)).body.id;
        } else if (held.length > KEEP) {
          const h = held.shift()!;
          const del = await api('PUT', `/api/reservations/${r}`, token, { items: [{ id: h.item, valid: false }] }, at);
          if (del.status !== 200) throw new Error(`Release answered ${del.status}`);
          acks.push({ index: h.index, taken: 0, at: performance.now() });
          wrote++;
        }
      }
      for (const h of held.splice(0)) {
        await api('PUT', `/api/reservations/${r}`, token, { items: [{ id: h.item, valid: false }] }, at);
        acks.push({ index: h.index, taken: 0, at: performance.now() });
      }
      await api('DELETE', `/api/reservations/${r}`, token, undefined, at);
    }));
    return { acks, wrote };
  }

  /** An open map: its stream, the versions it was sent, and when it heard each seat's state. */
  function listen(i: number) {
    const abort = new AbortController();
    const heard = new Map<number, { taken: number; at: number }[]>();
    const versions: number[] = [];
    let messages = 0;
    const opened = (async () => {
      const res = await fetch(`${servers[i % servers.length].url}/api/events/${event}/seat-stream`, { headers: { platform: 'admin', authorization: `Bearer ${token}` }, signal: abort.signal });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let first = true;
      const ready = { resolve: () => undefined as void };
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
          if (done) return;
          const { messages: got, rest } = parseEventStream(buffer + value);
          buffer = rest;
          const at = performance.now();
          for (const m of got) {
            const s = JSON.parse(m.data) as { version: number; changed: { seat_index: number | null; taken: number }[] };
            versions.push(s.version);
            messages++;
            if (first) {
              first = false;
              ready.resolve();
              continue;
            }
            for (const c of s.changed) if (c.seat_index !== null) heard.set(c.seat_index, [...(heard.get(c.seat_index) ?? []), { taken: c.taken, at }]);
          }
        }
      })();
      await new Promise<void>((resolve) => (ready.resolve = resolve));
    })();
    return { opened, heard, versions, messages: () => messages, close: () => abort.abort() };
  }

  const cpu = () => servers.reduce((s, p) => s + cpuMs(p.pid), 0);
  // Warm the server (and measure the writes alone): the same race with nobody listening.
  const cpu0 = cpu();
  const t0 = performance.now();
  await writeRace();
  const quietCpu = cpu() - cpu0;
  const quietSeconds = (performance.now() - t0) / 1000;

  const listeners = Array.from({ length: LISTENERS }, (_, i) => listen(i));
  await Promise.all(listeners.map((l) => l.opened));
  const cpu1 = cpu();
  const t1 = performance.now();
  const { acks, wrote } = await writeRace();
  await new Promise((r) => setTimeout(r, 2000)); // the last changes' delivery
  const busyCpu = cpu() - cpu1; // the wait after it is idle apart from deliveries
  const seconds = (performance.now() - t1) / 1000;

  // Per listener and ack: the first time after the ack's write began that the listener heard that state of that seat.
  const latencies: number[] = [];
  let notHeard = 0;
  let lost = 0;
  let twice = 0;
  const finalTruth = new Map<number, number>();
  for (const a of acks) finalTruth.set(a.index, a.taken);
  for (const l of listeners) {
    const v = l.versions;
    for (let k = 1; k < v.length; k++) if (v[k]! <= v[k - 1]!) twice++;
    for (const a of acks) {
      const h = l.heard.get(a.index)?.find((x) => x.taken === a.taken && x.at >= a.at - 5000);
      if (h) latencies.push(Math.max(0, h.at - a.at));
      else notHeard++; // coalesced: taken and freed within one read, so only the last state was sent
    }
    for (const [index, taken] of finalTruth) {
      const last = l.heard.get(index)?.at(-1)?.taken;
      if (last !== taken) lost++;
    }
  }
  const deliveries = listeners.reduce((s, l) => s + l.messages(), 0);
  listeners.forEach((l) => l.close());

  const row = {
    engine: ENGINE, processes: PROCESSES, listeners: LISTENERS, writers: WRITERS, writes: wrote, seconds: Number(seconds.toFixed(1)),
    writes_per_s: Math.round(wrote / seconds),
    delivered_p50_ms: pct(latencies, 50), delivered_p95_ms: pct(latencies, 95), delivered_p99_ms: pct(latencies, 99),
    changes_heard: latencies.length, coalesced: notHeard, changes_lost: lost, applied_twice: twice, messages: deliveries,
    cpu_ms_per_1000_deliveries: Math.round((busyCpu - quietCpu) / (deliveries / 1000)),
    server_cpu_ms: { quiet_race: Math.round(quietCpu), quiet_seconds: Number(quietSeconds.toFixed(1)), with_listeners: Math.round(busyCpu) },
  };
  console.table([row]);

  // The reserve bench's races, with the listeners attached.
  const attached = Array.from({ length: LISTENERS }, (_, i) => listen(i));
  await Promise.all(attached.map((l) => l.opened));
  const reserve = spawn('node', ['--import', 'tsx', 'bench/reserve/reserveBench.ts'], {
    env: { ...process.env, BENCH_URLS: servers.map((s) => s.url).join(','), BENCH_RACES: process.env.BENCH_RACES ?? 'hot,spread' },
    stdio: 'inherit',
  });
  await new Promise((r) => reserve.once('exit', r));
  const attachedMessages = attached.reduce((s, l) => s + l.messages(), 0);
  attached.forEach((l) => l.close());
  console.log(`Reserve races with ${LISTENERS} seat streams attached: they were sent ${attachedMessages} messages.`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/live-${ENGINE}.json`, JSON.stringify({ row, reserve: JSON.parse(readFileSync('bench/results/reserve.json', 'utf8')) }, null, 2));
} finally {
  await stopApiProcesses(children);
  await cluster?.stop();
}
