/**
 * Probe: the console's first-load JavaScript (issue 39), by CPU time rather than wall time (the machine is shared):
 * each run opens a page in a FRESH browser profile (a new context: no HTTP cache, no stored model) with a CDP
 * `Profiler` session started before `page.goto`, waits until the page is on screen, and sums the main thread's
 * sampled self time by script (chunk) and by function. Two consoles (e.g. the build before a change, served by
 * serveBuild.ts, and the one after) run in turn, run for run, so both sit in the same minutes.
 *
 *   npx tsx bench/map/probes/consoleFirstLoadProfile.ts --url=before=http://127.0.0.1:3481,after=http://127.0.0.1:3482 \
 *       [--page=events|dashboard|map] [--runs=5] [--top=15] [--save=DIR]
 *
 *   events     /events until the list's table shows (the shell and the first page)
 *   dashboard  the 104k stadium event's dashboard until its "Pricing venue map" link shows
 *   map        the stadium's map URL until the engine's first frame (test builds: window.__seatMap)
 *
 * Prints, per console, the median of the runs: total JavaScript self time on the main thread, then per chunk and the
 * top functions. Nothing is written; docs/venue-map-journal.md keeps the figures ("The first visit").
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { median } from '../../lib/metric';
import { launchBrowser, VIEWPORT } from '../peers/node/benchBrowser';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { demoToken } from '../../lib/demoSignIn';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const consoles = arg('url', `http://127.0.0.1:${process.env.PORT ?? 3000}`).split(',').map((part, k) => {
  const named = /^(\w+)=(.+)$/.exec(part);
  return { name: named ? named[1]! : `console${k + 1}`, base: (named ? named[2]! : part).replace(/\/$/, '') };
});
const runs = Number(arg('runs', '5'));
const top = Number(arg('top', '15'));
const which = arg('page', 'events');
/** Writes each run's profile as DIR/<console>-<run>.cpuprofile (DevTools opens it; a build with source maps names the sources). */
const saveDir = arg('save', '');
const eventId = DEMO_EVENTS.findIndex((e) => e.name === 'Midsummer Stadium Night') + 1;
const paths: Record<string, string> = { events: '/events', dashboard: `/events/${eventId}/dashboard`, map: `/events/${eventId}/venue-map` };

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
interface Sample { wallMs: number; threadMs: number; processMs: number; totalMs: number; byChunk: Map<string, number>; byFunction: Map<string, number> }

const onScreen = async (page: Page) => {
  if (which === 'events') await page.getByRole('table').first().waitFor({ timeout: 60_000 });
  else if (which === 'dashboard') await page.getByRole('link', { name: /Pricing venue map/ }).waitFor({ timeout: 60_000 });
  else await page.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });
};

/** Self time per sample node: JavaScript only (the program, idle and garbage collector nodes are not a script's). */
function selfTimes(profile: Profile): Sample {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byChunk = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, k) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (!url) return;
    const chunk = (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '.js');
    totalMs += ms;
    byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${chunk}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  return { wallMs: 0, threadMs: 0, processMs: 0, totalMs, byChunk, byFunction };
}

const browser = await launchBrowser('webgl');
const out = new Map<string, Sample[]>(consoles.map((c) => [c.name, []]));
try {
  const tokens = new Map<string, string>();
  for (const c of consoles) tokens.set(c.name, await demoToken(c.base, 'promoter'));
  const once = async (c: (typeof consoles)[number]) => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [SESSION_STORAGE_KEY, tokens.get(c.name)!] as const);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // The renderer's CPU time (ThreadTime: its main thread; ProcessTime: the whole process), not wall time: the
    // profile's self times are sampled on the wall clock, so on a busy machine they also count time the thread waited.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const started = Date.now();
    await page.goto(`${c.base}${paths[which]}`);
    await onScreen(page);
    const wallMs = Date.now() - started;
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await context.close();
    if (saveDir) writeFileSync(`${saveDir}/${c.name}-${out.get(c.name)!.length}.cpuprofile`, JSON.stringify(profile));
    return { ...selfTimes(profile), wallMs, threadMs: metric('ThreadTime'), processMs: metric('ProcessTime') };
  };
  for (const c of consoles) await once(c); // warm the servers
  for (let k = 0; k < runs; k++) for (const c of consoles) out.get(c.name)!.push(await once(c));
} finally {
  await browser.close();
}

const med = (samples: Sample[], pick: (s: Sample) => number) => median(samples.map(pick));
console.log(`${paths[which]}, fresh profile each run, ${runs} runs each, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const [name, samples] of out) {
  console.log(`\n${name} (medians): renderer main thread CPU ${med(samples, (s) => s.threadMs).toFixed(0)} ms, renderer process CPU ${med(samples, (s) => s.processMs).toFixed(0)} ms, `
    + `JavaScript self time (sampled, wall clock) ${med(samples, (s) => s.totalMs).toFixed(0)} ms, navigation → on screen ${med(samples, (s) => s.wallMs).toFixed(0)} ms`);
  const chunks = [...new Set(samples.flatMap((s) => [...s.byChunk.keys()]))]
    .map((ch) => ({ ch, ms: med(samples, (s) => s.byChunk.get(ch) ?? 0) })).sort((a, b) => b.ms - a.ms).slice(0, top);
  for (const { ch, ms } of chunks) console.log(`  ${ms.toFixed(0).padStart(5)}  ${ch}`);
  const fns = [...new Set(samples.flatMap((s) => [...s.byFunction.keys()]))]
    .map((fn) => ({ fn, ms: med(samples, (s) => s.byFunction.get(fn) ?? 0) })).sort((a, b) => b.ms - a.ms).slice(0, top);
  console.log('  top functions (median self ms):');
  for (const { fn, ms } of fns) console.log(`  ${ms.toFixed(0).padStart(5)}  ${fn}`);
}
