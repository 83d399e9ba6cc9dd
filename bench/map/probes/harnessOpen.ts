/**
 * Probe: where the time of the map harness's open goes (`open_to_pixels_ms` of `npm run bench:map`: a fresh page
 * `index.html?open=0`, then `__bench.open(seats)` → pixels on screen), step by step, and the canvas 2D peer's open in
 * the same browser and minutes for the ratio.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts     # (and bench/map/peers/vite.config.ts for --peer)
 *   npx tsx bench/map/probes/harnessOpen.ts [--sizes=1000,20000] [--runs=5] [--peer | --peers=before=DIR,after=DIR]
 *       [--dist=before=DIR,after=DIR,noprep=DIR@prepare=0]  [--trace=DIR] [--again] [--cpuprofile]
 *
 * `--peers` names several builds of the peers' pages (bench/map/peers/vite.config.ts's output; `--peer` alone: its
 * `dist`); their canvas 2D pages run in turn with the harness builds, and a peer build named like a harness build
 * gives that build its ratio (before with before, after with after: a change to what both pages start from).
 * `--dist` names several builds of the harness (default: bench/map/harness/dist as "ours"); their runs alternate, run
 * for run, so a busy machine weighs on each alike. Each run opens a fresh page, as the bench does (a new browser
 * context, the DevTools session attached to the page and its workers), collects garbage, then times open(seats) from
 * the page's side and reads every user-timing mark of the page and the worker (ms after the call). `--trace=DIR`
 * also writes a Chrome trace of each build's first run per size and prints the longest slices of the page's main
 * thread, the worker and the GPU process within the open. `--cpuprofile` samples the page's main thread during each of
 * our opens and prints, per build, its self time by function (mean per open) in three spans: the renderer's start
 * (open → `seatmap:pixi-ready`), the precompile (→ `seatmap:precompiled`) and the model on the page → first render.
 * On Linux each open's GPU-process CPU is also split by thread (`/proc`): its main thread (command decoding, ANGLE's
 * shader translation), the thread SwiftShader builds pipelines on (unnamed: it carries the process's name), its
 * rasteriser threads (`Thread<#>`), the compositor and IO threads.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { CLOCK_SYNC_SCRIPT, harnessDists, pageClockOffset, selfTimeIn, type CpuProfile } from './probeCommon';
import { stepCpu, summariseTrace, TRACE_CATEGORIES } from './traceSlices';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface OpenSample {
  /** open() → pixels on screen as the bench counts it (OpenResult.totalMs / PeerOpenResult.totalMs). */
  totalMs: number;
  /** Marks of the page (and the worker, placed on the page's timeline), ms after open() was called. */
  steps: Record<string, number>;
  /**
   * CPU ms the open cost the GPU process (SwiftShader compiles pipelines and rasterises there) and the page's renderer
   * process (page, worker, V8's compiler threads: the renderer that used the most; the browser keeps a spare one that
   * also runs now and then), from the DevTools protocol: a loaded machine stretches the wall times, much less these.
   */
  cpu?: { gpu: number; renderer: number };
  /** The GPU process's CPU ms by thread name (Linux: /proc's schedstat, ns-exact), the threads of one name summed. */
  gpuThreads?: Map<string, number>;
  /** `--cpuprofile`: the page main thread's self time (ms) by function in each span of PROFILE_SPANS. */
  selfMs?: Map<string, number>[];
}

/** The spans of an open `--cpuprofile` splits the page's main thread into: [from mark, to mark) after open(). */
const PROFILE_SPANS = [
  { name: 'the renderer\'s start', from: 'probe:open-called', to: 'seatmap:pixi-ready' },
  { name: 'the precompile', from: 'seatmap:pixi-ready', to: 'seatmap:precompiled' },
  { name: 'model on the page → first render', from: 'venue-map:received', to: 'seatmap:first-render' },
] as const;

/** CPU ms so far of each of the browser's processes, by type and id (CDP SystemInfo.getProcessInfo, as wholePan.ts). */
async function processCpu(cdp: CDPSession): Promise<Map<string, number>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
  return new Map(processInfo.map((p) => [`${p.type.toLowerCase()}:${p.id}`, p.cpuTime * 1000]));
}

/** The GPU process's CPU between two readings, and the busiest renderer's. */
function cpuBetween(before: Map<string, number>, after: Map<string, number>): { gpu: number; renderer: number } {
  let gpu = 0;
  let renderer = 0;
  for (const [key, ms] of after) {
    const used = ms - (before.get(key) ?? 0);
    if (key.startsWith('gpu:')) gpu += used;
    else if (key.startsWith('renderer:')) renderer = Math.max(renderer, used);
  }
  return { gpu, renderer };
}

/**
 * CPU ms so far of each thread of process `pid`, summed by thread name (digits dropped: a pool's threads are one
 * entry), from /proc/PID/task/TID/schedstat (run time in ns); empty where /proc is not there (not Linux).
 */
function threadCpu(pid: number | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const dir = `/proc/${pid}/task`;
  if (pid === undefined || !existsSync(dir)) return out;
  for (const tid of readdirSync(dir)) {
    try {
      // Threads nobody named carry the process's name: the main thread is told apart from them.
      const comm = readFileSync(`${dir}/${tid}/comm`, 'utf8').trim().replace(/\d+/g, '#');
      const name = tid === String(pid) ? `${comm} (main)` : comm;
      const ns = Number(readFileSync(`${dir}/${tid}/schedstat`, 'utf8').split(' ')[0]);
      out.set(name, (out.get(name) ?? 0) + ns / 1e6);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

function gpuPid(cpu: Map<string, number>): number | undefined {
  const key = [...cpu.keys()].find((k) => k.startsWith('gpu:'));
  return key ? Number(key.slice(4)) : undefined;
}

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = (get('dist') ?? `ours=${path.join(ROOT, 'bench/map/harness/dist')}`).split(',').map((d) => {
    // Split at the first '=' and '@' only: the query itself holds '=' (noprep=DIR@prepare=0).
    const eq = d.indexOf('=');
    const [name, where] = eq >= 0 ? [d.slice(0, eq), d.slice(eq + 1)] : [path.basename(d), d];
    const at = where.indexOf('@');
    const [dir, query] = at >= 0 ? [where.slice(0, at), where.slice(at + 1)] : [where, ''];
    return { name, dir: path.resolve(dir), query: query ? `&${query}` : '' };
  });
  return {
    sizes: (get('sizes') ?? '1000,20000').split(',').map(Number),
    runs: Number(get('runs') ?? 5),
    peers: get('peers') ? harnessDists(get('peers'), ROOT) : argv.includes('--peer') ? [{ name: 'canvas2d', dir: path.join(ROOT, 'bench/map/peers/dist') }] : [],
    again: argv.includes('--again'),
    cpuProfile: argv.includes('--cpuprofile'),
    trace: get('trace') ?? null,
    dists,
  };
}

/** Page function: open `seats`, return the bench's total and every mark after the call. A string (see consoleReopen). */
const OPEN_SCRIPT = (seats: number) => `(async () => {
  const b = window.__bench;
  const t0 = performance.now();
  performance.mark('probe:open-called');
  const r = await b.open(${seats});
  const steps = {};
  for (const m of performance.getEntriesByType('mark')) if (m.startTime >= t0 - 1) steps[m.name] = m.startTime - t0;
  for (const m of performance.getEntriesByType('measure')) if (m.startTime >= t0 - 1) steps[m.name + ' (ms)'] = m.duration;
  for (const k of ['generateMs', 'parseMs', 'firstFrameMainMs', 'firstFramePixelsMs', 'firstFrameMs', 'handoverSamplingMs', 'colorsMs', 'prepareMs', 'mountJsMs'])
    if (typeof r[k] === 'number') steps['result.' + k] = r[k];
  return { totalMs: r.totalMs, steps };
})()`;

/**
 * The venue's bytes made (`__bench.prepare`, the stand-in for the download) before the garbage is collected and the
 * CPU is first read, as the bench does for every page (peers/node/measureRenderer.ts): the open's figures start
 * with the download done.
 */
const PREPARE_SCRIPT = (seats: number) => `(async () => { await window.__bench.prepare?.(${seats}); })()`;

async function openOnce(browser: Browser, cdp: CDPSession, url: string, seats: number, traceFile: string | null, again = false, profile = false): Promise<OpenSample[]> {
  const probed = await ProbedPage.open(browser, url);
  try {
    await probed.benchReady();
    await probed.page.evaluate(PREPARE_SCRIPT(seats));
    await probed.collectGarbage();
    if (traceFile) await browser.startTracing(probed.page, { categories: TRACE_CATEGORIES });
    const pageCdp = profile ? await probed.page.context().newCDPSession(probed.page) : null;
    if (pageCdp) {
      await pageCdp.send('Profiler.enable');
      await pageCdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await pageCdp.send('Profiler.start');
    }
    const cpu0 = await processCpu(cdp);
    const threads0 = threadCpu(gpuPid(cpu0));
    const openAt = (await probed.page.evaluate(() => performance.now())) as number;
    const sample = (await probed.page.evaluate(OPEN_SCRIPT(seats))) as OpenSample;
    const cpu1 = await processCpu(cdp);
    sample.cpu = cpuBetween(cpu0, cpu1);
    const threads1 = threadCpu(gpuPid(cpu1));
    sample.gpuThreads = new Map([...threads1].map(([name, ms]) => [name, ms - (threads0.get(name) ?? 0)]));
    if (pageCdp) {
      const syncAt = (await probed.page.evaluate(CLOCK_SYNC_SCRIPT)) as number;
      const cpuProfile = (await pageCdp.send('Profiler.stop')).profile as unknown as CpuProfile;
      const offset = pageClockOffset(cpuProfile, syncAt);
      // The marks are ms after open() was called; the profile's clock is the page's (openAt: just before the call).
      const at = (mark: string) => (mark === 'probe:open-called' ? 0 : sample.steps[mark] ?? NaN) + openAt;
      sample.selfMs = PROFILE_SPANS.map((p) => selfTimeIn(cpuProfile, offset, at(p.from), at(p.to)));
      await pageCdp.detach();
    }
    if (traceFile) {
      const trace = await browser.stopTracing();
      writeFileSync(traceFile, trace);
      const parsed: unknown = JSON.parse(trace.toString('utf8'));
      console.log(`\n  trace ${traceFile}:\n${summariseTrace(parsed, 'probe:open-called')}\n  steps, wall and CPU (thread clock):\n${stepCpu(parsed)}`);
    }
    if (!again) return [sample];
    // A second open in the same page: a new renderer (new WebGL context) and worker load, the browser's GPU process
    // and the page's code already warm.
    await probed.page.evaluate(PREPARE_SCRIPT(seats));
    await probed.collectGarbage();
    const again0 = await processCpu(cdp);
    const againThreads0 = threadCpu(gpuPid(again0));
    const second = (await probed.page.evaluate(OPEN_SCRIPT(seats))) as OpenSample;
    const again1 = await processCpu(cdp);
    second.cpu = cpuBetween(again0, again1);
    const againThreads1 = threadCpu(gpuPid(again1));
    second.gpuThreads = new Map([...againThreads1].map(([name, ms]) => [name, ms - (againThreads0.get(name) ?? 0)]));
    return [sample, second];
  } finally {
    await probed.close();
  }
}

function report(name: string, samples: OpenSample[]): string {
  const totals = samples.map((s) => s.totalMs);
  const keys = [...new Set(samples.flatMap((s) => Object.keys(s.steps)))];
  const gpu = samples.map((s) => (s.steps['result.firstFramePixelsMs'] ?? NaN) - (s.steps['result.firstFrameMainMs'] ?? NaN));
  const rows = keys
    .map((k) => ({ k, v: median(samples.map((s) => s.steps[k]).filter((v): v is number => typeof v === 'number')) }))
    .sort((a, b) => a.v - b.v)
    .map(({ k, v }) => `      ${k.padEnd(34)} ${v.toFixed(0).padStart(6)}`);
  const cpu = (k: 'gpu' | 'renderer') => median(samples.map((s) => s.cpu?.[k] ?? NaN)).toFixed(0);
  const threadNames = [...new Set(samples.flatMap((s) => [...(s.gpuThreads?.keys() ?? [])]))];
  const threads = threadNames
    .map((n) => ({ n, ms: median(samples.map((s) => s.gpuThreads?.get(n) ?? 0)) }))
    .filter((t) => t.ms >= 1)
    .sort((a, b) => b.ms - a.ms)
    .map((t) => `${t.n} ${t.ms.toFixed(0)}`);
  const byThread = threads.length ? `\n      GPU process by thread, medians, ms: ${threads.join(', ')}` : '';
  const profiled = samples.filter((s) => s.selfMs);
  const spans = profiled.length === 0 ? '' : PROFILE_SPANS.map((p, k) => {
    const sum = new Map<string, number>();
    for (const s of profiled) for (const [fn, ms] of s.selfMs![k]!) sum.set(fn, (sum.get(fn) ?? 0) + ms / profiled.length);
    const total = [...sum.values()].reduce((a, b) => a + b, 0);
    const top = [...sum].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([fn, ms]) => `${fn} ${ms.toFixed(1)}`).join(', ');
    return `\n      main thread, ${p.name}: ${total.toFixed(0)} ms of JS and GC a run (${top})`;
  }).join('');
  return `    ${name}: open → pixels median ${median(totals).toFixed(0)} ms (${totals.map((t) => t.toFixed(0)).join(', ')}); first frame's GPU wait median ${median(gpu).toFixed(0)} ms; CPU of the open, median: GPU process ${cpu('gpu')} ms, the page's renderer ${cpu('renderer')} ms${byThread}${spans}\n${rows.join('\n')}`;
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const mounts: Record<string, string> = Object.fromEntries(o.dists.map((d) => [d.name, d.dir]));
  for (const p of o.peers) mounts[`peers-${p.name}`] = p.dir;
  const peerName = (p: { name: string }) => (o.peers.length === 1 && p.name === 'canvas2d' ? 'canvas2d' : `canvas2d ${p.name}`);
  const server = await serveStatic(mounts);
  const browser = await launchBrowser('webgl');
  const cdp = await browser.newBrowserCDPSession();
  if (o.trace) mkdirSync(o.trace, { recursive: true });
  console.log(`harness open, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      const samples = new Map<string, OpenSample[]>();
      const targets = [
        ...o.dists.map((d) => ({ name: d.name, url: `${server.url(d.name)}index.html?open=0${d.query}`, peer: false })),
        ...o.peers.map((p) => ({ name: peerName(p), url: `${server.url(`peers-${p.name}`)}canvas2d/index.html?open=0`, peer: true })),
      ];
      for (let k = 0; k < o.runs; k++) {
        for (const t of targets) {
          const traceFile = o.trace && k === 0 ? path.join(o.trace, `${t.name}-${seats}.json`) : null;
          const [s, second] = await openOnce(browser, cdp, t.url, seats, traceFile, o.again, o.cpuProfile && !t.peer);
          samples.set(t.name, [...(samples.get(t.name) ?? []), s!]);
          if (second) samples.set(`${t.name}, second open in the page`, [...(samples.get(`${t.name}, second open in the page`) ?? []), second]);
        }
      }
      console.log(`\n  ${seats.toLocaleString('en-US')} seats (load ${loadavg()[0]!.toFixed(1)}):`);
      for (const [name, s] of samples) console.log(report(name, s));
      for (const d of o.dists) {
        const p = o.peers.find((x) => x.name === d.name) ?? (o.peers.length === 1 ? o.peers[0] : undefined);
        const peer = p && samples.get(peerName(p));
        if (!peer) continue;
        const ours = median(samples.get(d.name)!.map((s) => s.totalMs));
        console.log(`    ratio ${peerName(p)} ÷ ${d.name}: ${(median(peer.map((s) => s.totalMs)) / ours).toFixed(2)}×`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
