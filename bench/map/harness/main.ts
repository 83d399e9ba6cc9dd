/**
 * The map harness page: mounts the seat-map engine full-window on a generated venue of `?seats=N`
 * (default 20,000; `&seed=` picks another layout) and publishes `window.__bench` for the map bench and `window.__seatMap` for tests.
 * `?open=0` leaves the page empty until `__bench.open(seats)` is called.
 */
import { prepareSeatMapRenderer } from '../../../src/seatmap/prepareSeatMapRenderer';
import { SeatMapEngine } from '../../../src/seatmap/SeatMapEngine';
import type { SeatMapRenderer } from '../../../src/seatmap/SeatMapRenderer';
import { exposeTestState } from '../../../src/seatmap/testState';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { createBenchApi, type BenchApi, type OpenResult } from './benchApi';
import { demoColors } from './demoColors';
import { OPEN_PIXELS_MARK, settleFrames } from './frames';
import { venueMapLoader } from '../../../workers/venue-map/venueMapClient';
import { finishVenueLoad, loadVenue, loadVenueFromUrl, type LoadedVenue, type VenueLoad } from './loadVenue';
import { generateVenueBytes } from './venueBytes';

declare global {
  interface Window {
    __bench?: BenchApi;
    /** The automatic open's result (from `?seats=`), once it is done. */
    __benchOpen?: OpenResult;
    __benchError?: string;
  }
}

/**
 * The status line's number format, made at page load: the first Intl formatter of a page loads ICU's data, a
 * 65-110 ms task here. The console pays that when its page first renders; made lazily, it landed in the map's
 * first frame as a long task that is the harness's, not the map's.
 */
const seatsFormat = new Intl.NumberFormat('en');

const container = document.getElementById('map') as HTMLElement;
const live = document.getElementById('live') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;

let engine: SeatMapEngine | null = null;
let venue: LoadedVenue | null = null;
let opening: Promise<OpenResult> | null = null;
/** prepare()'s bytes, for the next open of that size. */
let prepared: { seats: number; bytes: ArrayBuffer } | null = null;

let seedParam = 1;
const params = new URLSearchParams(location.search);

/** `early`: the venue's load the page's entry started (boot.ts), for the open at load. */
async function open(seats: number, fromUrl = false, early?: VenueLoad): Promise<OpenResult> {
  if (opening) await opening.catch(() => undefined);
  opening = doOpen(seats, fromUrl, early);
  return opening;
}

async function doOpen(seats: number, fromUrl: boolean, early?: VenueLoad): Promise<OpenResult> {
  engine?.destroy();
  engine = null;
  venue = null;
  // An early load's clock started with its generation (subtracted below, like any open's).
  const tOpen = early?.startedAt ?? performance.now();
  const bytes = !early && !fromUrl && prepared?.seats === seats ? prepared.bytes : undefined;
  prepared = null;
  // The hand-over is timed once the renderer's start is done (loadVenue's mainThreadReady), known only below.
  let startedRenderer: (renderer: Promise<SeatMapRenderer> | undefined) => void = () => undefined;
  const rendererStarted = new Promise<unknown>((resolve) => (startedRenderer = resolve));
  // Caught where it is awaited (the hand-over); a load that fails first leaves it unread.
  rendererStarted.catch(() => undefined);
  // The venue's load first: the worker's parse is the open's longest step, and the renderer's start below holds the
  // main thread for its first 15-20 ms (the WebGL context made synchronously), which delayed the bytes' hand-over to
  // the worker by as much. The console's order: its worker's load starts at navigation (prefetchVenueMap), before the
  // map page prepares its renderer (VenueMapPage). `?loadfirst=0`: the renderer first (the order before).
  const loadFirst = params.get('loadfirst') !== '0';
  const startLoad = () => (early ? finishVenueLoad(early, rendererStarted) : fromUrl ? loadVenueFromUrl(seats, rendererStarted) : loadVenue(seats, seedParam, rendererStarted, bytes));
  const loading = loadFirst ? startLoad() : undefined;
  // The renderer (WebGL context + every shader compiled) is prepared while the worker parses the SVG.
  // It is told the venue's size, as the console's map page tells it once it has the venue (VenueMapPage): a venue of
  // more seats than the level of detail's budget opens with sections alone, so its seats' pipeline waits for the
  // warm-up after the first frame. `?seatshint=0`: not told (every first stage compiles the seats, as before).
  // `?prepdelay=N`: the renderer's preparation started N ms after the load (A/B runs only; the product starts it at
  // once): whether the parse's first part, where V8 compiles the worker's importer, ends sooner with the cores left to it.
  const prepDelay = Number(params.get('prepdelay') ?? 0);
  const prepare = () => prepareSeatMapRenderer(container, params.get('seatshint') === '0' ? {} : { seats });
  const renderer = params.get('prepare') === '0' ? undefined
    : prepDelay > 0 ? new Promise<void>((r) => setTimeout(r, prepDelay)).then(prepare) : prepare();
  startedRenderer(renderer);
  let loaded: LoadedVenue;
  try {
    loaded = await (loading ?? startLoad());
  } catch (err) {
    void renderer?.then((r) => r.destroy(), () => undefined);
    throw err;
  }
  venue = loaded;
  const model: VenueModel = loaded.model;
  // The seat colours stand in for the API's seat states. The open figure leaves them out for every renderer
  // (runMapBench's definition of open_to_pixels_ms; the peers time them apart in parsePeerVenue): timed and subtracted.
  const tColors = performance.now();
  const colors = demoColors(model);
  const colorsMs = performance.now() - tColors;
  const tEngine = performance.now();
  const e = new SeatMapEngine(container, {
    model,
    index: loaded.index,
    seatColors: colors.seatColors,
    sectionColors: colors.sectionColors,
    selectable: colors.selectable,
    ariaLabel: 'Venue seat map',
    renderer,
    // The programs the first frame does not use: compiled once the first frame is measured, as the engine would after
    // its first frame, and reported (their tasks come after ready, where the bench counts long tasks).
    warmUpShaders: false,
  });
  await e.ready;
  exposeTestState(e);
  const firstFrameMainMs = performance.now() - tEngine;
  e.syncGpu();
  const firstFramePixelsMs = performance.now() - tEngine;
  const settled = await settleFrames(5000);
  // The open's pixels on screen: where open_to_pixels (totalMs below) ends, so where the bench's "after ready" window
  // for long tasks begins (measureRenderer.ts): a task before it is part of the open and counted in its time.
  performance.mark(OPEN_PIXELS_MARK, { startTime: Math.max(settled.settledAt, tEngine + firstFramePixelsMs) });
  const warmUpTaskMs = params.get('warmup') === '0' ? [] : await e.warmUpShaders();
  engine = e;
  (window as unknown as { __engine?: SeatMapEngine }).__engine = e;
  e.on('announce', ({ text }) => {
    live.textContent = text;
  });
  e.on('sectionClick', ({ section }) => e.zoomToSection(section));
  // Throttled: a DOM change every frame would add page paints to the map's frame times.
  let statusTimer = 0;
  const scheduleStatus = () => {
    if (!statusTimer) statusTimer = window.setTimeout(() => ((statusTimer = 0), showStatus(e, model)), 250);
  };
  e.on('camera', scheduleStatus);
  e.on('selectionChange', scheduleStatus);
  showStatus(e, model);
  const result: OpenResult = {
    seats: model.seatCount,
    source: `${fromUrl ? 'SVG from a URL' : 'generated SVG'}, ${loaded.inWorker ? 'worker importer' : 'main-thread importer (worker failed to start)'}${loaded.cached ? ', model from the cache' : ''}`,
    cached: loaded.cached,
    svgBytes: loaded.svgBytes,
    generateMs: loaded.generateMs,
    parseMs: loaded.parseMs,
    transferMs: loaded.transferMs,
    transferSamplesMs: loaded.transferSamplesMs,
    handoverSamplingMs: loaded.handoverSamplingMs,
    firstFrameMainMs,
    firstFramePixelsMs,
    firstFrameMs: Math.max(settled.settledAt - tEngine, firstFramePixelsMs),
    colorsMs,
    totalMs: Math.max(settled.settledAt, tEngine + firstFramePixelsMs) - tOpen - loaded.generateMs - loaded.handoverSamplingMs - colorsMs,
    settleFrames: settled.intervals,
    warmUpTaskMs,
  };
  return result;
}

function showStatus(e: SeatMapEngine, model: VenueModel): void {
  const c = e.camera;
  status.textContent = `${seatsFormat.format(model.seatCount)} seats · ${model.sectionCount} sections · zoom ${c.scale.toFixed(3)} · ${e.seatsVisible ? 'seats' : 'sections'} · ${e.getSelection().length} selected`;
}

// The page opens a map: its worker was started by boot.ts before this module loaded, as the console's starts when
// navigation to a map begins (prefetchVenueMap) or an event's pages warm its map, so an open finds it running
// (docs/venue-map-journal.md). start() does nothing when it runs already.
venueMapLoader.start();

/** The bench's prepare(): the SVG's bytes made before the open's clock starts, as the peers' pages make theirs. */
async function prepare(seats: number): Promise<number> {
  const t0 = performance.now();
  prepared = { seats, bytes: generateVenueBytes(seats, seedParam) };
  return performance.now() - t0;
}

window.__bench = createBenchApi({
  engine: () => engine, model: () => venue?.model ?? null, prepare, open: (seats) => open(seats), openFromUrl: (seats) => open(seats, true),
});

if (params.get('open') !== '0') {
  const seats = Number(params.get('seats') ?? 20000);
  const seed = Number(params.get('seed') ?? 1);
  seedParam = Number.isFinite(seed) ? seed : 1;
  // Started by boot.ts (absent when this module is loaded on its own, as bench/map/live does).
  const early = window.__harnessEarlyLoad;
  window.__harnessEarlyLoad = undefined;
  open(early?.seats ?? (Number.isFinite(seats) && seats > 0 ? Math.floor(seats) : 20000), false, early)
    .then((r) => {
      window.__benchOpen = r;
    })
    .catch((err: unknown) => {
      window.__benchError = String(err instanceof Error ? err.stack ?? err.message : err);
      status.textContent = `Failed: ${window.__benchError}`;
    });
}
