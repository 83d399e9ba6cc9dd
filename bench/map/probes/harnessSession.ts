/**
 * Probe: what runs on the page's main thread after the map is ready (the bench's `long_tasks.count`, budget 0, and
 * `pan_zoomed` missed vsyncs, budget 10 %). Opens the harness as the bench does, then, as the bench's session does:
 * an idle second and the user session (hover sweeps, wheel zoom, a drag, shift-clicks), then a zoomed-in pan. Prints
 * the long tasks from the first render on (start after it, duration), the pan's missed vsyncs, and the main thread's
 * CPU self time per function over the open and the session (a CDP CPU profile, running during the open too, so the
 * open's figure here is not the bench's), and each long task's busiest functions.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx tsx bench/map/probes/harnessSession.ts [--sizes=20000] [--runs=3] [--dist=before=DIR,after=DIR] [--top=25]
 *
 * `--dist` builds alternate run for run, as in harnessOpen.ts.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { userSession } from '../peers/node/userSession';
import { CLOCK_SYNC_SCRIPT, harnessDists, pageClockOffset, selfTimeIn, type CpuProfile } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));


/** Runs on the page under a name the profile shows: its first sample ties the profile's clock to performance.now(). */

interface SessionSample {
  openMs: number;
  longTasks: { afterReadyMs: number; ms: number; what: string }[];
  panMissedPct: number;
  selfMs: Map<string, number>;
  totalSelfMs: number;
}

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return { sizes: (get('sizes') ?? '20000').split(',').map(Number), runs: Number(get('runs') ?? 3), top: Number(get('top') ?? 25), dists };
}

/** Self time per function in [from, to) (page ms), the top `n`, as one line. */
function topIn(profile: CpuProfile, offsetMs: number, from: number, to: number, n = 3): string {
  const self = selfTimeIn(profile, offsetMs, from, to);
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, n).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(', ');
}

function selfTimes(profile: CpuProfile): { self: Map<string, number>; total: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  for (let k = 0; k < profile.samples.length; k++) {
    const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    const f = byId.get(profile.samples[k]!)!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    total += ms;
  }
  return { self, total };
}

async function runOnce(browser: Browser, url: string, seats: number): Promise<SessionSample> {
  const probed = await ProbedPage.open(browser, url);
  try {
    const p = probed.page;
    await probed.benchReady();
    await probed.collectGarbage();
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const syncAt = (await p.evaluate(CLOCK_SYNC_SCRIPT)) as number;
    const open = (await p.evaluate(`window.__bench.open(${seats})`)) as { totalMs: number };
    await p.waitForTimeout(1000);
    await userSession(p);
    const pan = (await p.evaluate(`(async () => { const b = window.__bench; await b.panZoom({ zoomedIn: true, frames: 90 }); return b.lastPanZoom; })()`)) as { frameMs: number[] };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.detach();
    const ready = (await p.evaluate(() => performance.getEntriesByName('seatmap:first-render')[0]?.startTime ?? 0)) as number;
    const tasks = await probed.longTasks();
    const missed = pan.frameMs.filter((f) => f > 16.7 * 1.5).length / Math.max(pan.frameMs.length, 1);
    const { self, total } = selfTimes(profile);
    const offsetMs = pageClockOffset(profile, syncAt);
    return {
      openMs: open.totalMs,
      longTasks: tasks.filter((t) => t.start >= ready).map((t) => ({ afterReadyMs: t.start - ready, ms: t.duration, what: topIn(profile, offsetMs, t.start, t.start + t.duration) })),
      panMissedPct: missed * 100,
      selfMs: self,
      totalSelfMs: total,
    };
  } finally {
    await probed.close();
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  console.log(`harness session, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      const samples = new Map<string, SessionSample[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const s = await runOnce(browser, `${server.url(d.name)}index.html?open=0`, seats);
          samples.set(d.name, [...(samples.get(d.name) ?? []), s]);
        }
      }
      console.log(`\n  ${seats.toLocaleString('en-US')} seats (load ${loadavg()[0]!.toFixed(1)}):`);
      for (const [name, runs] of samples) {
        console.log(`    ${name}: open median ${median(runs.map((r) => r.openMs)).toFixed(0)} ms; main-thread CPU over the session median ${median(runs.map((r) => r.totalSelfMs)).toFixed(0)} ms; zoomed pan missed vsyncs ${runs.map((r) => r.panMissedPct.toFixed(0) + ' %').join(', ')}`);
        runs.forEach((r, k) => console.log(`      run ${k + 1}: ${r.longTasks.length} long tasks after the first render:\n${r.longTasks.map((t) => `        +${t.afterReadyMs.toFixed(0)} (${t.ms.toFixed(0)} ms): ${t.what}`).join('\n')}`));
        const sum = new Map<string, number>();
        for (const r of runs) for (const [f, ms] of r.selfMs) sum.set(f, (sum.get(f) ?? 0) + ms / runs.length);
        const top = [...sum].sort((a, b) => b[1] - a[1]).slice(0, o.top);
        console.log(`      self time, mean of runs (ms):\n${top.map(([f, ms]) => `        ${ms.toFixed(1).padStart(7)}  ${f}`).join('\n')}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
