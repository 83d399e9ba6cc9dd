/**
 * Probe: would a large venue parse sooner split over two workers? The best case of the split, measured in the bench's
 * browser: the SVG cut in two at a section's boundary near its middle (each half a whole SVG: the root's open tag, one
 * half of the sections, the root's close), each half decoded, parsed and indexed by its own worker, both at once,
 * against one worker doing the whole file, runs alternating in fresh pages. The workers are started and their code
 * loaded before the clock; nothing merges the halves (a real split would then join the two builders' seats and
 * strings and run buildModel over the whole, in series after both), so the split's figure is a lower bound.
 *
 *   npx tsx bench/map/probes/splitParse.ts [--sizes=100000,200000] [--runs=6]
 *
 * Prints, per size and way, open → both parts parsed (median and every run), the page's renderer CPU (the workers, V8's
 * compiler and GC threads: CDP's process CPU) and each worker's parse + index wall time. The evidence behind
 * `docs/venue-map-journal.md` "A second worker for the parse at 100k and 200k (issue 39, 30 Nov, ninth session)".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { median } from '../../lib/metric';
import { generateVenue } from '../../venues/generateVenue';
import { launchBrowser, serveStatic } from '../peers/node/benchBrowser';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The worker: bytes in, decode + parse + index, its times out. */
const WORKER = `import { parseVenueSvg, createVenueIndex } from './importer.js';
self.onmessage = (e) => {
  const t0 = performance.now();
  const { model } = parseVenueSvg(new TextDecoder().decode(e.data));
  const t1 = performance.now();
  createVenueIndex(model);
  self.postMessage({ parseMs: t1 - t0, indexMs: performance.now() - t1, seats: model.seatCount });
};
self.postMessage('ready');
`;

/** The page: prepare(svg text, parts) cuts and encodes the parts and starts their workers; run() times them. */
const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
window.prepare = async (parts) => {
  const text = await (await fetch('venue.svg')).text();
  let texts = [text];
  if (parts === 2) {
    const cut = text.indexOf('\\n<g class="section"', text.length >> 1);
    const rootEnd = text.indexOf('>', text.indexOf('<svg')) + 1;
    texts = [text.slice(0, cut) + '\\n</svg>\\n', text.slice(0, rootEnd) + text.slice(cut)];
  }
  window.bytes = texts.map((t) => new TextEncoder().encode(t));
  window.workers = texts.map(() => new Worker('worker.js', { type: 'module' }));
  await Promise.all(window.workers.map((w) => new Promise((ready) => { w.onmessage = ready; })));
};
window.run = async () => {
  const t0 = performance.now();
  const parts = await Promise.all(window.workers.map((w, i) => new Promise((done) => {
    w.onmessage = (e) => done(e.data);
    w.postMessage(window.bytes[i], [window.bytes[i].buffer]);
  })));
  return { ms: performance.now() - t0, parts };
};
</script>`;

interface Run { ms: number; rendererCpu: number; parts: { parseMs: number; indexMs: number; seats: number }[] }

function options(): { sizes: number[]; runs: number } {
  const get = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return {
    sizes: (get('sizes') ?? '100000,200000').split(',').map(Number),
    runs: Number(get('runs') ?? 6),
  };
}

async function buildPage(seats: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'split-parse-'));
  const entry = path.join(dir, 'entry.ts');
  writeFileSync(entry, `export { parseVenueSvg } from ${JSON.stringify(path.join(ROOT, 'workers/venue-map/parseVenueSvg.ts'))};
export { createVenueIndex } from ${JSON.stringify(path.join(ROOT, 'workers/venue-map/venueIndex.ts'))};
`);
  await build({
    configFile: false, logLevel: 'silent', root: dir,
    build: { outDir: dir, emptyOutDir: false, minify: true, lib: { entry, formats: ['es'], fileName: () => 'importer.js' } },
  });
  writeFileSync(path.join(dir, 'worker.js'), WORKER);
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  writeFileSync(path.join(dir, 'venue.svg'), generateVenue({ seats, seed: 1 }).svg);
  return dir;
}

async function main(): Promise<void> {
  const o = options();
  console.log(`split parse, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per way and size, alternating`);
  const browser = await launchBrowser('webgl');
  try {
    for (const seats of o.sizes) {
      const server = await serveStatic({ p: await buildPage(seats) });
      const runs: Record<'one worker' | 'two workers', Run[]> = { 'one worker': [], 'two workers': [] };
      try {
        for (let k = 0; k < o.runs; k++) {
          for (const way of k % 2 ? (['two workers', 'one worker'] as const) : (['one worker', 'two workers'] as const)) {
            const context = await browser.newContext();
            const cdp = await browser.newBrowserCDPSession();
            try {
              const page = await context.newPage();
              await page.goto(`${server.url('p')}index.html`);
              await page.evaluate(`window.prepare(${way === 'two workers' ? 2 : 1})`);
              await page.waitForTimeout(300);
              const cpu = async () => {
                const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
                return new Map(processInfo.map((p) => [`${p.type}:${p.id}`, p.cpuTime * 1000]));
              };
              const before = await cpu();
              const result = (await page.evaluate('window.run()')) as Omit<Run, 'rendererCpu'>;
              const after = await cpu();
              let rendererCpu = 0;
              for (const [key, ms] of after) if (key.startsWith('renderer')) rendererCpu = Math.max(rendererCpu, ms - (before.get(key) ?? 0));
              runs[way].push({ ...result, rendererCpu });
            } finally {
              await cdp.detach();
              await context.close();
            }
          }
        }
      } finally {
        await server.close();
      }
      console.log(`\n  ${seats.toLocaleString('en')} seats (load ${loadavg()[0]!.toFixed(1)}):`);
      for (const [way, list] of Object.entries(runs)) {
        console.log(`    ${way}: both parsed ${median(list.map((r) => r.ms)).toFixed(0)} ms median (${list.map((r) => r.ms.toFixed(0)).join(', ')}); `
          + `renderer CPU ${median(list.map((r) => r.rendererCpu)).toFixed(0)} ms median; parse + index per part: `
          + list.map((r) => r.parts.map((p) => `${p.parseMs.toFixed(0)}+${p.indexMs.toFixed(0)}`).join(' | ')).join('; '));
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
