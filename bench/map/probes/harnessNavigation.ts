/**
 * Probe: where the time of the map bench's "navigation → pixels" goes (`navigation.nav_to_pixels_ms`: a page
 * navigates to `index.html?seats=N`, loads its scripts, starts the worker, generates the SVG (subtracted), parses,
 * hands over and draws), with builds alternating run for run.
 *
 *   npx tsx bench/map/probes/harnessNavigation.ts [--seats=200000] [--runs=4] [--dist=before=DIR,after=DIR]
 *       [--cold] [--trace=DIR]
 *
 * The figure is computed as measureNavigation computes it. By default each build's runs share one browser context
 * (the first run loads the scripts cold, later ones from the HTTP cache), as the bench does; `--cold` makes a new
 * context per run. Printed per build: the medians of every user-timing mark of the page (and of the worker, on the
 * page's timeline), the scripts' resource timings and the navigation's own (ms after navigation start).
 * `--trace=DIR` writes a Chrome trace of each build's first run and prints each thread's longest slices.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, serveStatic, VIEWPORT } from '../peers/node/benchBrowser';
import { stepCpu, summariseTrace, TRACE_CATEGORIES } from './traceSlices';
import { harnessDists } from './probeCommon';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** A mark no page sets: summariseTrace then reads the trace from its first event (the navigation). */
const TRACE_FROM_START = 'harness-navigation:trace-start';

function args(argv: string[]) {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dists = harnessDists(get('dist'), ROOT);
  return { seats: Number(get('seats') ?? 200_000), runs: Number(get('runs') ?? 4), cold: argv.includes('--cold'), trace: get('trace') ?? null, dists };
}

interface NavSample {
  navToPixelsMs: number;
  steps: Record<string, number>;
}

/** Page function (a string: tsx's helpers are not in the page). */
const READ_SCRIPT = `(() => {
  const open = window.__benchOpen;
  if (!open) throw new Error(window.__benchError || 'no open result');
  const steps = {};
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) { steps['nav.responseEnd'] = nav.responseEnd; steps['nav.domInteractive'] = nav.domInteractive; steps['nav.domContentLoadedEventEnd'] = nav.domContentLoadedEventEnd; }
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.split('/').pop().replace(/-[A-Za-z0-9_]{8}\\./, '.');
    steps['res ' + name + ' start'] = r.startTime;
    steps['res ' + name + ' end'] = r.responseEnd;
  }
  for (const m of performance.getEntriesByType('mark')) steps[m.name] = m.startTime;
  for (const k of ['generateMs', 'parseMs', 'firstFrameMs', 'handoverSamplingMs']) steps['result.' + k] = open[k];
  const engineStart = performance.getEntriesByName('seatmap:init-start')[0]?.startTime ?? NaN;
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
  // Per run, so their medians mean something: how long the parse waited for the worker once the SVG was there,
  // the navigation's time before the SVG's generation began, the parse, and model → pixels.
  steps['run: SVG ready → parse start'] = at('venue-map:worker-parse-start') - at('harness:svg-ready');
  steps['run: navigation → generation start'] = at('harness:svg-ready') - open.generateMs;
  steps['run: parse (worker)'] = at('venue-map:worker-parsed') - at('venue-map:worker-parse-start');
  steps['run: parsed → pixels'] = engineStart + open.firstFrameMs - open.handoverSamplingMs - at('venue-map:worker-parsed');
  return { navToPixelsMs: engineStart + open.firstFrameMs - open.generateMs - open.handoverSamplingMs, steps };
})()`;

async function navigateOnce(context: BrowserContext, url: string, traceFile: string | null): Promise<NavSample> {
  const page = await context.newPage();
  const browser = context.browser()!;
  try {
    if (traceFile) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url);
    await page.waitForFunction(() => window.__benchOpen !== undefined || window.__benchError !== undefined, null, { timeout: 60_000, polling: 100 });
    const sample = (await page.evaluate(READ_SCRIPT)) as NavSample;
    if (traceFile) {
      const trace = await browser.stopTracing();
      writeFileSync(traceFile, trace);
      const parsed: unknown = JSON.parse(trace.toString('utf8'));
      console.log(`\n  trace ${traceFile}:\n${summariseTrace(parsed, TRACE_FROM_START)}\n  steps, wall and CPU (thread clock):\n${stepCpu(parsed)}`);
    }
    return sample;
  } finally {
    await page.close({ runBeforeUnload: false }).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const o = args(process.argv.slice(2));
  const server = await serveStatic(Object.fromEntries(o.dists.map((d) => [d.name, d.dir])));
  const browser = await launchBrowser('webgl');
  if (o.trace) mkdirSync(o.trace, { recursive: true });
  console.log(`harness navigation → pixels, ${o.seats.toLocaleString('en-US')} seats, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${o.runs} runs per build, alternating${o.cold ? ', a new context per run' : ''}`);
  const contexts = new Map<string, BrowserContext>();
  const samples = new Map<string, NavSample[]>();
  try {
    for (let k = 0; k < o.runs; k++) {
      for (const d of o.dists) {
        if (o.cold || !contexts.has(d.name)) {
          await contexts.get(d.name)?.close();
          contexts.set(d.name, await browser.newContext({ viewport: VIEWPORT }));
        }
        const traceFile = o.trace && k === 0 ? path.join(o.trace, `nav-${d.name}-${o.seats}.json`) : null;
        const s = await navigateOnce(contexts.get(d.name)!, `${server.url(d.name)}index.html?seats=${o.seats}`, traceFile);
        samples.set(d.name, [...(samples.get(d.name) ?? []), s]);
      }
    }
    console.log(`\n  load ${loadavg()[0]!.toFixed(1)}`);
    for (const [name, list] of samples) {
      const totals = list.map((s) => s.navToPixelsMs);
      console.log(`    ${name}: navigation → pixels median ${median(totals).toFixed(0)} ms (${totals.map((t) => t.toFixed(0)).join(', ')})`);
      const keys = [...new Set(list.flatMap((s) => Object.keys(s.steps)))];
      const rows = keys
        .map((k) => ({ k, v: median(list.map((s) => s.steps[k]).filter((v): v is number => typeof v === 'number')) }))
        .sort((a, b) => a.v - b.v);
      for (const { k, v } of rows) console.log(`      ${k.padEnd(40)} ${v.toFixed(0).padStart(6)}`);
    }
  } finally {
    for (const c of contexts.values()) await c.close().catch(() => undefined);
    await browser.close();
    await server.close();
  }
}

await main();
