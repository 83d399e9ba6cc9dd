/**
 * Probe: the bench's hover figure (`hover_ms`, p99 against the canvas 2D peer at 20k) and where our part of it goes.
 * The bench times a pointermove dispatched on the map until the renderer has found the seat, ours and the peer's
 * alike: from just before the dispatch until it returns, the renderer's handler having found the seat within it
 * (ours: the container's position (kept, not read a move), the hit-test in the index, the `seatHover` event; the peer: `getBoundingClientRect`
 * and a scan of every seat). Neither's drawing of the ring is in it (ours on the next frame, the peer's after the
 * timed part). The pages are served cross-origin isolated, so `performance.now()` has 5 µs steps (0.1 ms before).
 *
 * Opens each page as the bench does, runs `__bench.hoverTest(n)` `--reps` times, prints median, p95 and p99 of each
 * and, for ours, the main thread's self time per function over the hover phase (CDP CPU profile).
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx vite build --config bench/map/peers/vite.config.ts --outDir PEERS
 *   npx tsx bench/map/probes/hoverCost.ts [--sizes=20000] [--runs=2] [--reps=3] [--n=200] [--dist=before=DIR,after=DIR] [--peers=PEERS] [--no-profile] [--trace] [--as-bench]
 *
 * `--trace` (instead of the CPU profile) records a Chrome trace of the hover phase and prints, for each page, the
 * slowest pointer-move dispatches (the p99 moves) with what ran inside them (a garbage collection, a layout, the
 * handler's functions) beside what a median move holds: which moves are slow, and why. `--as-bench` runs before the
 * hover what the bench runs before it (ours: its session of real input; both: a forced garbage collection), so the
 * code the move runs is as warm as in the bench. Each page's line names the moves that set p99 (their number in the
 * repetition of n moves: the first ones are JIT warm-up).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { median, percentile } from '../../lib/metric';
import { launchBrowser } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, selfTimeIn, type CpuProfile, processCpu, serveHarnessAndPeer } from './probeCommon';
import { TRACE_CATEGORIES } from './traceSlices';
import { userSession } from '../peers/node/userSession';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));


function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return {
    sizes: (get('sizes') ?? '20000').split(',').map(Number),
    runs: Number(get('runs') ?? 2),
    reps: Number(get('reps') ?? 3),
    n: Number(get('n') ?? 200),
    peers: get('peers') ? path.resolve(get('peers')!) : null,
    trace: argv.includes('--trace'),
    asBench: argv.includes('--as-bench'),
    profile: !argv.includes('--no-profile') && !argv.includes('--trace'),
    dists,
  };
}

const frameKey = (f: CpuProfile['nodes'][number]['callFrame']) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;

function selfTimes(profile: CpuProfile): Map<string, number> {
  return selfTimeIn(profile, 0, -Infinity, Infinity, frameKey);
}

/**
 * Self time per function of the samples taken inside a `dispatchEvent` (the timed part of a move: the browser's
 * dispatch and the renderer's handler), and their sum under the key `(all)`: CPU time, which the load moves less than
 * the wall time of a move.
 */
function dispatchSelfTimes(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const inside = new Map<number, boolean>();
  const isInside = (id: number): boolean => {
    let known = inside.get(id);
    if (known === undefined) {
      const up = parent.get(id);
      known = byId.get(id)!.callFrame.functionName === 'dispatchEvent' || (up !== undefined && isInside(up));
      inside.set(id, known);
    }
    return known;
  };
  const self = new Map<string, number>();
  for (let k = 0; k < profile.samples.length; k++) {
    const id = profile.samples[k]!;
    if (!isInside(id)) continue;
    const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    const key = frameKey(byId.get(id)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
    self.set('(all)', (self.get('(all)') ?? 0) + ms);
  }
  return self;
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { data?: { type?: string } } }

/** A pointer-move dispatch in the trace: its duration and the slices inside it (name → µs, nested ones included). */
interface TracedMove { us: number; cpuUs: number; inside: Map<string, number>; gcBefore: number; index: number }

/**
 * The page's pointermove dispatches (`EventDispatch`, type pointermove, on the renderer's main thread) and, for each,
 * the slices within it by name, plus any garbage collection that ended in the 200 µs before it (the event object is
 * made just before the dispatch, inside the bench's timed part).
 */
function tracedMoves(raw: unknown): TracedMove[] {
  const events = (Array.isArray(raw) ? raw : (raw as { traceEvents: TraceEvent[] }).traceEvents) as TraceEvent[];
  const main = new Set<string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && String((e.args as { name?: string } | undefined)?.name) === 'CrRendererMain') main.add(`${e.pid}:${e.tid}`);
  const slices = events.filter((e) => e.ph === 'X' && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  const isGc = (name: string) => /GC|Scavenge|garbage/i.test(name);
  const moves: TracedMove[] = [];
  for (let i = 0; i < slices.length; i++) {
    const d = slices[i]!;
    if (d.name !== 'EventDispatch' || d.args?.data?.type !== 'pointermove') continue;
    const inside = new Map<string, number>();
    for (let j = i + 1; j < slices.length && slices[j]!.ts < d.ts + d.dur!; j++) {
      const c = slices[j]!;
      inside.set(c.name, (inside.get(c.name) ?? 0) + c.dur!);
    }
    let gcBefore = 0;
    for (let j = i - 1; j >= 0 && slices[j]!.ts > d.ts - 5000; j--) {
      const c = slices[j]!;
      if (isGc(c.name) && c.ts + c.dur! > d.ts - 200) gcBefore += c.dur!;
    }
    moves.push({ us: d.dur!, cpuUs: d.tdur ?? NaN, inside, gcBefore, index: moves.length });
  }
  return moves;
}

function describeMoves(moves: TracedMove[]): string {
  if (moves.length === 0) return '    no pointermove dispatch in the trace';
  const sorted = [...moves].sort((a, b) => b.us - a.us);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const show = (m: TracedMove) => {
    const parts = [...m.inside].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v}`);
    return `#${m.index} ${String(m.us).padStart(6)} µs (thread CPU ${m.cpuUs})${m.gcBefore ? ` (GC just before: ${m.gcBefore} µs)` : ''}: ${parts.join(', ') || 'nothing traced inside'}`;
  };
  const slow = sorted.slice(0, Math.max(3, Math.ceil(sorted.length / 50)));
  const gcSlow = slow.filter((m) => [...m.inside.keys()].some((k) => /GC|Scavenge/i.test(k)) || m.gcBefore > 0).length;
  const cpu = moves.map((m) => m.cpuUs).sort((a, b) => a - b);
  const cpuAt = (q: number) => cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))]!;
  // The slow tail (over twice the median's wall time) by cause: the thread descheduled (under half its wall time on
  // the CPU), a JIT's work inside (a compile, a tier-up's finalisation, a deoptimisation), a collection, or neither.
  const tail = moves.filter((m) => m.us > 2 * mid.us);
  const jit = (m: TracedMove) => [...m.inside.keys()].some((k) => /Compile|Maglev|Optimiz|Deoptimiz|Turbofan|ParseFunction/i.test(k));
  const gc = (m: TracedMove) => [...m.inside.keys()].some((k) => /GC|Scavenge/i.test(k)) || m.gcBefore > 0;
  const descheduled = tail.filter((m) => m.cpuUs < m.us / 2).length;
  const byCpu = [...moves].sort((a, b) => b.cpuUs - a.cpuUs).slice(0, 6);
  return [`    thread CPU of a dispatch: median ${cpuAt(0.5)}, p95 ${cpuAt(0.95)}, p99 ${cpuAt(0.99)} µs`, `    ${moves.length} dispatches; median ${mid.us} µs, p99 ${sorted[Math.floor(sorted.length / 100)]!.us} µs; a median move: ${show(mid)}`,
    `    over twice the median: ${tail.length} (${descheduled} descheduled, ${tail.filter(jit).length} with the JIT's work, ${tail.filter(gc).length} with a collection); moves with the JIT's work in all: ${moves.filter(jit).length}, with a collection: ${moves.filter(gc).length}`,
    `    the slowest ${slow.length} (${gcSlow} with a garbage collection in or just before):`, ...slow.map((m) => `      ${show(m)}`),
    `    the most thread CPU:`, ...byCpu.map((m) => `      ${show(m)}`),
    `    the JIT's work, by move (its number among the page's dispatches): ${moves.filter(jit).map((m) => `#${m.index} ${[...m.inside].filter(([k]) => /Compile|Maglev|Optimiz|Deoptimiz|Turbofan|ParseFunction/i.test(k)).map(([k, v]) => `${k.replace(/^V8\./, '')} ${v}`).slice(0, 2).join(' ')}`).join('; ')}`].join('\n');
}

/** Where in its repetition each of the `k` slowest moves came, with its time: "#17 0.412". */
function slowest(ms: number[], k = 3): string {
  return ms.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]).slice(0, k).map(([v, i]) => `#${i} ${v.toFixed(3)}`).join(' ');
}

async function runOnce(browser: Browser, url: string, seats: number, reps: number, n: number, profile: boolean, trace = false, session: 'ours' | 'peer' | null = null) {
  const probed = await ProbedPage.open(browser, url);
  try {
    const p = probed.page;
    await probed.benchReady();
    await p.evaluate(`window.__bench.prepare?.(${seats})`);
    await probed.collectGarbage();
    await p.evaluate(`window.__bench.open(${seats})`);
    await p.waitForTimeout(1000);
    if (session === 'ours') await userSession(p);
    if (session) await probed.collectGarbage();
    const cdp = profile ? await p.context().newCDPSession(p) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    if (trace) await browser.startTracing(p, { categories: TRACE_CATEGORIES });
    const ms: number[][] = [];
    let isolated = true;
    const browserCdp = await browser.newBrowserCDPSession();
    const cpu0 = await processCpu(browserCdp);
    for (let k = 0; k < reps; k++) {
      const r = (await p.evaluate(`window.__bench.hoverTest(${n})`)) as { ms: number[]; isolated?: boolean };
      ms.push(r.ms);
      isolated &&= r.isolated !== false; // an older harness does not say: its clock is the page's all the same
    }
    const cpu1 = await processCpu(browserCdp);
    await browserCdp.detach();
    const moves = ms.reduce((sum, m) => sum + m.length, 0);
    const perMove = { gpu: (cpu1.gpu - cpu0.gpu) / moves, renderer: (cpu1.renderer - cpu0.renderer) / moves };
    const traced = trace ? tracedMoves(JSON.parse((await browser.stopTracing()).toString('utf8'))) : null;
    let self: Map<string, number> | null = null;
    let inDispatch: Map<string, number> | null = null;
    if (cdp) {
      const { profile: prof } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      self = selfTimes(prof);
      inDispatch = dispatchSelfTimes(prof);
      await cdp.detach();
    }
    return { ms, self, inDispatch, isolated, traced, perMove };
  } finally {
    await probed.close();
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const { server, pages } = await serveHarnessAndPeer(o.dists, o.peers);
  const browser = await launchBrowser('webgl');
  console.log(`hover, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} pages × ${o.reps} × ${o.n} moves per size and page, alternating`);
  try {
    for (const seats of o.sizes) {
      const all = new Map<string, number[][]>();
      const selfSum = new Map<string, Map<string, number>>();
      const dispatchSum = new Map<string, { moves: number; perPage: number[]; self: Map<string, number> }>();
      for (let k = 0; k < o.runs; k++) {
        for (const pg of pages) {
          const load = loadavg()[0]!.toFixed(1);
          const r = await runOnce(browser, pg.url, seats, o.reps, o.n, o.profile, o.trace, o.asBench ? (pg.ours ? 'ours' : 'peer') : null);
          all.set(pg.name, [...(all.get(pg.name) ?? []), ...r.ms]);
          console.log(`  ${seats} ${pg.name} page ${k + 1} (load ${load}${r.isolated ? '' : ', clock coarse: page not cross-origin isolated'}): p99 ${r.ms.map((m) => percentile(m, 99).toFixed(3)).join(', ')} ms; median ${r.ms.map((m) => median(m).toFixed(3)).join(', ')} ms; slowest ${r.ms.map((m) => slowest(m)).join(' | ')}; CPU a move (whole hover loop): GPU process ${r.perMove.gpu.toFixed(2)} ms, renderer ${r.perMove.renderer.toFixed(2)} ms`);
          if (r.traced) console.log(describeMoves(r.traced));
          if (r.self && pg.ours) {
            const sum = selfSum.get(pg.name) ?? new Map<string, number>();
            for (const [f, t] of r.self) sum.set(f, (sum.get(f) ?? 0) + t);
            selfSum.set(pg.name, sum);
          }
          if (r.inDispatch) {
            const moves = r.ms.reduce((n, m) => n + m.length, 0);
            const sum = dispatchSum.get(pg.name) ?? { moves: 0, perPage: [] as number[], self: new Map<string, number>() };
            sum.moves += moves;
            sum.perPage.push(((r.inDispatch.get('(all)') ?? 0) * 1000) / moves);
            for (const [f, t] of r.inDispatch) sum.self.set(f, (sum.self.get(f) ?? 0) + t);
            dispatchSum.set(pg.name, sum);
          }
        }
      }
      for (const [name, reps] of all) {
        const flat = reps.flat();
        console.log(`  ${seats} ${name}: p99 of each ${reps.map((m) => percentile(m, 99).toFixed(3)).join(' ')}; all moves: median ${median(flat).toFixed(3)}, p95 ${percentile(flat, 95).toFixed(3)}, p99 ${percentile(flat, 99).toFixed(3)} ms (${flat.length})`);
      }
      for (const [name, sum] of dispatchSum) {
        const top = [...sum.self].filter(([f]) => f !== '(all)').sort((a, b) => b[1] - a[1]).slice(0, 12);
        const all = sum.self.get('(all)') ?? 0;
        console.log(`  ${seats} ${name}: CPU inside the dispatch (sampled), µs a move: ${((all * 1000) / sum.moves).toFixed(1)} (pages ${sum.perPage.map((v) => v.toFixed(1)).join(', ')}); by function, µs a move:\n${top.map(([f, t]) => `    ${((t * 1000) / sum.moves).toFixed(1).padStart(7)}  ${f}`).join('\n')}`);
      }
      for (const [name, sum] of selfSum) {
        const top = [...sum].filter(([f]) => !f.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 18);
        console.log(`  ${name}: self time over the hover phases, all pages (ms):\n${top.map(([f, t]) => `    ${t.toFixed(1).padStart(7)}  ${f}`).join('\n')}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
