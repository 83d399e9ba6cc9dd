/**
 * Probe: the bench's shift-click figure (`click_row_ms`, p95 against the canvas 2D peer at 20k). The bench shift-clicks
 * rows with the driver's mouse (a move to the seat, the button down and up with Shift held) and takes the browser's
 * Event Timing of the click: from the input's time stamp to the next frame presented after its handlers, rounded to
 * 8 ms, reported from 16 ms up (a click under that counts 16). This runs the same clicks more times, the builds (and
 * the peer) alternating page for page, and prints beside each page's figures the time in the page's handlers, and the
 * CPU of the browser's GPU process (SwiftShader draws there) and renderers a click.
 *
 *   npx tsx bench/map/probes/clickRowCost.ts [--sizes=20000] [--runs=2] [--clicks=20] [--dist=before=DIR,after=DIR] [--peers=PEERS]
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { median, percentile } from '../../lib/metric';
import { launchBrowser } from '../peers/node/benchBrowser';
import { ProbedPage } from '../peers/node/pageProbe';
import { harnessDists, processCpu, serveHarnessAndPeer } from './probeCommon';

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    sizes: (get('sizes') ?? '20000').split(',').map(Number),
    runs: Number(get('runs') ?? 2),
    clicks: Number(get('clicks') ?? 20),
    peers: get('peers') ? path.resolve(get('peers')!) : null,
    dists: harnessDists(get('dist'), ROOT),
  };
}

interface Click { ms: number; processingMs: number; reported: boolean; selected: number; gpuMs: number; rendererMs: number; frames: number[] }

async function runOnce(browser: Browser, url: string, seats: number, clicks: number): Promise<Click[]> {
  const probed = await ProbedPage.open(browser, url);
  const cdp = await browser.newBrowserCDPSession();
  try {
    const p = probed.page;
    await probed.benchReady();
    await p.evaluate(`window.__bench.prepare?.(${seats})`);
    await p.evaluate(`window.__bench.open(${seats})`);
    await p.waitForTimeout(1000);
    const out: Click[] = [];
    for (let k = 0; k < clicks; k++) {
      // The bench's rows (measureRenderer.ts: seats * (k + 0.37) / selects), spread over more clicks.
      const seat = Math.floor((seats * ((k % 10) + 0.37)) / 10);
      const at = (await p.evaluate(`window.__bench.prepareClick(${seat})`)) as { x: number; y: number };
      // Our engine's frames from here to the click's result, with each one's JS time (the harness's `__engine`).
      await p.evaluate(`(() => { const e = window.__engine; window.__clickFrames = []; if (e && !window.__clickFramesOn) { window.__clickFramesOn = true; e.on('frame', ({ jsMs }) => window.__clickFrames.push(jsMs)); } })()`);
      const cpu0 = await processCpu(cdp);
      await p.keyboard.down('Shift');
      await p.mouse.click(at.x, at.y);
      await p.keyboard.up('Shift');
      const r = (await p.evaluate('window.__bench.clickResult()')) as Omit<Click, 'gpuMs' | 'rendererMs'>;
      const cpu1 = await processCpu(cdp);
      const frames = (await p.evaluate('window.__clickFrames ?? []')) as number[];
      if (r.selected > 0) out.push({ ...r, gpuMs: cpu1.gpu - cpu0.gpu, rendererMs: cpu1.renderer - cpu0.renderer, frames });
    }
    return out;
  } finally {
    await cdp.detach();
    await probed.close();
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const { server, pages } = await serveHarnessAndPeer(o.dists, o.peers);
  const browser = await launchBrowser('webgl');
  console.log(`shift-click a row, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} pages × ${o.clicks} clicks per size and page, alternating`);
  const f = (v: number) => v.toFixed(1);
  try {
    for (const seats of o.sizes) {
      const all = new Map<string, Click[]>();
      for (let k = 0; k < o.runs; k++) {
        for (const pg of pages) {
          const load = loadavg()[0]!.toFixed(1);
          const c = await runOnce(browser, pg.url, seats, o.clicks);
          all.set(pg.name, [...(all.get(pg.name) ?? []), ...c]);
          const ms = c.map((x) => x.ms);
          console.log(`  ${seats} ${pg.name} page ${k + 1} (load ${load}): click → presented median ${f(median(ms))}, p95 ${f(percentile(ms, 95))} ms (${c.filter((x) => x.reported).length} of ${c.length} reported, i.e. 16 ms or more); handlers median ${f(median(c.map((x) => x.processingMs)))} ms; CPU a click (means: the processes' CPU clock has 10 ms steps): GPU process ${f(mean(c.map((x) => x.gpuMs)))}, renderers ${f(mean(c.map((x) => x.rendererMs)))} ms; our frames a click (JS ms each), first three clicks: ${c.slice(0, 3).map((x) => x.frames.map((v) => v.toFixed(1)).join('+') || 'none').join(' | ')}`);
        }
      }
      for (const [name, c] of all) {
        const ms = c.map((x) => x.ms);
        const hist = new Map<number, number>();
        for (const v of ms) hist.set(v, (hist.get(v) ?? 0) + 1);
        console.log(`  ${seats} ${name}, all clicks: median ${f(median(ms))}, p95 ${f(percentile(ms, 95))} ms; by value ${[...hist].sort((a, b) => a[0] - b[0]).map(([v, n]) => `${v}:${n}`).join(' ')}; GPU process ${f(mean(c.map((x) => x.gpuMs)))} ms a click (mean)`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
