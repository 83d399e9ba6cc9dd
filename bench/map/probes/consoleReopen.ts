/**
 * Probe: reopening the seeded 104,000-seat stadium's map in the console (PERFORMANCE.md: reopen, navigation →
 * pixels, ≤ 500 ms), against a running test build of the console:
 *
 *   EXPOSE_TEST_STATE=1 npm start                # in another shell (window.__seatMap is in test builds only)
 *   npx tsx bench/map/probes/consoleReopen.ts [--url=http://127.0.0.1:3000] [--runs=5] [--profile=webgl]
 *
 * One browser context (one IndexedDB): the first open parses the SVG and stores the model (workers/venue-map/
 * venueModelCache.ts); each later full navigation to the map starts a fresh page and worker, which find the model by
 * the map's URL and ETag. Prints navigation → map ready (first frame drawn) and → frames settled (four rAF intervals
 * under 25 ms: pixels on screen with software rendering), first open beside the reopens, and whether each reopen was
 * served from the cache.
 */
import { median, percentile } from '../../lib/metric';
import { launchBrowser, VIEWPORT, type FlagProfile } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';

const STADIUM_EVENT = 'Midsummer Stadium Night';
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const base = arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const runs = Number(arg('runs', '5'));
const profile = arg('profile', 'webgl') as FlagProfile;
const eventId = DEMO_EVENTS.findIndex((e) => e.name === STADIUM_EVENT) + 1;

const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter')!;
const res = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: PLATFORM_ADMIN },
  body: JSON.stringify({ email: promoter.email, password: promoter.password }),
});
if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): is the console running?`);
const token = ((await res.json()) as { token: string }).token;

interface Sample { readyMs: number; settledMs: number; cached: boolean; steps: Record<string, number> }
/** Where the time of an open goes: user-timing marks of the page and the worker (venueMapClient.ts), and when the
 * page's own requests (the map, its sections, the scripts) ended; ms after navigation start. */
const STEPS_SCRIPT = `(() => {
  const steps = {};
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) { steps['nav:response-end'] = nav.responseEnd; steps['nav:dom-content-loaded'] = nav.domContentLoadedEventEnd; }
  for (const m of performance.getEntriesByType('mark')) if (!(m.name in steps)) steps[m.name] = m.startTime;
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    const key = /\\/sections/.test(u.pathname) ? 'req:sections' : /\\/svg$|\\.svg$|\\/maps?\\//.test(u.pathname) ? 'req:map' : /\\.js$/.test(u.pathname) ? 'req:last-script' : null;
    if (key) steps[key] = Math.max(steps[key] ?? 0, r.responseEnd);
  }
  if (${JSON.stringify(process.argv.includes('--waterfall'))}) for (const r of performance.getEntriesByType('resource'))
    steps['res ' + r.name.replace(location.origin, '') + ' from ' + r.startTime.toFixed(0) + (r.transferSize === 0 ? ' (cache)' : '')] = r.responseEnd;
  return steps;
})()`;
const browser = await launchBrowser(profile);
try {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, token] as const);
  const open = async (cpuProfile?: string): Promise<Sample> => {
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
      // Pixels: frames stop stalling (four rAF intervals under 25 ms in a row).
      // A string: tsx would wrap a named inner function in a __name() helper the page does not have.
      const settledMs = (await page.evaluate(`new Promise((resolve) => {
        let last = performance.now(); let calm = 0;
        const tick = (now) => { calm = now - last < 25 ? calm + 1 : 0; last = now; if (calm >= 4) resolve(now - 4 * 16.7); else requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })`)) as number;
      const cached = await page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length > 0);
      const steps = (await page.evaluate(STEPS_SCRIPT)) as Record<string, number>;
      if (cdp && cpuProfile) {
        const { profile: cpu } = await cdp.send('Profiler.stop');
        const { writeFileSync } = await import('node:fs');
        writeFileSync(cpuProfile, JSON.stringify(cpu));
      }
      return { readyMs, settledMs, cached, steps };
    } finally {
      await page.close();
    }
  };
  const first = await open();
  const again: Sample[] = [];
  const cpuProfile = process.argv.find((a) => a.startsWith('--cpuprofile='))?.slice('--cpuprofile='.length);
  for (let k = 0; k < runs; k++) again.push(await open(k === runs - 1 ? cpuProfile : undefined));
  const fmt = (xs: number[]) => `${median(xs).toFixed(0)} / ${percentile(xs, 95).toFixed(0)} ms`;
  console.log(`console ${base}, event ${eventId} (${STADIUM_EVENT}), profile ${profile}; navigation → ...`);
  console.log(`first open:  ready ${first.readyMs.toFixed(0)} ms, pixels ${first.settledMs.toFixed(0)} ms (cached: ${first.cached})`);
  console.log(`reopen ×${runs} (median / p95): ready ${fmt(again.map((s) => s.readyMs))}, pixels ${fmt(again.map((s) => s.settledMs))}; from the cache ${again.filter((s) => s.cached).length}/${runs}`);
  if (process.argv.includes('--steps')) {
    const names = [...new Set(again.flatMap((s) => Object.keys(s.steps)))];
    const rows = names.map((name) => ({ name, at: median(again.map((s) => s.steps[name]).filter((v): v is number => v !== undefined)) }))
      .sort((a, b) => a.at - b.at);
    console.log('reopen, where the time goes (median ms after navigation start):');
    for (const r of rows) console.log(`  ${r.at.toFixed(0).padStart(6)}  ${r.name}`);
  }
} finally {
  await browser.close();
}
