/**
 * The seat-map bench (PERFORMANCE.md, seat map): every figure beside its budget, and our map beside three peers
 * (a plain SVG DOM renderer, @alisaitteke/seatmap-canvas, a naive canvas 2D renderer) in the same run, on the same
 * generated venues, under the same browser flags: the WebGL flags and the peers' best profile.
 *
 *   npm run bench:map                          # everything (about 15 minutes on 2 cores)
 *   npm run bench:map -- --quick               # fewer runs and frames
 *   npm run bench:map -- --sizes=20000,100000 --profiles=webgl --peers=svg_dom,canvas2d --no-build --no-node
 *   npm run bench:map -- --console=http://127.0.0.1:3000 [--console-runs=5]   # + the console's map reopen (104k
 *       stadium, navigation → pixels) against a running test build (EXPOSE_TEST_STATE=1 npm start): probes/consoleReopen.ts
 *
 * Writes bench/results/map-latest.json (metrics), map-latest-raw.json (every sample) and map-latest.html (chart);
 * a run with options (--quick, fewer sizes, profiles or peers) writes map-partial.* instead.
 * Exits 0 whether or not budgets are met; exits 1 only when the bench itself cannot run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import type { Metric } from '../lib/metric';
import { runParseBench } from './parseBench';
import { formatReopen, measureConsoleReopen, reopenMetrics } from './probes/consoleReopen';
import { CHROMIUM_PATH, launchBrowser, serveStatic, VIEWPORT, type DynamicMount, type FlagProfile } from './peers/node/benchBrowser';
import { measureNavigation } from './peers/node/measureNavigation';
import { measureCachedOpens, measureRenderer, type RendererPlan } from './peers/node/measureRenderer';
import { ProbedPage } from './peers/node/pageProbe';
import type { MapBenchRun, RendererRun } from './peers/node/results';
import { browserMetrics } from './report/buildMetrics';
import { formatMetricTable, formatRatios, formatSideBySide, missedBudgets } from './report/formatTable';
import { RATIO_SIZES, ratioMetrics } from './report/ratios';
import { generateVenue } from '../venues/generateVenue';
import { writeReports } from './report/writeReports';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = [1_000, 20_000, 100_000, 200_000];
/** Peer id → its page folder in bench/map/peers. */
const PEER_PAGES: Record<string, string> = { svg_dom: 'svgDom', seatmap_canvas: 'seatmapCanvas', canvas2d: 'canvas2d' };
const NAVIGATION_SEATS = 200_000;

interface Options {
  quick: boolean;
  sizes: number[];
  profiles: FlagProfile[];
  peers: string[];
  build: boolean;
  node: boolean;
  /** A running test build of the console to time the map's reopen on, or null (not measured). */
  console: string | null;
  consoleRuns: number;
}

function parseArgs(argv: string[]): Options {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const list = (name: string) => get(name)?.split(',').filter(Boolean);
  return {
    quick: argv.includes('--quick'),
    sizes: list('sizes')?.map(Number) ?? SIZES,
    profiles: (list('profiles') as FlagProfile[] | undefined) ?? ['webgl', 'peers'],
    peers: argv.includes('--no-peers') ? [] : list('peers') ?? Object.keys(PEER_PAGES),
    build: !argv.includes('--no-build'),
    node: !argv.includes('--no-node'),
    console: get('console') ?? null,
    consoleRuns: Number(get('console-runs') ?? 5),
  };
}

/** Runs per case. Fewer at 200k and for the peers (a slow peer's frame can take seconds); the output counts them. */
/**
 * Hover samples, the same for ours and the peers: a p99 needs about a hundred of them, and one over 15 samples is
 * close to their maximum, not the tail. A slow peer stops at hoverMaxMs with fewer (the figure says how many).
 */
function hoverSamples(profile: FlagProfile, quick: boolean): number {
  return quick ? 60 : profile === 'webgl' ? 200 : 100;
}

/**
 * Shift-clicks, the same for ours and the peers, on the same rows: the ratio `click_row_p95` compares p95s, and p95 of
 * ten clicks is the worst of ten, of three the worst of three. Event Timing rounds each click to 8 ms, and a click whose
 * frame lands 20 ms or more after the input reads 24 rather than 16 for any renderer (at 20k a quarter to a half of
 * ours, two thirds or more of the canvas 2D peer's, docs/venue-map-journal.md): a worst of ten against a worst of three said
 * which page clicked more, not which was faster.
 */
function shiftClicks(quick: boolean): number {
  return quick ? 5 : 10;
}

export function oursPlan(seats: number, profile: FlagProfile, quick: boolean): RendererPlan {
  const opens = profile === 'webgl' ? ({ 1000: 3, 20000: 4, 100000: 4, 200000: 3 } as Record<number, number>)[seats] ?? 3 : 2;
  return {
    opens: quick ? Math.min(opens, 2) : opens,
    openTimeoutMs: 60_000,
    caseTimeoutMs: 180_000,
    panFrames: quick || profile !== 'webgl' ? 30 : 60,
    allSeatsFrames: quick ? 10 : seats >= 200_000 ? 20 : seats >= 100_000 ? 30 : 40,
    userSession: profile === 'webgl',
    hoverN: hoverSamples(profile, quick),
    selects: quick ? 5 : 10,
    clicks: shiftClicks(quick),
    recolors: quick ? 5 : 10,
    idleMs: 1000,
  };
}

export function peerPlan(seats: number, profile: FlagProfile, quick: boolean): RendererPlan {
  const big = seats >= 200_000;
  return {
    opens: 1,
    openTimeoutMs: 45_000,
    caseTimeoutMs: 90_000,
    panFrames: 30,
    panMaxMs: quick ? 3000 : 4000,
    hoverN: hoverSamples(profile, quick),
    hoverMaxMs: quick ? 3000 : 4000,
    selects: big || quick ? 2 : 3,
    clicks: shiftClicks(quick),
    recolors: big || quick ? 1 : 2,
    idleMs: 1000,
  };
}

const log = (s: string) => console.log(s);
const secs = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

async function measureProfile(profile: FlagProfile, o: Options, urls: { harness: string; peers: string }, bench: MapBenchRun): Promise<void> {
  const browser: Browser = await launchBrowser(profile);
  try {
    const base = await ProbedPage.open(browser, `${urls.harness}index.html?open=0`);
    await base.benchReady().catch(() => undefined);
    const frameMs = await base.page.evaluate(() => window.__bench!.baselineFrames(60)).catch(() => [] as number[]);
    bench.baselines.push({ profile, frameMs });
    await base.close();
    // The peers' profile exists for the comparison: our map runs there at the ratio sizes only.
    const sizes = profile === 'webgl' ? o.sizes : o.sizes.filter((s) => s >= 20_000);
    const timedOut = new Set<string>();
    for (const seats of sizes) {
      const t0 = Date.now();
      const ours = await guarded('ours', profile, seats, () => measureRenderer(browser, { renderer: 'ours', profile, url: `${urls.harness}index.html?open=0` }, seats, oursPlan(seats, profile, o.quick)));
      bench.runs.push(ours);
      log(`  ${profile} ${seats.toLocaleString('en-US')} seats: ours ${secs(Date.now() - t0)}${ours.notes.length ? ` (${ours.notes.join('; ')})` : ''}`);
      if (profile === 'webgl' && RATIO_SIZES.includes(seats)) {
        const t2 = Date.now();
        try {
          ours.cachedOpens = await measureCachedOpens(browser, urls.harness, seats, o.quick ? 2 : 4, 60_000);
        } catch (err) {
          ours.notes.push(`reopen with the model cached failed: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`);
        }
        log(`  ${profile} ${seats.toLocaleString('en-US')} seats: ours reopened with the model cached ${secs(Date.now() - t2)}`);
      }
      if (seats < 20_000) continue;
      const cameras = { whole: ours.panWhole?.camera, zoomed: ours.panZoomed?.camera };
      for (const peer of o.peers) {
        const t1 = Date.now();
        if (timedOut.has(peer)) {
          bench.runs.push({ renderer: peer, profile, seats, opens: [], notes: [`not run: a smaller venue already timed out under these flags`], skipped: 'smaller venue timed out', selects: [], clicks: [], recolors: [], longTasks: [], phases: [] });
          log(`  ${profile} ${seats.toLocaleString('en-US')} seats: ${peer} not run (a smaller venue timed out)`);
          continue;
        }
        const url = `${urls.peers}${PEER_PAGES[peer]}/index.html?open=0`;
        const run = await guarded(peer, profile, seats, () => measureRenderer(browser, { renderer: peer, profile, url, cameras }, seats, peerPlan(seats, profile, o.quick)));
        if (run.openTimeoutMs !== undefined && run.opens.length === 0) timedOut.add(peer);
        bench.runs.push(run);
        log(`  ${profile} ${seats.toLocaleString('en-US')} seats: ${peer} ${secs(Date.now() - t1)}${run.notes.length ? ` (${run.notes.join('; ')})` : ''}`);
      }
    }
    if (profile === 'webgl' && o.sizes.includes(NAVIGATION_SEATS)) {
      const t0 = Date.now();
      try {
        bench.navigation = { seats: NAVIGATION_SEATS, runs: await measureNavigation(browser, urls.harness, NAVIGATION_SEATS, o.quick ? 2 : 4, 60_000) };
      } catch (err) {
        bench.navigation = { seats: NAVIGATION_SEATS, runs: [], error: String(err instanceof Error ? err.message : err) };
      }
      log(`  ${profile} navigation → pixels, ${NAVIGATION_SEATS.toLocaleString('en-US')} seats: ${secs(Date.now() - t0)}`);
    }
  } finally {
    await browser.close();
  }
}

/**
 * /venues/<seats>.svg: the canonical generated venue (seed 1) as a download with an ETag, so the harness can open it
 * as the console opens a map and the worker's model cache can keep it (measureCachedOpens).
 */
function venueDownloads(): DynamicMount {
  const made = new Map<number, string>();
  return (file) => {
    const seats = Number(/^(\d+)\.svg$/.exec(file)?.[1]);
    if (!Number.isInteger(seats) || seats <= 0) return null;
    if (!made.has(seats)) made.set(seats, generateVenue({ seats, seed: 1 }).svg);
    return { body: made.get(seats)!, headers: { 'content-type': 'image/svg+xml', etag: `"venue-${seats}-1"`, 'cache-control': 'no-cache' } };
  };
}

/** A renderer run that failed outright becomes a run with a note, so one broken page never loses the others. */
async function guarded(renderer: string, profile: FlagProfile, seats: number, fn: () => Promise<RendererRun>): Promise<RendererRun> {
  try {
    return await fn();
  } catch (err) {
    const msg = String(err instanceof Error ? err.message : err).split('\n')[0];
    return { renderer, profile, seats, opens: [], notes: [`failed: ${msg}`], selects: [], clicks: [], recolors: [], longTasks: [], phases: [] };
  }
}

function build(): void {
  for (const config of ['bench/map/harness/vite.config.ts', 'bench/map/peers/vite.config.ts']) {
    try {
      execFileSync('npx', ['vite', 'build', '--config', config, '--logLevel', 'error'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`vite build --config ${config} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }
}

export async function runMapBench(argv: string[] = process.argv.slice(2)): Promise<Metric[]> {
  const o = parseArgs(argv);
  const started = Date.now();
  const bench: MapBenchRun = { startedAt: new Date().toISOString(), durationMs: 0, load: loadavg(), runs: [], baselines: [], navigation: null };
  const chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  log(`Seat map bench: ${chromium}, viewport ${VIEWPORT.width}×${VIEWPORT.height}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  log(`sizes ${o.sizes.join(', ')}; profiles ${o.profiles.join(', ')}; peers ${o.peers.join(', ') || 'none'}${o.quick ? '; quick' : ''}\n`);
  if (o.build) {
    const t0 = Date.now();
    build();
    log(`built the harness and the peer pages (${secs(Date.now() - t0)})`);
  }
  const metrics: Metric[] = [];
  if (o.node) {
    const t0 = Date.now();
    metrics.push(...(await runParseBench({ sizes: o.sizes })));
    log(`parse + index in Node (${secs(Date.now() - t0)})`);
  }
  const server = await serveStatic({ harness: `${ROOT}bench/map/harness/dist`, peers: `${ROOT}bench/map/peers/dist`, venues: venueDownloads() });
  try {
    for (const profile of o.profiles) await measureProfile(profile, o, { harness: server.url('harness'), peers: server.url('peers') }, bench);
  } finally {
    await server.close();
  }
  metrics.push(...browserMetrics(bench));
  if (o.console) {
    const t0 = Date.now();
    try {
      const reopen = await measureConsoleReopen({ base: o.console, runs: o.consoleRuns });
      metrics.push(...reopenMetrics(reopen));
      log(`console reopen (${secs(Date.now() - t0)}):\n${formatReopen(reopen, true)}`);
    } catch (err) {
      log(`console reopen: not measured (${err instanceof Error ? err.message : String(err)})`);
    }
  } else log('console reopen: not measured (pass --console=URL of a running test build: EXPOSE_TEST_STATE=1 npm start)');
  metrics.push(...ratioMetrics(metrics, o.peers));
  bench.durationMs = Date.now() - started;
  printReport(metrics, bench, o);
  const full = !o.quick && o.node && o.sizes.join() === SIZES.join() && o.profiles.length === 2 && o.peers.length === Object.keys(PEER_PAGES).length;
  const files = writeReports(full ? 'map-latest' : 'map-partial', metrics, bench, o.peers, explanations());
  log(`\nwrote ${files.join(', ')}; the bench took ${(bench.durationMs / 60000).toFixed(1)} min`);
  const broken = bench.runs.filter((r) => r.notes.some((n) => n.startsWith('failed') || n.includes(' failed: ')));
  if (broken.length > 0) {
    log(`\nINCOMPLETE: ${broken.length} renderer run(s) failed for a reason other than a time limit (see Notes): the figures above are missing them.`);
    process.exitCode = 1;
  }
  return metrics;
}

function printReport(metrics: Metric[], bench: MapBenchRun, o: Options): void {
  const ours = metrics.filter((m) => !m.metric.startsWith('ratio.') && !m.metric.endsWith('.peers_best') && !o.peers.some((p) => m.metric.includes(`.${p}`)));
  log('\n== Seat map, our figures beside the budgets (WebGL flags; Node figures from the importer bench) ==\n');
  log(formatMetricTable(ours));
  for (const [suffix, name] of [['', 'WebGL flags'], ['.peers_best', 'peers’ best profile (GPU rasterisation and accelerated 2D canvas off)']] as const) {
    if (!metrics.some((m) => m.metric.endsWith(`${suffix === '' ? '' : suffix}`) && o.peers.some((p) => m.metric.includes(`.${p}${suffix}`)))) continue;
    log(`\n== Side by side, ${name} ==\n`);
    log(formatSideBySide(metrics, o.peers, suffix));
    log(`\nratio = peer ÷ ours (2× = we take half the time), ${name}:\n`);
    log(formatRatios(metrics, o.peers, suffix));
  }
  const notes = bench.runs.filter((r) => r.notes.length > 0).map((r) => `${r.renderer}, ${r.seats.toLocaleString('en-US')} seats, ${r.profile}: ${r.notes.join('; ')}`);
  if (bench.navigation?.error) notes.push(`navigation: ${bench.navigation.error}`);
  if (notes.length) log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
  log(`\n${explanations().map((e) => `- ${e}`).join('\n')}`);
  const missed = missedBudgets(metrics);
  log(`\n== Budgets missed: ${missed.length} ==\n`);
  if (missed.length) log(formatMetricTable(missed));
}

export function explanations(): string[] {
  return [
    'console_reopen.navigation_to_pixels_ms (with --console=URL): the seeded 104k stadium reopened in the console (a test build), its model from the browser’s model cache; navigation → pixels (frames stop stalling), median of the reopens; console_first_open = the same page’s first open (parse). probes/consoleReopen.ts --steps shows where the time goes.',
    'navigation_to_pixels_ms: navigationStart → pixels on screen for index.html?seats=200000: HTML and scripts from a loopback server, worker start, SVG parse + index in the worker, hand-over, engine, first frame until frames stop stalling. The SVG generation that stands in for the warm API download is subtracted. First run cold (scripts not cached), budget on the later runs.',
    'open_to_pixels_ms: from the SVG\'s UTF-8 bytes (what a download hands a page; every page\'s prepare() makes them, then garbage is collected, then open()) to pixels on screen. Ours = open() → pixels (bytes transferred to the worker, decode + parse + hand-over + engine + first frame); peers = the bytes decoded and parsed by the same importer on the main thread (they have no worker) + mount → pixels. Excluded everywhere: the SVG generation and its encoding (the download stand-in), the seat colours, a peer’s conversion into its own input format. first_frame_ms compares the renderers alone (data in hand).',
    'first_frame_ms = renderer created → frames stop stalling (four rAF intervals < 25 ms): pixels on screen with software rendering; first_frame_main_ms = → the first frame’s main-thread work; settle_frames = rAF intervals seen while settling.',
    'pan_whole: ours with its level of detail (sections only, no seats, when more seats than the engine’s seat budget would be in view or seats are under 1 px: see pan_whole.seats_drawn); pan_whole_all_seats: ours drawing every seat, like the peers. Peers stop a pan/zoom run after 4 s (at least 2 frames), so slow peers have few frames: see .frames.',
    'hover: ours = pointer event → seatHover (the packed index queried on the main thread); peers = the browser’s hit test (DOM) or a scan (canvas). The index-only figure with the 0.05 ms budget is hit_test.seat_at.p99 (Node).',
    'click_row: the same rows shift-clicked with the driver’s mouse; the browser’s Event Timing gives input → next frame presented (rounded to 8 ms) for every renderer alike. The ratio is taken on this figure.',
    'select_row (the budget: ≤ 50 ms to the selection drawn) and recolor: ours until the GPU finished (one pixel read back); DOM peers until the browser’s main-thread rendering of the next frame is done (rasterisation not included), canvas peers until one pixel is read back.',
    'heap_js_mb: page JS heap (incl. ArrayBuffers) + the venue worker’s, after a forced GC; heap_total_mb adds the DOM (Blink) heap. GPU memory is not included.',
    'long_tasks (budget): PerformanceObserver("longtask") from our open’s pixels on screen (where open_to_pixels ends; shader warm-up follows) through an idle second and a session of real input (hover sweeps, wheel zoom, drag, shift-clicks). long_tasks.before_pixels: from the first render to those pixels (the browser’s first commit of the canvas, a read-back under software compositing), time open_to_pixels already counts: information only. long_tasks.measuring_phases: the harness’s measuring calls, which block on the GPU (one pixel read back) and build palettes in the same task: information only.',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
    await runMapBench();
  } catch (err) {
    console.error(`The map bench could not run: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
