/**
 * npm run bench:counter:offline: the offline box office's two browser figures (issue 35, PERFORMANCE.md "the box
 * office"), against a running server whose console is a test build (as bench:counter; use a scratch DATA_DIR: the
 * bench sells and leases):
 *
 *   EXPOSE_TEST_STATE=1 PORT=3101 DATA_DIR=/tmp/counter-data npm start
 *   BENCH_URL=http://localhost:3101 npm run bench:counter:offline        # BENCH_RUNS=5 by default
 *
 * Signed in as boxoffice@demo.test on its Midsummer Stadium Night counter, the bench leases the best seats of the
 * section in view through the lease panel, then measures:
 *   - detection → the operator's notice ("Offline: selling from your lease"), p95 budget ≤ 3 s, two ways: the
 *     browser loses its network (`context.setOffline`: the browser's offline event), and the server stops answering
 *     while the browser still thinks it is online (every API call aborted: only the counter's probe can tell);
 *     from the moment the network goes (Node's clock) until the notice is visible;
 *   - a walk-in of 4 best seats by keyboard, scripted as an operator who presses each key as soon as the screen
 *     allows it: "4", Enter (the till opens on cash), Enter (the exact amount), "p" (print), from the first key's
 *     keydown to the print dialog (`window.print`, recorded), both on the page's clock; median, online and offline.
 * Prints the figures with the load average and writes bench/results/counter-offline.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoAccounts';
import { CHROMIUM_ARGS } from '../../e2e/e2eEnv';
import { SESSION_STORAGE_KEY } from '../../src/api/session';
import { demoToken } from '../lib/demoSignIn';
import { percentile } from '../lib/metric';

const base = process.env.BENCH_URL ?? 'http://localhost:3101';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DETECTION_BUDGET_MS = 3000;
const headers = { 'content-type': 'application/json', platform: 'admin' };

/** Nearest rank, q in 0..1. */
const quantile = (xs: number[], q: number) => percentile(xs, q * 100);

const signIn = (key: string) => demoToken(base, key);
const call = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(base + path, { method, headers: { ...headers, authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const [token, promoter] = [await signIn('boxoffice'), await signIn('promoter')];
// A counter of its own on the stadium for every run (a lease is one per counter): the promoter opens a box-office
// reservation for boxoffice@demo.test, as the box office's setup does.
const assigned = await call<{ collection: { event: { id: number; name: string } }[] }>(token, 'GET', '/api/boxoffice/assigned');
const stadium = assigned.collection.find((r) => r.event.name === 'Midsummer Stadium Night')?.event.id;
if (!stadium) throw new Error('boxoffice@demo.test has no counter on Midsummer Stadium Night');
const boxUser = DEMO_ACCOUNTS.find((a) => a.key === 'boxoffice')!;
const users = await call<{ collection: { id: number; email: string }[] }>(promoter, 'GET', '/api/users?type=boxoffice&per_page=500');
const owner = users.collection.find((u) => u.email === boxUser.email)!.id;
const later = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10) + ' 23:00:00';
const reservation = await call<{ id: number }>(promoter, 'POST', '/api/reservations', { event: stadium, type: 'boxoffice', owner, validity_date: later, description: '{"extra_fee": 0}' });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
// tsx (esbuild, keepNames) wraps the named functions of the in-page code below in __name(); give the page one.
await page.addInitScript('window.__name = (f) => f');
// The walk-in's two ends on the page's clock: the first key, and the print dialog (recorded, not opened).
await page.addInitScript(() => {
  const w = window as unknown as { __walkIn: { firstKey: number | null; printed: number | null } };
  w.__walkIn = { firstKey: null, printed: null };
  window.addEventListener('keydown', () => { w.__walkIn.firstKey ??= performance.now(); }, { capture: true });
  window.print = () => { w.__walkIn.printed = performance.now(); };
});
await page.goto(`${base}/api/health`);
await page.evaluate(([k, t]) => localStorage.setItem(k, t), [SESSION_STORAGE_KEY, token]);
await page.goto(`${base}/boxoffice-app/${reservation.id}`);
await page.waitForFunction(() => window.__seatMap?.ready === true && window.__seatMap.seatsVisible, null, { timeout: 120_000 });
await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

// A lease big enough for the offline walk-ins (4 seats each), until late tonight.
const leaseSize = 4 * RUNS + 4;
const panel = page.getByLabel('Seat lease', { exact: true });
await panel.getByLabel('Best seats in').fill(String(leaseSize));
await panel.getByLabel('Until').fill('23:50');
await panel.getByRole('button', { name: `Lease ${leaseSize} best` }).click();
await page.getByText(`Ready to sell offline: ${leaseSize} seat(s) of your lease`).waitFor({ timeout: 30_000 });

const notice = page.getByRole('alert').filter({ hasText: 'Offline: selling from your lease' });
const goOnline = async () => {
  await context.setOffline(false);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await notice.waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForFunction(() => window.__seatMap?.ready === true && window.__seatMap.seatsVisible, null, { timeout: 60_000 });
};
const detection = { browser_offline: [] as number[], server_unreachable: [] as number[] };
for (let run = 0; run < RUNS; run++) {
  let t0 = performance.now();
  await context.setOffline(true);
  await notice.waitFor({ timeout: 30_000 });
  detection.browser_offline.push(performance.now() - t0);
  await goOnline();
  t0 = performance.now();
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await notice.waitFor({ timeout: 30_000 });
  detection.server_unreachable.push(performance.now() - t0);
  await goOnline();
}

/** One scripted walk-in: each key as soon as the screen takes it; first keydown → print dialog, page clock. */
async function walkIn(p: Page): Promise<number> {
  // The tickets ready to print are told apart from the last walk-in's by their QR codes.
  const printedBefore = await p.evaluate(() => {
    (window as unknown as { __walkIn: object }).__walkIn = { firstKey: null, printed: null };
    return [...document.querySelectorAll('.ticket-print img.ticket-qr')].map((i) => i.getAttribute('alt')).join(' ');
  });
  await p.keyboard.press('4');
  // The four seats proposed: on the live map its selection, offline the lease's seat buttons.
  await p.waitForFunction(() => document.querySelector('[aria-label="Leased seats"]')
    ? document.querySelectorAll('[aria-label="Leased seats"] [aria-pressed="true"]').length === 4
    : window.__seatMap?.selected.length === 4, null, { timeout: 10_000 });
  await p.keyboard.press('Enter');
  await p.getByLabel('Amount given (SEK)').waitFor();
  await p.keyboard.press('Enter');
  await p.waitForFunction((before) => {
    const print = document.querySelector('.ticket-print[data-ready="true"]');
    const now = print ? [...print.querySelectorAll('img.ticket-qr')].map((i) => i.getAttribute('alt')).join(' ') : '';
    return now !== '' && now !== before;
  }, printedBefore, { timeout: 30_000 });
  // The screen takes "p" once its Print button is enabled (what the operator sees).
  await p.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => /^(Print|Print tickets)$/.test(b.textContent?.trim() ?? '') && !b.disabled), null, { timeout: 10_000 });
  await p.keyboard.press('p');
  await p.waitForFunction(() => (window as unknown as { __walkIn: { printed: number | null } }).__walkIn.printed !== null, null, { timeout: 10_000 });
  return p.evaluate(() => {
    const w = (window as unknown as { __walkIn: { firstKey: number; printed: number } }).__walkIn;
    return w.printed - w.firstKey;
  });
}
const walk = { online: [] as number[], offline: [] as number[] };
for (let run = 0; run < RUNS; run++) walk.online.push(await walkIn(page));
await context.setOffline(true);
await notice.waitFor({ timeout: 30_000 });
for (let run = 0; run < RUNS; run++) walk.offline.push(await walkIn(page));
await context.setOffline(false);
await browser.close();

const load = loadavg().map((x) => x.toFixed(2)).join(' ');
const figures = {
  runs: RUNS,
  detection_browser_offline_ms: { p50: quantile(detection.browser_offline, 0.5), p95: quantile(detection.browser_offline, 0.95) },
  detection_server_unreachable_ms: { p50: quantile(detection.server_unreachable, 0.5), p95: quantile(detection.server_unreachable, 0.95) },
  detection_budget_p95_ms: DETECTION_BUDGET_MS,
  within_budget: Math.max(quantile(detection.browser_offline, 0.95), quantile(detection.server_unreachable, 0.95)) <= DETECTION_BUDGET_MS,
  walk_in_online_ms: { median: quantile(walk.online, 0.5), max: Math.max(...walk.online) },
  walk_in_offline_ms: { median: quantile(walk.offline, 0.5), max: Math.max(...walk.offline) },
  load_average: load,
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(`offline detection → notice (${RUNS} runs each, budget p95 ≤ ${DETECTION_BUDGET_MS} ms): browser offline p50 ${ms(figures.detection_browser_offline_ms.p50)}, p95 ${ms(figures.detection_browser_offline_ms.p95)}; server unreachable p50 ${ms(figures.detection_server_unreachable_ms.p50)}, p95 ${ms(figures.detection_server_unreachable_ms.p95)}`);
console.log(`walk-in of 4 best seats by keyboard, first key → print dialog: online median ${ms(figures.walk_in_online_ms.median)}, offline median ${ms(figures.walk_in_offline_ms.median)}; load average ${load}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/counter-offline.json', JSON.stringify(figures, null, 2));
