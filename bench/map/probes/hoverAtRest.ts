/**
 * Probe: what a frame at rest costs when only a ring changes (the hover sweeps of the bench's user session, counted in
 * `long_tasks.count`). Opens the harness as the bench does, waits for the map to be idle, sweeps the pointer over it as
 * the session does, and prints the CPU time of the GPU process (SwiftShader rasterises there) and of the renderer per
 * rendered frame, from the browser's process counters: figures a loaded machine moves much less than wall times. Also
 * how the frames were drawn (the sections and seats themselves, or at rest from the cached view). Builds alternate
 * run for run.
 *
 *   npx tsx bench/map/probes/hoverAtRest.ts [--sizes=20000] [--runs=3] [--moves=40] [--dist=before=DIR,after=DIR]
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, serveStatic, VIEWPORT } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, processCpu } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return { sizes: (get('sizes') ?? '20000').split(',').map(Number), runs: Number(get('runs') ?? 3), moves: Number(get('moves') ?? 40), dists: harnessDists(get('dist'), ROOT) };
}

interface Sample { frames: number; atRest: number; gpuCpuMs: number; rendererCpuMs: number }

async function runOnce(browser: Browser, url: string, seats: number, moves: number): Promise<Sample> {
  const probed = await ProbedPage.open(browser, url);
  try {
    const p = probed.page;
    await probed.benchReady();
    await p.evaluate(`window.__bench.open(${seats})`);
    await p.evaluate(`(() => { const e = window.__engine; window.__probe = { frames: 0, atRest: 0 }; e.on('frame', () => { window.__probe.frames++; if (e.drawnCachedAtRest) window.__probe.atRest++; }); })()`);
    await p.waitForTimeout(2000);
    const cdp = await browser.newBrowserCDPSession();
    const before = await processCpu(cdp);
    for (let k = 0; k < moves; k++) {
      const x = VIEWPORT.width * (0.1 + 0.8 * ((k * 0.37) % 1));
      const y = VIEWPORT.height * (0.1 + 0.8 * ((k * 0.61) % 1));
      await p.mouse.move(x, y, { steps: 2 });
      await p.waitForTimeout(30);
    }
    await p.waitForTimeout(300);
    const after = await processCpu(cdp);
    const { frames, atRest } = (await p.evaluate('window.__probe')) as { frames: number; atRest: number };
    await cdp.detach();
    const n = Math.max(frames, 1);
    return { frames, atRest, gpuCpuMs: (after.gpu - before.gpu) / n, rendererCpuMs: (after.renderer - before.renderer) / n };
  } finally {
    await probed.close();
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  console.log(`frames at rest during hover sweeps, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      const all = new Map<string, Sample[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const s = await runOnce(browser, `${server.url(d.name)}index.html?open=0`, seats, o.moves);
          all.set(d.name, [...(all.get(d.name) ?? []), s]);
          console.log(`  ${seats.toLocaleString('en-US')} seats, ${d.name}, run ${k + 1} (load ${loadavg()[0]!.toFixed(1)}): ${s.frames} frames (${s.atRest} from the cached view at rest); CPU a frame: GPU process ${s.gpuCpuMs.toFixed(1)} ms, renderer ${s.rendererCpuMs.toFixed(1)} ms`);
        }
      }
      for (const [name, xs] of all) console.log(`  ${seats.toLocaleString('en-US')} seats, ${name}: median CPU a frame: GPU process ${median(xs.map((x) => x.gpuCpuMs)).toFixed(1)} ms, renderer ${median(xs.map((x) => x.rendererCpuMs)).toFixed(1)} ms`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
