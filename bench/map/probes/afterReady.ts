/**
 * Probe: the bench's `long_tasks.count` (budget 0) and what the engine did in each of those tasks. Opens the harness
 * as the bench does, then its phases (from the first render: the open's pixels, then the settle after them, an idle second, the user session: hover sweeps, wheel
 * zoom, a drag, shift-clicks), and prints every long task in them beside the engine's frames that ran in or just before
 * it (what each drew: the seats themselves, the cached view moving or at rest, the reduced resolution; its JS ms), the cached view's
 * texture draws (`seatmap:cached-view`) and the input events. Builds alternate run for run.
 *
 *   npx tsx bench/map/probes/afterReady.ts [--sizes=20000] [--runs=2] [--dist=before=DIR,after=DIR] [--gpu]
 *
 * `--gpu` waits for the GPU after every frame (one pixel read back) and prints how long each kind of frame took to
 * finish, the parts of the cached view queued before it included: a figure for a loaded machine, where the long-task
 * count is the load's (the waits themselves then make the long tasks: read the GPU figures, not the count).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { openMarks, ProbedPage } from '../peers/node/pageProbe';
import { userSession } from '../peers/node/userSession';
import { harnessDists } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Event { t: number; what: string }
interface Sample { tasks: { start: number; beforePixels: boolean; ms: number; events: string[] }[]; frames: { cached: number; reduced: number; full: number }; textures: number; gpu: { kind: string; ms: number }[] }

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return { sizes: (get('sizes') ?? '20000').split(',').map(Number), runs: Number(get('runs') ?? 2), gpu: argv.includes('--gpu'), dists };
}

/** Put on the page after the open: records each frame the engine renders and the input the session sends. */
const RECORD = `((gpu) => {
  const e = window.__engine;
  const log = (window.__probeEvents = []);
  window.__probeGpu = [];
  e.on('frame', ({ frame, jsMs }) => {
    const kind = e.drawnCached ? 'cached' : e.drawnReduced ? 'reduced' : e.drawnCachedAtRest ? 'rest-cached' : e.seatsVisible ? 'seats' : 'sections';
    // --gpu: how long the GPU took to finish this frame and whatever was queued before it (one pixel read back).
    const g = gpu ? e.syncGpu() : 0;
    if (gpu) window.__probeGpu.push({ kind, ms: g });
    log.push({ t: performance.now() - jsMs - g, what: 'frame ' + frame + ' ' + kind + ' js ' + jsMs.toFixed(0) + (gpu ? ' gpu ' + g.toFixed(0) : '') });
  });
  for (const type of ['wheel', 'pointerdown', 'pointerup', 'click']) addEventListener(type, () => log.push({ t: performance.now(), what: type }), { capture: true, passive: true });
})`;

async function runOnce(browser: Browser, url: string, seats: number, gpu: boolean): Promise<Sample> {
  const probed = await ProbedPage.open(browser, url);
  try {
    const p = probed.page;
    await probed.benchReady();
    await probed.collectGarbage();
    await p.evaluate(`window.__bench.open(${seats})`);
    await p.evaluate(`${RECORD}(${gpu})`);
    const marks = await openMarks(p);
    const firstRender = marks.firstRender ?? 0;
    const pixels = marks.pixels ?? firstRender;
    await p.waitForTimeout(1000);
    await userSession(p);
    const end = await probed.now();
    const events = (await p.evaluate(`[...window.__probeEvents, ...performance.getEntriesByName('seatmap:cached-view').map((m) => ({ t: m.startTime, what: 'cached-view texture js ' + m.duration.toFixed(0) }))]`)) as Event[];
    events.sort((a, b) => a.t - b.t);
    const tasks = (await probed.longTasks()).filter((t) => t.start >= firstRender && t.start < end);
    const count = (w: string) => events.filter((e) => e.what.startsWith('frame') && e.what.includes(` ${w} `)).length;
    return {
      tasks: tasks.map((t) => ({
        start: t.start - firstRender,
        beforePixels: t.start < pixels,
        ms: t.duration,
        events: events.filter((e) => e.t >= t.start - 40 && e.t < t.start + t.duration).map((e) => `${(e.t - t.start).toFixed(0)}: ${e.what}`),
      })),
      frames: { cached: count('cached'), reduced: count('reduced'), full: count('seats') + count('sections') },
      textures: events.filter((e) => e.what.startsWith('cached-view')).length,
      gpu: (await p.evaluate('window.__probeGpu')) as { kind: string; ms: number }[],
    };
  } finally {
    await probed.close();
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  console.log(`long tasks after ready, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const s = await runOnce(browser, `${server.url(d.name)}index.html?open=0`, seats, o.gpu);
          console.log(`\n  ${seats.toLocaleString('en-US')} seats, ${d.name}, run ${k + 1} (load ${loadavg()[0]!.toFixed(1)}): ${s.tasks.filter((t) => !t.beforePixels).length} long tasks after the open's pixels (${s.tasks.filter((t) => t.beforePixels).length} before them, the open's own); frames after ready: ${s.frames.full} full, ${s.frames.cached} cached, ${s.frames.reduced} reduced; cached-view textures drawn: ${s.textures}`);
          if (o.gpu) {
            const kinds = [...new Set(s.gpu.map((g) => g.kind))];
            const sum = s.gpu.reduce((a, g) => a + g.ms, 0);
            console.log(`    GPU finish per frame: sum ${sum.toFixed(0)} ms, max ${Math.max(0, ...s.gpu.map((g) => g.ms)).toFixed(0)} ms, over 50 ms: ${s.gpu.filter((g) => g.ms > 50).length}; ${kinds.map((k) => { const m = s.gpu.filter((g) => g.kind === k).map((g) => g.ms); return `${k} ${m.length} frames, max ${Math.max(...m).toFixed(0)}`; }).join('; ')}`);
          }
          for (const t of s.tasks) console.log(`    +${t.start.toFixed(0)} (${t.ms.toFixed(0)} ms)${t.beforePixels ? ', before the pixels' : ''}: ${t.events.join(' | ') || '(no engine event)'}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
