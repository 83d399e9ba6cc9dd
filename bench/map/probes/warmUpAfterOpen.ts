/**
 * Probe: what the shader programs compiled after the first frame cost the page, and whether they did their job. Opens
 * the harness as the bench does (a fresh page, `?open=0`, garbage collected, then `__bench.open(seats)`, which also runs
 * the engine's warm-up stages once the first frame is measured) and prints, per run:
 * - each warm-up stage's task on the page's main thread (`warmUpTaskMs`);
 * - every long task (a PerformanceObserver) from the open's call until 1.5 s after it resolved;
 * - the first frame that draws selection rings after that (three seats selected, drawn at once, then one pixel read
 *   back): its wait for the GPU and the GPU process's CPU for it, then the same for a second such frame. A ring program
 *   whose pipeline the warm-up did not build for the canvas is built in the first of them (software GL builds a
 *   pipeline on its first draw), so the first costs clearly more than the second.
 * Builds alternate run for run, in one browser.
 *
 *   npx vite build --config bench/map/harness/vite.config.ts --outDir DIR
 *   npx tsx bench/map/probes/warmUpAfterOpen.ts [--sizes=20000] [--runs=3] [--dist=before=DIR,after=DIR,none=DIR@warmup=0]
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, gpuProcessCpu } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  // DIR@QUERY: the page opened with that query too (`@warmup=0`: no warm-up, the control).
  const dists = harnessDists(get('dist'), ROOT).map((d) => {
    const at = d.dir.indexOf('@');
    return at < 0 ? { ...d, query: '' } : { name: d.name, dir: d.dir.slice(0, at), query: `&${d.dir.slice(at + 1)}` };
  });
  return { sizes: (get('sizes') ?? '20000').split(',').map(Number), runs: Number(get('runs') ?? 3), dists };
}

/** Page function: the open, its warm-up tasks, and the long tasks until 1.5 s after it. A string (see consoleReopen). */
const OPEN_SCRIPT = (seats: number) => `(async () => {
  const long = [];
  const t0 = performance.now();
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push([e.startTime - t0, e.duration]); });
  observer.observe({ type: 'longtask' });
  const r = await window.__bench.open(${seats});
  const resolvedAt = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  observer.disconnect();
  return { totalMs: r.totalMs, warmUpTaskMs: r.warmUpTaskMs, resolvedAt, long };
})()`;

/** Page function: selects three seats, draws at once and waits for the GPU. */
const RING_FRAME = (seats: number[]) => `(() => {
  const e = window.__engine;
  e.setSelection(${JSON.stringify(seats)});
  e.renderNow();
  return e.syncGpu();
})()`;

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  const cdp = await browser.newBrowserCDPSession();
  console.log(`warm-up after the open, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per size and build, alternating`);
  try {
    for (const seats of o.sizes) {
      for (let k = 0; k < o.runs; k++) {
        for (const d of o.dists) {
          const probed = await ProbedPage.open(browser, `${server.url(d.name)}index.html?open=0${d.query}`);
          try {
            await probed.benchReady();
            await probed.collectGarbage();
            const r = (await probed.page.evaluate(OPEN_SCRIPT(seats))) as { totalMs: number; warmUpTaskMs: number[]; resolvedAt: number; long: [number, number][] };
            const cpu0 = await gpuProcessCpu(cdp);
            const wait1 = (await probed.page.evaluate(RING_FRAME([0, 1, 2]))) as number;
            const cpu1 = await gpuProcessCpu(cdp);
            const wait2 = (await probed.page.evaluate(RING_FRAME([3, 4, 5]))) as number;
            const cpu2 = await gpuProcessCpu(cdp);
            const ms = (v: number) => v.toFixed(0);
            const after = r.long.filter(([start]) => start >= r.resolvedAt);
            console.log(
              `  ${seats.toLocaleString('en-US')} seats, ${d.name}, run ${k + 1} (load ${loadavg()[0]!.toFixed(1)}): open → pixels ${ms(r.totalMs)} ms; ` +
                `warm-up tasks [${r.warmUpTaskMs.map(ms).join(', ')}] ms; long tasks during the open [${r.long.filter(([start]) => start < r.resolvedAt).map(([, t]) => ms(t)).join(', ')}] ms, ` +
                `in the 1.5 s after it [${after.map(([, t]) => ms(t)).join(', ')}] ms; first ring frame: GPU wait ${ms(wait1)} ms, GPU process ${ms(cpu1 - cpu0)} ms CPU; ` +
                `second: ${ms(wait2)} ms, ${ms(cpu2 - cpu1)} ms CPU`,
            );
          } finally {
            await probed.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
