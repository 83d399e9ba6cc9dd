/**
 * Probe: the first visit to the seeded 104,000-seat stadium's map (issue 39), against a running test build of the
 * console, each run in a FRESH browser profile (a new context: no HTTP cache, no IndexedDB, so no stored model):
 *
 *   EXPOSE_TEST_STATE=1 npm start                # in another shell (window.__seatMap is in test builds only)
 *   npx tsx bench/map/probes/consoleFirstVisit.ts [--url=http://127.0.0.1:3000] [--runs=5] [--steps]
 *
 * Three ways in, interleaved run by run so a slow spell of the shared machine falls on all of them:
 *
 *   dashboard  the event's dashboard is loaded (fresh profile), the user clicks "Pricing venue map": click → pixels
 *   newtab     the map's URL typed into a fresh profile: navigation → pixels
 *   reload     the same map's URL loaded again in that profile (HTTP cache and stored model warm): navigation → pixels
 *
 * "Pixels" is the first frame the engine drew (seatmap:first-render) and "settled" four calm rAF intervals after it
 * (the frames stopped stalling). `--steps` prints, for the dashboard way, where the time goes: the worker's marks
 * (venue-map:*: fetch, headers, body read, parsed, model on the page, index opened), the page's (seatmap:*) and when
 * the sections and the last script arrived, in ms after the click. Nothing is written; docs/venue-map.md keeps the
 * figures ("The first visit").
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { median, percentile } from '../../lib/metric';
import { launchBrowser, VIEWPORT } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';

const STADIUM_EVENT = 'Midsummer Stadium Night';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const base = arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const runs = Number(arg('runs', '5'));
const showSteps = process.argv.includes('--steps');
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
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    const key = /\\/sections$/.test(u.pathname) ? 'req:sections' : /\\/svg$/.test(u.pathname) ? 'req:map' : /\\.js$/.test(u.pathname) ? 'req:last-script' : null;
    if (key) steps[key] = Math.max(steps[key] ?? 0, r.responseEnd);
    if (key === 'req:map') steps['req:map-start'] = Math.min(steps['req:map-start'] ?? 1e9, r.startTime);
  }
  return steps;
})()`;

interface Sample { pixelsMs: number; settledMs: number; cached: boolean; steps: Record<string, number> }

async function signIn(): Promise<string> {
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
async function sample(page: Page, zero: number): Promise<Sample> {
  await mapReady(page);
  const pixels = await page.evaluate(() => performance.getEntriesByName('seatmap:first-render').at(-1)?.startTime ?? performance.now());
  const settled = (await page.evaluate(SETTLED_SCRIPT)) as number;
  const cached = await page.evaluate(() => performance.getEntriesByName('venue-map:model-from-cache').length > 0);
  const raw = (await page.evaluate(STEPS_SCRIPT)) as Record<string, number>;
  const steps = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v - zero]));
  return { pixelsMs: pixels - zero, settledMs: settled - zero, cached, steps };
}

const token = await signIn();
const browser = await launchBrowser('webgl');
const out: Record<'dashboard' | 'newtab' | 'reload', Sample[]> = { dashboard: [], newtab: [], reload: [] };
try {
  const freshContext = async () => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, token] as const);
    return context;
  };
  // One throwaway visit so the server's own caches and JIT are warm ("warm server").
  {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto(`${base}/events/${eventId}/venue-map`);
    await mapReady(page);
    await context.close();
  }
  for (let k = 0; k < runs; k++) {
    {
      const context = await freshContext();
      const page = await context.newPage();
      await page.goto(`${base}/events/${eventId}/dashboard`);
      const link = page.getByRole('navigation', { name: 'Event' }).getByRole('link', { name: /Pricing venue map/ });
      await link.waitFor();
      // The dashboard at rest (its own requests done), as a person would look at it before clicking.
      await page.waitForLoadState('networkidle');
      const zero = await page.evaluate(() => { performance.mark('probe:click'); return performance.now(); });
      await link.click();
      out.dashboard.push(await sample(page, zero));
      await context.close();
    }
    {
      const context = await freshContext();
      const page = await context.newPage();
      await page.goto(`${base}/events/${eventId}/venue-map`);
      out.newtab.push(await sample(page, 0));
      const again = await context.newPage();
      await page.close();
      await again.goto(`${base}/events/${eventId}/venue-map`);
      out.reload.push(await sample(again, 0));
      await context.close();
    }
  }
} finally {
  await browser.close();
}

const fmt = (xs: number[]) => `${median(xs).toFixed(0)} / ${percentile(xs, 95).toFixed(0)}`;
console.log(`console ${base}, event ${eventId} (${STADIUM_EVENT}), ${runs} runs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('way         pixels (median / p95 ms)   settled            from the model cache');
for (const [name, xs] of Object.entries(out)) {
  console.log(`${name.padEnd(11)} ${fmt(xs.map((s) => s.pixelsMs)).padEnd(26)} ${fmt(xs.map((s) => s.settledMs)).padEnd(18)} ${xs.filter((s) => s.cached).length}/${xs.length}`);
}
if (showSteps) {
  for (const way of ['dashboard', 'newtab', 'reload'] as const) {
    const names = [...new Set(out[way].flatMap((s) => Object.keys(s.steps)))];
    const rows = names.map((name) => ({ name, at: median(out[way].map((s) => s.steps[name]).filter((v): v is number => v !== undefined)) }))
      .filter((r) => r.at > -1).sort((a, b) => a.at - b.at);
    console.log(`${way}: where the time goes (median ms after ${way === 'dashboard' ? 'the click' : 'navigation start'})`);
    for (const r of rows) console.log(`  ${r.at.toFixed(0).padStart(6)}  ${r.name}`);
  }
}
