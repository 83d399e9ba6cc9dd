/**
 * Probe: the whole venue in view with every seat drawn (bench:map's `pan_whole_all_seats`, budget 33 ms p95 at 100k
 * and 200k): where a frame's GPU time goes. Opens the harness as the bench does and runs its forced-seat whole-venue
 * pan (`__bench.panZoom({ zoomedIn: false, forceSeats: true })`) once per variant, each variant taking part of the
 * frame away through the live engine, so the difference is that part's cost:
 *   - `as-is`: the frame as the engine draws it;
 *   - `no-seats`: the seat mesh hidden (sections, edges and the rest);
 *   - `tiny-seats`: every seat a 1-pixel point (the vertex work, almost no fragments);
 *   - `no-sections`: the section fills and edges hidden (seats and the rest);
 *   - `nearest`: the cached view (a moving camera over small seats) sampled nearest instead of linear;
 *   - `clear-only`: the map's world hidden (the frame's floor: clear, present, the compositor's read-back).
 * Prints, per size and variant, frame p95 and median, missed vsyncs (> 1.5 vsyncs), the GPU ms per frame (render
 * + GPU finish, median and p95, as the bench's `gpuMs`), and the CPU time per rendered frame of the GPU process
 * (SwiftShader) and of the renderers (CDP SystemInfo.getProcessInfo; medians of the runs): on a loaded machine the
 * wall-clock figures are the load's, the CPU figures much less so.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx tsx bench/map/probes/wholePan.ts [--sizes=100000,200000] [--frames=40] [--runs=2] [--variants=as-is,no-seats]
 *     [--dist=before=DIR,after=DIR] [--zoomed]
 *
 * `--dist` builds alternate run for run (as harnessOpen.ts); `--zoomed` adds the zoomed-in pan (bench's pan_zoomed).
 * `--recolour` adds a drag over the whole venue (every seat drawn) where every other frame re-colours every seat
 * (`__bench.recolorAll()`, a live change while moving): render + GPU finish of the frames that only move and of those
 * that also re-colour, and how long the engine's cached-view draws took (its `seatmap:cached-view` measures).
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { median, percentile } from '../../lib/metric';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, processCpu } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VARIANTS = ['as-is', 'no-seats', 'tiny-seats', 'no-sections', 'nearest', 'clear-only'] as const;
type Variant = (typeof VARIANTS)[number];

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return {
    sizes: (get('sizes') ?? '100000,200000').split(',').map(Number),
    frames: Number(get('frames') ?? 40),
    runs: Number(get('runs') ?? 2),
    variants: (get('variants') ?? VARIANTS.join(',')).split(',') as Variant[],
    zoomed: argv.includes('--zoomed'),
    recolour: argv.includes('--recolour'),
    dists,
  };
}

/** Runs in the page before the pan: takes a part of the frame away by patching the live scene (probe only). */
const PATCH = (variant: Variant) => `(() => {
  const scene = window.__engine.scene;
  const v = ${JSON.stringify(variant)};
  if (v === 'no-seats') {
    scene.seats.setVisible = function () { this.shown = false; this.mesh.visible = false; };
    const cull = scene.seats.cull.bind(scene.seats);
    scene.seats.cull = (view) => { const n = cull(view); scene.seats.mesh.visible = false; return n; };
  }
  if (v === 'tiny-seats') {
    scene.seats.setPixelScale = function () { this.uniforms.uniforms.uPixelScale = 0; };
    scene.seats.uniforms.uniforms.uMinRadiusPx = 0;
  }
  if (v === 'nearest' && scene.cachedView) scene.cachedView.texture.source.scaleMode = 'nearest';
  if (v === 'clear-only') scene.world.renderable = false;
  if (v === 'no-sections') {
    const c = scene.sections.container;
    Object.defineProperty(c, 'visible', { get: () => false, set: () => {} , configurable: true });
    c.renderable = false;
  }
})()`;

/** In the page: a drag of 1-px steps over the whole venue, every other frame re-colouring every seat. */
const RECOLOUR = `(async () => {
  const e = window.__engine;
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  e.setLevelOfDetail({ minSeatRadiusPx: 0, seatBudget: Infinity });
  e.fitToVenue();
  e.renderNow();
  await wait(800);
  performance.clearMeasures('seatmap:cached-view');
  const c = e.camera;
  const move = [];
  const recolour = [];
  for (let k = 0; k < 20; k++) {
    e.setCamera({ x: c.x + k + 1, y: c.y, scale: c.scale });
    if (k % 2) window.__bench.recolorAll();
    e.syncGpu();
    const t0 = performance.now();
    e.renderNow();
    e.syncGpu();
    (k % 2 ? recolour : move).push(performance.now() - t0);
  }
  const draws = performance.getEntriesByName('seatmap:cached-view').map((m) => m.duration);
  e.setLevelOfDetail({});
  return { move, recolour, draws };
})()`;

interface Pan { frameMs: number[]; gpuMs: number[]; jsMs: number[]; seatsDrawn: boolean; gpuCpuMs?: number; rendererCpuMs?: number }

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  const cdp = await browser.newBrowserCDPSession();
  console.log(`whole-venue pan, every seat drawn; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.frames} frames, ${o.runs} runs per case`);
  try {
    for (const seats of o.sizes) {
      const rows = new Map<string, Pan[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const cases: [string, string][] = o.variants.map((v) => [v, `{ zoomedIn: false, forceSeats: true, frames: ${o.frames} }`]);
          if (o.zoomed) cases.push(['zoomed', `{ zoomedIn: true, frames: ${o.frames} }`]);
          if (o.recolour) cases.push(['recolour', '']);
          // A fresh page per case: the patches cannot be undone.
          for (const [name, opts] of cases) {
            const probed = await ProbedPage.open(browser, `${server.url(d.name)}index.html?open=0`);
            try {
              const p = probed.page;
              await probed.benchReady();
              await p.evaluate(`window.__bench.open(${seats})`);
              await p.waitForTimeout(500);
              if (name === 'recolour') {
                const r = (await p.evaluate(RECOLOUR)) as { move: number[]; recolour: number[]; draws: number[] };
                console.log(
                  `  ${seats.toLocaleString('en-US')} seats, ${d.name}, drag with re-colours (load ${loadavg()[0]!.toFixed(1)}): render + GPU finish median ${median(r.move).toFixed(1)} ms moving, ${median(r.recolour).toFixed(1)} ms moving and re-colouring every seat; cached-view draws ${r.draws.length} (${r.draws.map((x) => x.toFixed(1)).join(', ')} ms JS)`,
                );
                continue;
              }
              if (name !== 'zoomed') await p.evaluate(PATCH(name as Variant));
              const before = await processCpu(cdp);
              const pan = (await p.evaluate(`(async () => { const b = window.__bench; await b.panZoom(${opts}); return b.lastPanZoom; })()`)) as Pan;
              const after = await processCpu(cdp);
              // Frames rendered by the pan: its own, then as many again (at most 30) for its GPU figure.
              const rendered = o.frames + Math.min(o.frames, 30);
              pan.gpuCpuMs = (after.gpu - before.gpu) / rendered;
              pan.rendererCpuMs = (after.renderer - before.renderer) / rendered;
              const key = `${d.name} ${name}`;
              rows.set(key, [...(rows.get(key) ?? []), pan]);
            } finally {
              await probed.close();
            }
          }
        }
      }
      console.log(`\n  ${seats.toLocaleString('en-US')} seats (load ${loadavg()[0]!.toFixed(1)}):`);
      console.log(`    ${'case'.padEnd(24)} frame p95  median  missed  gpu median  gpu p95  js p95  GPU-process CPU/frame  renderer CPU/frame`);
      for (const [key, pans] of rows) {
        const frames = pans.flatMap((x) => x.frameMs);
        const gpu = pans.flatMap((x) => x.gpuMs);
        const js = pans.flatMap((x) => x.jsMs);
        const missed = (frames.filter((f) => f > 16.7 * 1.5).length / Math.max(frames.length, 1)) * 100;
        console.log(
          `    ${key.padEnd(24)} ${percentile(frames, 95).toFixed(1).padStart(9)} ${median(frames).toFixed(1).padStart(7)} ${missed.toFixed(0).padStart(5)} % ${median(gpu).toFixed(1).padStart(10)} ${percentile(gpu, 95).toFixed(1).padStart(8)} ${percentile(js, 95).toFixed(1).padStart(7)} ${median(pans.map((x) => x.gpuCpuMs!)).toFixed(1).padStart(22)} ${median(pans.map((x) => x.rendererCpuMs!)).toFixed(1).padStart(19)}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
