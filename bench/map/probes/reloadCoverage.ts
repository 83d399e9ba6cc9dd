/**
 * What code a reload of the 104k stadium's map runs before its first frame: V8's precise coverage (function
 * granularity) from navigation to `seatmap:first-render`, per script and, with a build that has source maps
 * (`CONSOLE_SOURCEMAP=1`), per source module (functions run / bytes run of the functions that ran).
 *
 *   CONSOLE_SOURCEMAP=1 EXPOSE_TEST_STATE=1 npx vite build --outDir DIR
 *   npx tsx bench/map/probes/serveBuild.ts --dist=DIR --port=P --api=URL
 *   npx tsx bench/map/probes/reloadCoverage.ts --url=http://127.0.0.1:P --dist=DIR [--profile] [--top=40] [--json=FILE]
 *
 * The model is stored by a first visit in the same context, then a new page loads the map's URL (the reload of
 * consoleFirstVisit.ts). `--profile`: a sampled CPU profile (250 µs) as well, its self time per source module until
 * the first frame (sampled wall time of the main thread: under load it includes the time the thread was not
 * scheduled). The evidence behind docs/venue-map-journal.md "The reload of the map's URL in 0.6 s: what runs before the first
 * frame" (seventh session).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { SourceMapConsumer } from 'source-map-js';
import { launchBrowser, VIEWPORT } from '../peers/node/benchBrowser';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoAccounts';
import { DEMO_EVENTS } from '../../../server/db/seed/seedEvents';
import { SESSION_STORAGE_KEY } from '../../../src/api/session';
import { PLATFORM_ADMIN, PLATFORM_HEADER } from '../../../src/contracts/common';

const arg = (name: string, fallback = '') => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const base = arg('url', 'http://127.0.0.1:3000');
const top = Number(arg('top', '40'));
const jsonFile = arg('json');
const profile = process.argv.includes('--profile');
interface CpuProfile { nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } }[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }
/**
 * `--windows=mark,mark`: the profile's self time by module also split at these marks (ms on the page's clock), e.g.
 * before the stored model's read and between it and the first frame. The samples are placed on the page's clock from
 * the profile's end (taken right after the page's `performance.now()`): a few ms off at most.
 */
const windowMarks = arg('windows').split(',').filter(Boolean);
/** `--functions`: the profile's self time by function (module and the function's name) rather than by module. */
const byFunction = process.argv.includes('--functions');
const eventId = DEMO_EVENTS.findIndex((e) => e.name === 'Midsummer Stadium Night') + 1;

const promoter = DEMO_ACCOUNTS.find((a) => a.key === 'promoter')!;
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', [PLATFORM_HEADER]: PLATFORM_ADMIN },
  body: JSON.stringify({ email: promoter.email, password: promoter.password }),
});
const { token } = (await login.json()) as { token: string };

interface FnRange { startOffset: number; endOffset: number; count: number }
interface ScriptCoverage { scriptId: string; url: string; functions: { functionName: string; ranges: FnRange[]; isBlockCoverage: boolean }[] }

const browser = await launchBrowser('webgl');
try {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [SESSION_STORAGE_KEY, token] as const);
  const ready = (p: import('playwright-core').Page) => p.waitForFunction(() => (window as { __seatMap?: { ready?: boolean } }).__seatMap?.ready === true, null, { timeout: 60_000, polling: 'raf' });
  const first = await context.newPage();
  await first.goto(`${base}/events/${eventId}/venue-map`);
  await ready(first);
  const page = await context.newPage();
  await first.close();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false, allowTriggeredUpdates: false });
  if (profile) { await cdp.send('Profiler.setSamplingInterval', { interval: 250 }); await cdp.send('Profiler.start'); }
  await page.goto(`${base}/events/${eventId}/venue-map`);
  await page.waitForFunction(() => performance.getEntriesByName('seatmap:first-render').length > 0, null, { timeout: 60_000, polling: 'raf' });
  const stoppedAt = await page.evaluate(() => performance.now());
  const cpu = profile ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
  const timings = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.js')).map((r) => [new URL(r.name).pathname.slice(8), Math.round(r.startTime), Math.round(r.responseEnd)] as const));
  for (const [n, a, b] of timings.sort((x, y) => x[2] - y[2])) console.log(`  ${n.padEnd(40)} ${a} → ${b}`);
  for (const m of await page.evaluate(() => performance.getEntriesByType('mark').map((e) => [e.name, Math.round(e.startTime)] as const))) console.log(`  mark ${m[0]} ${m[1]}`);
  const pixels = await page.evaluate(() => performance.getEntriesByName('seatmap:first-render')[0]!.startTime);
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js')).map((r) => new URL(r.name).pathname));
  console.log(`reload of ${base}/events/${eventId}/venue-map, first frame at ${pixels.toFixed(0)} ms, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`scripts fetched before: ${loaded.length}`);
  const byModule = new Map<string, { fns: number; ran: number; bytes: number; ranBytes: number; chunk: string }>();
  const byChunk: { chunk: string; fns: number; ran: number; bytes: number; ranBytes: number }[] = [];
  for (const s of result) {
    const u = s.url ? new URL(s.url) : null;
    if (!u || !u.pathname.startsWith('/assets/')) continue;
    const chunk = u.pathname.slice('/assets/'.length);
    const source = (await (await fetch(`${base}${u.pathname}`)).text());
    let consumer: SourceMapConsumer | undefined;
    try { consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${arg('dist')}/assets/${chunk}.map`, 'utf8'))); } catch { /* no map */ }
    const lineStarts = [0];
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1);
    const pos = (off: number) => { let lo = 0, hi = lineStarts.length - 1; while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid]! <= off) lo = mid; else hi = mid - 1; } return { line: lo + 1, column: off - lineStarts[lo]! }; };
    const c = { chunk, fns: 0, ran: 0, bytes: 0, ranBytes: 0 };
    for (const f of s.functions) {
      const r = f.ranges[0]!;
      if (r.startOffset === 0 && r.endOffset >= source.length - 2) continue; // the module's top level
      const size = r.endOffset - r.startOffset;
      c.fns++; c.bytes += size;
      const p = consumer?.originalPositionFor(pos(r.startOffset + 1));
      const mod = (p?.source ?? chunk).replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '');
      const m = byModule.get(mod) ?? { fns: 0, ran: 0, bytes: 0, ranBytes: 0, chunk };
      m.fns++; m.bytes += size;
      if (r.count > 0) { c.ran++; c.ranBytes += size; m.ran++; m.ranBytes += size; }
      byModule.set(mod, m);
    }
    byChunk.push(c);
  }
  byChunk.sort((a, b) => b.ranBytes - a.ranBytes);
  console.log('chunk                                   functions run / all     bytes of functions run / all');
  for (const c of byChunk) console.log(`${c.chunk.padEnd(40)} ${String(c.ran).padStart(6)} / ${String(c.fns).padEnd(8)} ${String(c.ranBytes).padStart(9)} / ${c.bytes}`);
  const mods = [...byModule].sort((a, b) => b[1].ranBytes - a[1].ranBytes);
  console.log(`\nmodules by bytes of functions run (top ${top} of ${mods.length}):`);
  for (const [mod, m] of mods.slice(0, top)) console.log(`${String(m.ranBytes).padStart(8)} ${String(m.ran).padStart(5)} fns  ${mod}  [${m.chunk}]`);
  if (cpu) {
    const maps = new Map<string, SourceMapConsumer | null>();
    const mapFor = (chunk: string) => { if (!maps.has(chunk)) { try { maps.set(chunk, new SourceMapConsumer(JSON.parse(readFileSync(`${arg('dist')}/assets/${chunk}.map`, 'utf8')))); } catch { maps.set(chunk, null); } } return maps.get(chunk)!; };
    const nodeKey = new Map<number, string>();
    for (const n of cpu.nodes) {
      const { url, functionName, lineNumber, columnNumber } = n.callFrame;
      if (!url) { nodeKey.set(n.id, `(${functionName || 'native'})`); continue; }
      const chunk = url.includes('/assets/') ? url.slice(url.indexOf('/assets/') + 8) : url;
      const p = mapFor(chunk)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber + 1 });
      const mod = (p?.source ?? chunk).replace(/^.*node_modules\//, 'nm:').replace(/^(\.\.\/)+/, '');
      nodeKey.set(n.id, byFunction ? `${mod} ${p?.name ?? functionName}${p?.line ? `:${p.line}` : ''}` : mod);
    }
    const self = new Map<string, number>();
    let total = 0;
    cpu.samples.forEach((id, i) => { const d = (cpu.timeDeltas[i + 1] ?? 0) / 1000; total += d; const k = nodeKey.get(id)!; self.set(k, (self.get(k) ?? 0) + d); });
    console.log(`\nCPU profile until the first frame: ${total.toFixed(0)} ms sampled; self time by module:`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
    if (windowMarks.length > 0) {
      const at = await page.evaluate((names) => names.map((n) => performance.getEntriesByName(n)[0]?.startTime ?? NaN), windowMarks);
      const edges = [0, ...at, Infinity];
      // Sample i's time on the page's clock: the profile's end is `stoppedAt`.
      const times: number[] = [];
      let t = cpu.startTime;
      for (let i = 0; i < cpu.samples.length; i++) { t += cpu.timeDeltas[i] ?? 0; times.push(stoppedAt - (cpu.endTime - t) / 1000); }
      for (let w = 0; w + 1 < edges.length; w++) {
        const inWindow = new Map<string, number>();
        let sum = 0;
        cpu.samples.forEach((id, i) => {
          if (times[i]! < edges[w]! || times[i]! >= edges[w + 1]!) return;
          const d = (cpu.timeDeltas[i + 1] ?? 0) / 1000;
          if (nodeKey.get(id) === '(idle)') return;
          sum += d;
          inWindow.set(nodeKey.get(id)!, (inWindow.get(nodeKey.get(id)!) ?? 0) + d);
        });
        const name = `${w === 0 ? 'navigation' : windowMarks[w - 1]} → ${windowMarks[w] ?? 'the end'} (${edges[w]!.toFixed(0)}–${edges[w + 1]!.toFixed(0)} ms)`;
        console.log(`\n${name}: ${sum.toFixed(0)} ms sampled, not idle; self time by module:`);
        for (const [k, v] of [...inWindow].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
      }
    }
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ byChunk, byModule: Object.fromEntries(byModule) }));
  // `--cpuprofile=FILE`: the sampled profile itself (Chrome DevTools opens it), with the page's clock at its end.
  if (cpu && arg('cpuprofile')) writeFileSync(arg('cpuprofile'), JSON.stringify({ ...cpu, pageNowAtEnd: stoppedAt }));
  await context.close();
} finally {
  await browser.close();
}
