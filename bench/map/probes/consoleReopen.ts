/**
 * Probe: reopening the seeded 104,000-seat stadium's map in the console (PERFORMANCE.md: reopen, navigation →
 * pixels, ≤ 500 ms), against a running test build of the console:
 *
 *   EXPOSE_TEST_STATE=1 npm start                # in another shell (window.__seatMap is in test builds only)
 *   npx tsx bench/map/probes/consoleReopen.ts [--url=http://127.0.0.1:3000] [--runs=5] [--profile=webgl]
 *       [--steps] [--waterfall] [--cpuprofile=FILE]
 *   npm run bench:map -- --console=http://127.0.0.1:3000 …   # the same figures in the map bench's report and JSON
 *
 * One browser context (one IndexedDB): the first open parses the SVG and stores the model (workers/venue-map/
 * venueModelCache.ts); each later full navigation to the map starts a fresh page and worker, which find the model by
 * the map's URL and ETag. Prints navigation → map ready (first frame drawn) and → frames settled (four rAF intervals
 * under 25 ms: pixels on screen with software rendering), first open beside the reopens, and whether each reopen was
 * served from the cache. `--steps` prints where a reopen's time goes (median of each user-timing mark of the page and
 * the worker, and when the map, sections and scripts arrived), `--waterfall` every request too, `--cpuprofile` writes
 * the last reopen's main-thread CPU profile (open it in Chromium's DevTools, Performance panel).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { median, metric, percentile, type Metric } from '../../lib/metric';
import { launchBrowser, VIEWPORT, type FlagProfile } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';

const STADIUM_EVENT = 'Midsummer Stadium Night';
const STADIUM_SEATS = 104_000;
/** PERFORMANCE.md: reopen a map already opened once, navigation → pixels, 104k stadium. */
export const REOPEN_BUDGET_MS = 500;

export interface ReopenSample { readyMs: number; settledMs: number; cached: boolean; steps: Record<string, number> }
/** A reopen inside the console (leave the map for the event's dashboard, click the map's menu item): click → ... */
export interface InAppSample { readyMs: number; settledMs: number; cached: boolean }
export interface ReopenResult { base: string; eventId: number; profile: FlagProfile; first: ReopenSample; again: ReopenSample[]; inApp: InAppSample[] }
export interface ReopenOptions { base: string; runs: number; profile?: FlagProfile; waterfall?: boolean; cpuProfile?: string }

/** Where the time of an open goes: user-timing marks of the page and the worker (venueMapClient.ts), and when the
 * page's own requests (the map, its sections, the scripts) ended; ms after navigation start. */
/** Resolves when frames stop stalling (four rAF intervals under 25 ms in a row): pixels on screen, in page time.
 * A string: tsx would wrap a named inner function in a __name() helper the page does not have. */
const SETTLED_SCRIPT = `new Promise((resolve) => {
  let last = performance.now(); let calm = 0;
  const tick = (now) => { calm = now - last < 25 ? calm + 1 : 0; last = now; if (calm >= 4) resolve(now - 4 * 16.7); else requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})`;

const stepsScript = (waterfall: boolean) => `(() => {
  const steps = {};
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) { steps['nav:response-end'] = nav.responseEnd; steps['nav:dom-content-loaded'] = nav.domContentLoadedEventEnd; }
  for (const m of performance.getEntriesByType('mark')) if (!(m.name in steps)) steps[m.name] = m.startTime;
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    const key = /\\/sections/.test(u.pathname) ? 'req:sections' : /\\/svg$|\\.svg$|\\/maps?\\//.test(u.pathname) ? 'req:map' : /\\.js$/.test(u.pathname) ? 'req:last-script' : null;
    if (key) steps[key] = Math.max(steps[key] ?? 0, r.responseEnd);
  }
  if (${waterfall}) for (const r of performance.getEntriesByType('resource'))
    steps['res ' + r.name.replace(location.origin, '') + ' from ' + r.startTime.toFixed(0) + (r.transferSize === 0 ? ' (cache)' : '')] = r.responseEnd;
  return steps;
})()`;

/** Signs in as the demo promoter, opens the stadium's map once, then reopens it `runs` times in new pages. */
export async function measureConsoleReopen(o: ReopenOptions): Promise<ReopenResult> {
  const base = o.base.replace(/\/$/, '');
  const profile = o.profile ?? 'webgl';
  const eventId = DEMO_EVENTS.findIndex((e) => e.name === STADIUM_EVENT) + 1;
  const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter')!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: PLATFORM_ADMIN },
    body: JSON.stringify({ email: promoter.email, password: promoter.password }),
  });
  if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): is the console running?`);
  const token = ((await res.json()) as { token: string }).token;

  const browser = await launchBrowser(profile);
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, token] as const);
    const open = async (cpuProfile?: string): Promise<ReopenSample> => {
      const page = await context.newPage();
      const cdp = cpuProfile ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      try {
        await page.goto(`${base}/events/${eventId}/venue-map`);
        await page.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });
        const readyMs = await page.evaluate(() => performance.getEntriesByName('seatmap:first-render')[0]?.startTime ?? performance.now());
        const settledMs = (await page.evaluate(SETTLED_SCRIPT)) as number;
        const cached = await page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length > 0);
        const steps = (await page.evaluate(stepsScript(o.waterfall === true))) as Record<string, number>;
        if (cdp && cpuProfile) writeFileSync(cpuProfile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
        return { readyMs, settledMs, cached, steps };
      } finally {
        await page.close();
      }
    };
    /**
     * The way staff reopen a map all day: inside the console, from the event's dashboard back to its map (no page
     * load: the console, its worker and the model cache are already there). Timed from the click.
     */
    const inAppReopens = async (): Promise<InAppSample[]> => {
      const page = await context.newPage();
      const mapReady = () => page.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });
      try {
        await page.goto(`${base}/events/${eventId}/venue-map`);
        await mapReady();
        const menu = page.getByRole('navigation', { name: 'Event' });
        const out: InAppSample[] = [];
        for (let k = 0; k < o.runs; k++) {
          await menu.getByRole('link', { name: 'Dashboard' }).click();
          await page.waitForURL(`${base}/events/${eventId}/dashboard`);
          await page.waitForFunction(() => (window as { __seatMap?: unknown }).__seatMap === undefined);
          await page.evaluate(() => { performance.clearMarks(); performance.mark('reopen:click'); });
          await menu.getByRole('link', { name: /Pricing venue map/ }).click();
          await mapReady();
          const at = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.startTime ?? performance.now(), name);
          const clickMs = await at('reopen:click');
          const readyMs = (await at('seatmap:first-render')) - clickMs;
          const settledMs = ((await page.evaluate(SETTLED_SCRIPT)) as number) - clickMs;
          const cached = await page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length > 0);
          out.push({ readyMs, settledMs, cached });
        }
        return out;
      } finally {
        await page.close();
      }
    };
    const first = await open();
    const again: ReopenSample[] = [];
    for (let k = 0; k < o.runs; k++) again.push(await open(k === o.runs - 1 ? o.cpuProfile : undefined));
    return { base, eventId, profile, first, again, inApp: await inAppReopens() };
  } finally {
    await browser.close();
  }
}

/** The bench's figures: reopen navigation → pixels (median, the budget's figure, and p95), → map ready, first open. */
export function reopenMetrics(r: ReopenResult): Metric[] {
  const pixels = r.again.map((s) => s.settledMs);
  const ready = r.again.map((s) => s.readyMs);
  return [
    metric('console_reopen.navigation_to_pixels_ms', STADIUM_SEATS, median(pixels), 'ms', REOPEN_BUDGET_MS),
    metric('console_reopen.navigation_to_pixels_ms.p95', STADIUM_SEATS, percentile(pixels, 95), 'ms', null),
    metric('console_reopen.navigation_to_ready_ms', STADIUM_SEATS, median(ready), 'ms', null),
    metric('console_reopen.from_cache_share', STADIUM_SEATS, r.again.filter((s) => s.cached).length / Math.max(1, r.again.length), 'ratio', null),
    metric('console_first_open.navigation_to_pixels_ms', STADIUM_SEATS, r.first.settledMs, 'ms', null),
    metric('console_reopen_in_app.click_to_pixels_ms', STADIUM_SEATS, median(r.inApp.map((s) => s.settledMs)), 'ms', REOPEN_BUDGET_MS),
    metric('console_reopen_in_app.click_to_pixels_ms.p95', STADIUM_SEATS, percentile(r.inApp.map((s) => s.settledMs), 95), 'ms', null),
    metric('console_reopen_in_app.click_to_ready_ms', STADIUM_SEATS, median(r.inApp.map((s) => s.readyMs)), 'ms', null),
  ];
}

/** The probe's printout: first open, reopens, and with `steps` where a reopen's time goes. */
export function formatReopen(r: ReopenResult, steps: boolean): string {
  const fmt = (xs: number[]) => `${median(xs).toFixed(0)} / ${percentile(xs, 95).toFixed(0)} ms`;
  const lines = [
    `console ${r.base}, event ${r.eventId} (${STADIUM_EVENT}), profile ${r.profile}; navigation → ...`,
    `first open:  ready ${r.first.readyMs.toFixed(0)} ms, pixels ${r.first.settledMs.toFixed(0)} ms (cached: ${r.first.cached})`,
    `reopen ×${r.again.length} (median / p95): ready ${fmt(r.again.map((s) => s.readyMs))}, pixels ${fmt(r.again.map((s) => s.settledMs))}; from the cache ${r.again.filter((s) => s.cached).length}/${r.again.length}`,
    `reopen in the console ×${r.inApp.length}, dashboard → map, click → (median / p95): ready ${fmt(r.inApp.map((s) => s.readyMs))}, pixels ${fmt(r.inApp.map((s) => s.settledMs))}; from the cache ${r.inApp.filter((s) => s.cached).length}/${r.inApp.length}`,
  ];
  if (steps) {
    const names = [...new Set(r.again.flatMap((s) => Object.keys(s.steps)))];
    const rows = names.map((name) => ({ name, at: median(r.again.map((s) => s.steps[name]).filter((v): v is number => v !== undefined)) }))
      .sort((a, b) => a.at - b.at);
    lines.push('reopen, where the time goes (median ms after navigation start):', ...rows.map((x) => `  ${x.at.toFixed(0).padStart(6)}  ${x.name}`));
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const result = await measureConsoleReopen({
    base: arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`),
    runs: Number(arg('runs', '5')),
    profile: arg('profile', 'webgl') as FlagProfile,
    waterfall: process.argv.includes('--waterfall'),
    cpuProfile: process.argv.find((a) => a.startsWith('--cpuprofile='))?.slice('--cpuprofile='.length),
  });
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(formatReopen(result, process.argv.includes('--steps') || process.argv.includes('--waterfall')));
}
