/**
 * Probe: the first visit to the seeded 104,000-seat stadium's map (issue 39), against a running test build of the
 * console, each run in a FRESH browser profile (a new context: no HTTP cache, no IndexedDB, so no stored model):
 *
 *   EXPOSE_TEST_STATE=1 npm start                # in another shell (window.__seatMap is in test builds only)
 *   npx tsx bench/map/probes/consoleFirstVisit.ts [--url=http://127.0.0.1:3000] [--runs=5] [--steps] [--reload-after-sw[=name,…]]
 *       [--ways=dashboard,newtab,reload]       # only these ways (the reload always follows a new tab, which stores the model)
 *       [--cpu]                                # the reload's renderer CPU until the map is ready (main thread, process)
 *       [--trace=DIR]                          # a Chrome trace of each console's first reload: DIR/reload-<name>.json
 *       [--reloads-before=N]                   # N reloads, not measured, before the measured one (the scripts' code cache)
 *       [--samples=FILE]                       # every run's steps as JSON (a run's own time line, not the medians)
 *   npx tsx bench/map/probes/consoleFirstVisit.ts --url=before=http://127.0.0.1:3481,after=http://127.0.0.1:3000
 *       # two consoles (e.g. one build served by serveBuild.ts), run for run in turn: a ratio from the same minutes
 *
 * Three ways in, interleaved run by run so a slow spell of the shared machine falls on all of them:
 *
 *   dashboard  the event's dashboard is loaded (fresh profile), its network idle, `--dwell=ms` more (a person reading
 *              it; default 0), then the user clicks "Pricing venue map": click → pixels
 *   newtab     the map's URL typed into a fresh profile: navigation → pixels
 *   reload     the same map's URL loaded again in that profile (HTTP cache and stored model warm): navigation → pixels;
 *              with `--reload-after-sw` once the console's service worker is installed and active (it registers 5 s
 *              after the page's load, src/main.tsx), so its cache answers the console's files, as on a later day
 *
 * "Pixels" is the first frame the engine drew (seatmap:first-render) and "settled" four calm rAF intervals after it
 * (the frames stopped stalling). `--steps` prints, for the dashboard way, where the time goes: the worker's marks
 * (venue-map:*: fetch, headers, body read, parsed, model on the page, index opened), the page's (seatmap:*) and when
 * the sections and the last script arrived, in ms after the click. Nothing is written; docs/venue-map-journal.md keeps the
 * figures ("The first visit").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { median, percentile } from '../../lib/metric';
import { launchBrowser, VIEWPORT } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';
import { summariseTrace, TRACE_CATEGORIES } from './traceSlices';

const STADIUM_EVENT = 'Midsummer Stadium Night';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
/** `--url=URL` or `--url=name=URL,name=URL`: consoles measured in turn. */
const consoles = arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`).split(',').map((part, k) => {
  const named = /^(\w+)=(.+)$/.exec(part);
  return { name: named ? named[1]! : k === 0 ? 'console' : `console${k + 1}`, base: (named ? named[2]! : part).replace(/\/$/, '') };
});
const runs = Number(arg('runs', '5'));
const showSteps = process.argv.includes('--steps');
/**
 * The reload's renderer CPU time until the map is ready (CDP Performance, thread ticks: ThreadTime is its main
 * thread, ProcessTime the whole renderer process with the worker; style and layout as Chromium counts them): on a
 * busy machine the wall time also counts waiting for a core, these do not.
 */
const showCpu = process.argv.includes('--cpu');
/**
 * The reload waits until the console's service worker is installed and active (a later visit's reload):
 * `--reload-after-sw` for every console, `--reload-after-sw=name,name` for those consoles only (the same build on two
 * ports, one reloaded with its worker and one without, compares the two reloads in the same minutes).
 */
const swArg = process.argv.find((a) => a === '--reload-after-sw' || a.startsWith('--reload-after-sw='));
const reloadAfterSwFor = (name: string) => swArg === '--reload-after-sw' || (swArg?.slice('--reload-after-sw='.length).split(',').includes(name) ?? false);
const reloadAfterSw = swArg !== undefined;
/**
 * Reloads done (not measured) before the measured one: Chrome keeps a script's compiled code beside its cached copy
 * only from a later load (the HTTP cache's from the second, a service worker's cache from the first it answers), so
 * `--reloads-before=1` measures a reload that finds the scripts' code cache, as the next day's reload does.
 */
const reloadsBefore = Number(arg('reloads-before', '0'));
/** How long the person looks at the dashboard, once its network is idle, before clicking (ms). */
const dwell = Number(arg('dwell', '0'));
/** The ways measured (`--ways=reload`: the new tab still runs, to store the model, but the dashboard way does not). */
const ways = new Set(arg('ways', 'dashboard,newtab,reload').split(','));
/** Writes a Chrome trace of each console's first reload into this folder and prints its threads' longest slices. */
const traceDir = arg('trace', '');
if (traceDir) mkdirSync(traceDir, { recursive: true });
/** Writes every run's sample (pixels, settled, each step's time, CPU) by console and way into this JSON file. */
const samplesFile = arg('samples', '');
const eventId = DEMO_EVENTS.findIndex((e) => e.name === STADIUM_EVENT) + 1;

/** As consoleReopen.ts: resolves when four rAF intervals in a row are under 25 ms (a string: no tsx helpers). */
const SETTLED_SCRIPT = `new Promise((resolve) => {
  let last = performance.now(); let calm = 0;
  const tick = (now) => { calm = now - last < 25 ? calm + 1 : 0; last = now; if (calm >= 4) resolve(now - 4 * 16.7); else requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})`;

const STEPS_SCRIPT = `(() => {
  const steps = {};
  for (const m of performance.getEntriesByType('mark')) if (!(m.name in steps)) steps[m.name] = m.startTime;
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) Object.assign(steps, { 'nav:html-in': nav.responseEnd, 'nav:dom-interactive': nav.domInteractive, 'nav:dom-content-loaded': nav.domContentLoadedEventEnd });
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (paint) steps['nav:first-contentful-paint'] = paint.startTime;
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    const key = /\\/sections$/.test(u.pathname) ? 'req:sections' : /\\/svg$/.test(u.pathname) ? 'req:map' : /\\.js$/.test(u.pathname) ? 'req:last-script'
      : /\\.css$/.test(u.pathname) ? 'req:last-css' : /\\/me$|\\/profile$/.test(u.pathname) ? 'req:profile' : null;
    if (key) steps[key] = Math.max(steps[key] ?? 0, r.responseEnd);
    if (key === 'req:map' || key === 'req:sections') steps[key + '-start'] = Math.min(steps[key + '-start'] ?? 1e9, r.startTime);
  }
  return steps;
})()`;

interface Sample { pixelsMs: number; settledMs: number; cached: boolean; steps: Record<string, number>; cpu?: Record<string, number> }
const CPU_METRICS = ['ThreadTime', 'ProcessTime', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'] as const;

async function signIn(base: string): Promise<string> {
  const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter')!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: PLATFORM_ADMIN },
    body: JSON.stringify({ email: promoter.email, password: promoter.password }),
  });
  if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): is the console running?`);
  return ((await res.json()) as { token: string }).token;
}

const mapReady = (page: Page) =>
  page.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });

/** Times relative to `zero` (page time): first frame, settled, cache hit, every mark. */
async function sample(page: Page, zero: number, cdp?: CDPSession): Promise<Sample> {
  await mapReady(page);
  let cpu: Record<string, number> | undefined;
  if (cdp) {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    cpu = Object.fromEntries(CPU_METRICS.map((name) => [name, (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000]));
  }
  const pixels = await page.evaluate(() => performance.getEntriesByName('seatmap:first-render').at(-1)?.startTime ?? performance.now());
  const settled = (await page.evaluate(SETTLED_SCRIPT)) as number;
  const cached = await page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length > 0);
  const raw = (await page.evaluate(STEPS_SCRIPT)) as Record<string, number>;
  const steps = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v - zero]));
  return { pixelsMs: pixels - zero, settledMs: settled - zero, cached, steps, ...(cpu ? { cpu } : {}) };
}

type Way = 'dashboard' | 'newtab' | 'reload';
const browser = await launchBrowser('webgl');
const out = new Map<string, Record<Way, Sample[]>>(consoles.map((c) => [c.name, { dashboard: [], newtab: [], reload: [] }]));
try {
  const tokens = new Map<string, string>();
  for (const c of consoles) tokens.set(c.name, await signIn(c.base));
  const freshContext = async (name: string) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, tokens.get(name)!] as const);
    return context;
  };
  // One throwaway visit each so the servers' own caches and JIT are warm ("warm server").
  for (const c of consoles) {
    const context = await freshContext(c.name);
    const page = await context.newPage();
    await page.goto(`${c.base}/events/${eventId}/venue-map`);
    await mapReady(page);
    await context.close();
  }
  for (let k = 0; k < runs; k++) {
    for (const c of consoles) {
      const samples = out.get(c.name)!;
      if (ways.has('dashboard')) {
        const context = await freshContext(c.name);
        const page = await context.newPage();
        await page.goto(`${c.base}/events/${eventId}/dashboard`);
        const link = page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: /Pricing venue map/ });
        await link.waitFor();
        // The dashboard at rest (its own requests done), as a person would look at it before clicking.
        await page.waitForLoadState('networkidle');
        if (dwell > 0) await page.waitForTimeout(dwell);
        const zero = await page.evaluate(() => { performance.mark('probe:click'); return performance.now(); });
        await link.click();
        samples.dashboard.push(await sample(page, zero));
        await context.close();
      }
      if (ways.has('newtab') || ways.has('reload')) {
        const context = await freshContext(c.name);
        const page = await context.newPage();
        await page.goto(`${c.base}/events/${eventId}/venue-map`);
        samples.newtab.push(await sample(page, 0));
        // The console's service worker installs some seconds after the page's load (src/main.tsx): with the option,
        // the reload comes once it is installed and answers the console's files, as a later day's reload does.
        if (reloadAfterSwFor(c.name)) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        let again = await context.newPage();
        await page.close();
        for (let r = 0; r < reloadsBefore; r++) {
          await again.goto(`${c.base}/events/${eventId}/venue-map`);
          await mapReady(again);
          const next = await context.newPage();
          await again.close();
          again = next;
        }
        const cdp = showCpu ? await context.newCDPSession(again) : undefined;
        await cdp?.send('Performance.enable', { timeDomain: 'threadTicks' });
        const traceFile = traceDir && k === 0 ? path.join(traceDir, `reload-${c.name}.json`) : '';
        if (traceFile) await browser.startTracing(again, { categories: TRACE_CATEGORIES });
        await again.goto(`${c.base}/events/${eventId}/venue-map`);
        samples.reload.push(await sample(again, 0, cdp));
        if (traceFile) {
          const trace = await browser.stopTracing();
          writeFileSync(traceFile, trace);
          console.log(`trace ${traceFile}:\n${summariseTrace(JSON.parse(trace.toString('utf8')), 'probe:none')}`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}

const fmt = (xs: number[]) => `${median(xs).toFixed(0)} / ${percentile(xs, 95).toFixed(0)}`;
console.log(`event ${eventId} (${STADIUM_EVENT}), ${runs} runs each, dwell ${dwell} ms${reloadsBefore ? `, ${reloadsBefore} reload(s) before the measured one` : ''}${reloadAfterSw ? `, reload after the service worker is active (${consoles.filter((c) => reloadAfterSwFor(c.name)).map((c) => c.name).join(', ')})` : ''}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('console     way         pixels (median / p95 ms)   settled            from the model cache');
for (const [name, byWay] of out) {
  for (const [way, xs] of Object.entries(byWay)) {
    if (!ways.has(way)) continue;
    console.log(`${name.padEnd(11)} ${way.padEnd(11)} ${fmt(xs.map((s) => s.pixelsMs)).padEnd(26)} ${fmt(xs.map((s) => s.settledMs)).padEnd(18)} ${xs.filter((s) => s.cached).length}/${xs.length}`);
  }
}
if (consoles.length > 1) {
  const [a, b] = [out.get(consoles[0]!.name)!, out.get(consoles[1]!.name)!];
  for (const way of (['dashboard', 'newtab', 'reload'] as const).filter((w) => ways.has(w))) {
    const ratio = median(a[way].map((s) => s.pixelsMs)) / median(b[way].map((s) => s.pixelsMs));
    console.log(`${way}: ${consoles[0]!.name} / ${consoles[1]!.name} = ${ratio.toFixed(2)}× (pixels, medians of the same run)`);
  }
}
if (showCpu && ways.has('reload')) {
  console.log(`reload, renderer CPU until the map is ready (median / p95 ms): ${CPU_METRICS.join(', ')}`);
  for (const [name, byWay] of out) {
    const xs = byWay.reload.filter((x) => x.cpu);
    console.log(`${name.padEnd(11)} ${CPU_METRICS.map((m) => fmt(xs.map((x) => x.cpu![m]!))).join('   ')}`);
  }
}
if (samplesFile) writeFileSync(samplesFile, JSON.stringify(Object.fromEntries(out)));
if (showSteps) {
  for (const [name, byWay] of out) {
    for (const way of (['dashboard', 'newtab', 'reload'] as const).filter((w) => ways.has(w))) {
      const names = [...new Set(byWay[way].flatMap((s) => Object.keys(s.steps)))];
      const rows = names.map((n) => ({ n, at: median(byWay[way].map((s) => s.steps[n]).filter((v): v is number => v !== undefined)) }))
        .filter((r) => r.at > -1).sort((x, y) => x.at - y.at);
      console.log(`${name} ${way}: where the time goes (median ms after ${way === 'dashboard' ? 'the click' : 'navigation start'})`);
      for (const r of rows) console.log(`  ${r.at.toFixed(0).padStart(6)}  ${r.n}`);
    }
  }
}
