/**
 * Probe: how long the console itself takes to open the seeded 104,000-seat stadium's map, navigation → map ready
 * (window.__seatMap.ready), against a running console, with the page-level loading spinner animated four ways:
 *
 *   app        the console as built (src/ui/ui.css: the spinner turns in 12 steps, a turn in 1.2 s)
 *   blueprint  Blueprint's own spinner, a smooth 500 ms turn: a new frame at every vsync
 *   stepped    12 steps, a turn in 1.2 s, whatever the build has (to compare builds)
 *   none       no animation at all (the floor)
 *
 *   npm start                                    # in another shell: the console with its demo data
 *   npx tsx bench/map/probes/consoleOpen.ts [--url=http://127.0.0.1:3000] [--runs=6] [--profile=webgl]
 *
 * Signs in as the demo promoter through the API, warms the HTTP cache with one navigation, then navigates to the
 * map `runs` times per variant, the variants interleaved so a slow spell of the machine falls on all of them.
 * Prints the median and p95 of navigation → ready and of the moments the worker's model arrived
 * (seatmap:init-start) and the first frame was drawn. Nothing is written; the result is the evidence behind
 * docs/venue-map-journal.md "Opening the map page", not a budget (the bench's navigation budget is taken on the harness).
 */
import { median, percentile } from '../../lib/metric';
import { launchBrowser, VIEWPORT, type FlagProfile } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';

const STADIUM_EVENT = 'Midsummer Stadium Night';

const VARIANTS: Record<string, string> = {
  app: '',
  blueprint: '.bp6-spinner-animation{animation:pt-spinner-animation 500ms linear infinite!important}',
  stepped: '.bp6-spinner-animation{animation:pt-spinner-animation 1.2s steps(12, end) infinite!important}',
  none: '.bp6-spinner-animation{animation:none!important}',
};

function arg(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const base = arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const runs = Number(arg('runs', '6'));
const profile = arg('profile', 'webgl') as FlagProfile;
// Identities start at 1 in a freshly seeded database, in DEMO_EVENTS order (as e2e/pages/VenueMapScreen.ts).
const eventId = DEMO_EVENTS.findIndex((e) => e.name === STADIUM_EVENT) + 1;

async function signIn(): Promise<string> {
  const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter');
  if (!promoter) throw new Error('No demo promoter account');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: PLATFORM_ADMIN },
    body: JSON.stringify({ email: promoter.email, password: promoter.password }),
  });
  if (!res.ok) throw new Error(`Sign-in at ${base} failed (${res.status}): is the console running (npm start)?`);
  return ((await res.json()) as { token: string }).token;
}

interface Sample { readyMs: number; modelMs: number; firstFrameMs: number }

const token = await signIn();
const browser = await launchBrowser(profile);
try {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, token] as const);
  const open = async (css: string): Promise<Sample> => {
    const page = await context.newPage();
    try {
      if (css) {
        await page.addInitScript((text) => {
          document.addEventListener('DOMContentLoaded', () => {
            const style = document.createElement('style');
            style.textContent = text;
            document.head.appendChild(style);
          });
        }, css);
      }
      await page.goto(`${base}/events/${eventId}/venue-map`);
      await page.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });
      // No named inner functions in the page: tsx compiles them with a __name() helper the page does not have.
      return await page.evaluate(() => ({
        readyMs: performance.now(),
        modelMs: performance.getEntriesByName('seatmap:init-start')[0]?.startTime ?? NaN,
        firstFrameMs: performance.getEntriesByName('seatmap:first-render')[0]?.startTime ?? NaN,
      }));
    } finally {
      await page.close();
    }
  };
  await open('');
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, []]));
  for (let k = 0; k < runs; k++) for (const [name, css] of Object.entries(VARIANTS)) samples[name]!.push(await open(css));
  const fmt = (xs: number[]) => `${median(xs).toFixed(0)} / ${percentile(xs, 95).toFixed(0)}`;
  console.log(`console ${base}, event ${eventId} (${STADIUM_EVENT}), ${runs} runs a variant, profile ${profile}; median / p95 ms from navigation`);
  console.log('variant     ready        model in     first frame');
  for (const [name, xs] of Object.entries(samples)) {
    console.log(`${name.padEnd(11)} ${fmt(xs.map((s) => s.readyMs)).padEnd(12)} ${fmt(xs.map((s) => s.modelMs)).padEnd(12)} ${fmt(xs.map((s) => s.firstFrameMs))}`);
  }
} finally {
  await browser.close();
}
