/**
 * Probe: the frames of the bench's zoomed-in pan (`pan_zoomed`, budget: at most 10 % of frames miss a vsync) that
 * miss, and what ran in them. Opens the harness as the bench does, runs what the bench runs before that pan (an idle
 * second, ten re-colours of every seat), then the zoomed-in pan `--pans` times in the same page. A CDP CPU profile runs
 * throughout; for each frame interval over 20 ms it prints the interval, the JS of the render in it, the garbage
 * collector's time and the busiest functions in it. Also the main thread's CPU time per pan (self time, idle excluded),
 * a figure the machine's load moves much less than the missed vsyncs.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx tsx bench/map/probes/zoomedPan.ts [--sizes=100000] [--runs=2] [--pans=4] [--frames=60] [--dist=before=DIR,after=DIR] [--variants=as-is,no-labels] [--verbose] [--alloc]
 *
 * `--dist` builds alternate run for run, as in harnessOpen.ts.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { CLOCK_SYNC_SCRIPT, harnessDists, pageClockOffset, selfTimeIn, type CpuProfile, processCpu } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));


/** Runs on the page under a name the profile shows: its first sample ties the profile's clock to performance.now(). */

/** One pan in the page: animation-frame timestamps and each render's JS, recorded beside the bench's own pan. */
const PAN_SCRIPT = (frames: number) => `(async () => {
  const b = window.__bench, e = window.__engine;
  const stamps = [], renders = [];
  let on = true;
  const loop = (t) => { stamps.push(t); if (on) requestAnimationFrame(loop); };
  const off = e.on('frame', ({ jsMs }) => renders.push({ at: performance.now(), jsMs, reduced: e.drawnReduced, seatLabels: e.labelCounts.seats }));
  let started = false;
  const startLoop = () => { if (!started) { started = true; requestAnimationFrame(loop); } };
  // The bench's pan settles first (up to 2 s), then counts frames: start stamping when its first camera move renders.
  const offCam = e.on('camera', () => { startLoop(); });
  await b.panZoom({ zoomedIn: true, frames: ${frames} });
  on = false; off(); offCam();
  return { pan: b.lastPanZoom, stamps, renders };
})()`;

interface PanResult {
  variant: string;
  /** CPU of the browser's GPU process (SwiftShader rasterises there) and of the renderer process, per frame of the pan. */
  gpuCpuMs: number;
  rendererCpuMs: number;
  frameMs: number[];
  missed: { ms: number; renderJs: number; gcMs: number; top: string }[];
  cpuMs: number;
  gcMs: number;
  jsP95: number;
}

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return {
    sizes: (get('sizes') ?? '100000').split(',').map(Number),
    runs: Number(get('runs') ?? 2),
    pans: Number(get('pans') ?? 4),
    frames: Number(get('frames') ?? 60),
    verbose: argv.includes('--verbose'),
    alloc: argv.includes('--alloc'),
    variants: (get('variants') ?? 'as-is').split(',') as Variant[],
    dists,
  };
}

type Variant = 'as-is' | 'no-labels';

/** Takes a part of the frame away through the live engine (private fields are plain properties at run time). */
const PATCH = (variant: Variant) => `(() => {
  const e = window.__engine;
  if (${JSON.stringify(variant)} === 'no-labels') { e.labels.draw = () => {}; e.labels.canvas.style.display = 'none'; }
})()`;

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const top = (m: Map<string, number>, n = 4) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([f, ms]) => `${f} ${ms.toFixed(1)}`).join(', ');
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;

interface SamplingNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: SamplingNode[] }

/** Bytes allocated per function over the pans (sampled, collected objects included), the top `n`. */
function topAllocators(head: SamplingNode, n = 12): string {
  const bytes = new Map<string, number>();
  const walk = (node: SamplingNode) => {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(head);
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, n).map(([f, b]) => `        ${(b / 1024).toFixed(0).padStart(7)} KB  ${f}`).join('\n');
}

async function runOnce(browser: Browser, browserCdp: CDPSession, url: string, seats: number, variant: Variant, pans: number, frames: number, alloc = false): Promise<PanResult[]> {
  const probed = await ProbedPage.open(browser, url);
  try {
    const p = probed.page;
    await probed.benchReady();
    await probed.collectGarbage();
    await p.evaluate(`window.__bench.open(${seats})`);
    await p.waitForTimeout(1000);
    for (let k = 0; k < 10; k++) await p.evaluate(`(async () => { await window.__bench.recolorAll(); })()`);
    await p.evaluate(PATCH(variant));
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const syncAt = (await p.evaluate(CLOCK_SYNC_SCRIPT)) as number;
    if (alloc) {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    }
    const raw: { stamps: number[]; renders: { at: number; jsMs: number }[]; pan: { frameMs: number[]; jsMs: number[] } }[] = [];
    const cpu: { gpu: number; renderer: number }[] = [];
    for (let k = 0; k < pans; k++) {
      const before = await processCpu(browserCdp);
      raw.push((await p.evaluate(PAN_SCRIPT(frames))) as (typeof raw)[number]);
      const after = await processCpu(browserCdp);
      // Frames rendered by a pan: its own, then as many again (at most 30) for its GPU figure.
      const rendered = frames + Math.min(frames, 30);
      cpu.push({ gpu: (after.gpu - before.gpu) / rendered, renderer: (after.renderer - before.renderer) / rendered });
    }
    if (alloc) {
      const { profile: sampled } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
      console.log(`      allocated over the ${pans} pans (sampled), by function:\n${topAllocators(sampled.head)}`);
    }
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.detach();
    const offsetMs = pageClockOffset(profile, syncAt);
    return raw.map((r, j) => {
      const stamps = r.stamps;
      const missed: PanResult['missed'] = [];
      for (let i = 1; i < stamps.length; i++) {
        const ms = stamps[i]! - stamps[i - 1]!;
        if (ms <= 20) continue;
        const self = selfTimeIn(profile, offsetMs, stamps[i - 1]!, stamps[i]!);
        const renderJs = r.renders.filter((x) => x.at >= stamps[i - 1]! && x.at < stamps[i]!).reduce((a, x) => a + x.jsMs, 0);
        missed.push({ ms, renderJs, gcMs: self.get('(garbage collector)') ?? 0, top: top(self) });
      }
      const whole = selfTimeIn(profile, offsetMs, stamps[0] ?? 0, stamps[stamps.length - 1] ?? 0);
      whole.delete('(program)');
      return { variant, gpuCpuMs: cpu[j]!.gpu, rendererCpuMs: cpu[j]!.renderer, frameMs: r.pan.frameMs, missed, cpuMs: total(whole), gcMs: whole.get('(garbage collector)') ?? 0, jsP95: p95(r.pan.jsMs) };
    });
  } finally {
    await probed.close();
  }
}

const missedPct = (frameMs: number[]) => (frameMs.filter((f) => f > 20).length / Math.max(1, frameMs.length)) * 100;

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  const browserCdp = await browser.newBrowserCDPSession();
  console.log(`zoomed-in pan, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} pages × ${o.pans} pans of ${o.frames} frames per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      const results = new Map<string, PanResult[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) for (const v of o.variants) {
          const load = loadavg()[0]!.toFixed(1);
          const pans = await runOnce(browser, browserCdp, `${server.url(d.name)}index.html?open=0`, seats, v, o.pans, o.frames, o.alloc);
          const key = `${d.name} ${v}`;
          results.set(key, [...(results.get(key) ?? []), ...pans]);
          console.log(`  ${seats} ${key} page ${k + 1} (load ${load}): GPU-process CPU a frame ${pans.map((x) => x.gpuCpuMs.toFixed(1)).join(', ')} ms, renderer ${pans.map((x) => x.rendererCpuMs.toFixed(1)).join(', ')} ms; missed ${pans.map((x) => missedPct(x.frameMs).toFixed(1) + ' %').join(', ')}; main-thread CPU a pan ${pans.map((x) => x.cpuMs.toFixed(0)).join(', ')} ms (GC ${pans.map((x) => x.gcMs.toFixed(0)).join(', ')}); render JS p95 ${pans.map((x) => x.jsP95.toFixed(1)).join(', ')} ms`);
          if (o.verbose) for (const [j, x] of pans.entries()) for (const m of x.missed) console.log(`      pan ${j + 1}: ${m.ms.toFixed(1)} ms, render JS ${m.renderJs.toFixed(1)}, GC ${m.gcMs.toFixed(1)}: ${m.top}`);
        }
      }
      for (const [name, pans] of results) {
        console.log(`  ${seats} ${name}: missed vsyncs median ${median(pans.map((x) => missedPct(x.frameMs))).toFixed(1)} %, worst ${Math.max(...pans.map((x) => missedPct(x.frameMs))).toFixed(1)} %; main-thread CPU a pan median ${median(pans.map((x) => x.cpuMs)).toFixed(0)} ms; GPU-process CPU a frame median ${median(pans.map((x) => x.gpuCpuMs)).toFixed(1)} ms, renderer ${median(pans.map((x) => x.rendererCpuMs)).toFixed(1)} ms`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
