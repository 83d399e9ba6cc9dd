/**
 * `window.__bench`: what the map bench runner (bench/map/runMapBench.ts) drives through Playwright.
 * Every method measures one thing the budgets in PERFORMANCE.md name; see README.md for the contract.
 */
import type { SeatMapEngine } from '../../../src/seatmap/SeatMapEngine';
import type { VenueModel } from '../../../workers/venue-map/venueModel';
import { demoColors } from './demoColors';
import { beforeHoverSweep, settleFrames } from './frames';
import { clickTiming, expectClick, type ClickTiming } from './interactionTiming';

export interface OpenResult {
  seats: number;
  source: string;
  svgBytes: number;
  /**
   * SVG generation and its encoding to bytes (stands in for the download; excluded from totalMs). 0 when prepare()
   * made the bytes before open() was called, as the bench does for every page.
   */
  generateMs: number;
  /** client.load(svg) round trip: post the SVG, parse + index in the worker, model back (transferred). */
  parseMs: number;
  /** The model's buffers through a MessageChannel with transfer (the hand-over's main-thread cost). */
  transferMs: number;
  /** The same, timed several times in a row (the bench's figure rests on all of them). */
  transferSamplesMs: number[];
  /** Wall time of those samples: the bench's own, subtracted from totalMs as generateMs is. */
  handoverSamplingMs: number;
  /** The seat colours (demoColors: the stand-in for the API's seat states), subtracted from totalMs as the peers leave theirs out. */
  colorsMs: number;
  /** Engine created → first render call returned (main thread). */
  firstFrameMainMs: number;
  /** Engine created → the GPU finished that first frame (one pixel read back). */
  firstFramePixelsMs: number;
  /** Engine created → frames stop stalling (rAF back to normal cadence): pixels on screen. */
  firstFrameMs: number;
  /** open() called → pixels on screen (parse + transfer + engine + first frame), without generateMs, handoverSamplingMs and colorsMs. */
  totalMs: number;
  /** openFromUrl(): the model came from the browser's model cache (no parse). */
  cached?: boolean;
  /** rAF intervals seen while waiting for the cadence to settle. */
  settleFrames: number[];
  /**
   * After the first frame is measured, the engine compiles the shader programs that frame did not use
   * (one task each): their main-thread durations. `?warmup=0` skips it (then the first zoom-in,
   * selection or hover pays for the compile instead).
   */
  warmUpTaskMs: number[];
}

export interface PanZoomOptions {
  zoomedIn: boolean;
  frames: number;
  /** Draw seats even at whole-venue zoom (default: the engine's level of detail decides). */
  forceSeats?: boolean;
  /** Zoom in this much further, centred on the middle section's middle seat, before moving (e.g. to sit just past the point where seats appear). */
  zoom?: number;
}

export interface PanZoomStats {
  /** rAF intervals while the camera moves every frame: what the user sees. */
  frameMs: number[];
  /** JS per frame: camera, culling and the render call. */
  jsMs: number[];
  /** Render + GPU finish per frame (one pixel read back), same camera path, measured after the run. */
  gpuMs: number[];
  seatsDrawn: boolean;
  seatsOnScreen: number;
  camera: { x: number; y: number; scale: number };
}

export interface BenchApi {
  readonly seatCount: number;
  readonly ready: boolean;
  /**
   * Generates a venue's SVG bytes (the stand-in for the download) without opening it, as the peers' pages do
   * (peers/shared/peerBench.ts): the next open(seats) of that size starts from them, so its clock starts, and its
   * collections run, with the download already done, for our page as for the peers'. Resolves with the time it took.
   */
  prepare(seats: number): Promise<number>;
  open(seats: number): Promise<OpenResult>;
  /**
   * Opens the venue as the console does, from a URL (the bench's server: /venues/<seats>.svg, with an ETag): the
   * first open parses and stores the model in the browser's model cache, later ones read it back (no parse).
   */
  openFromUrl(seats: number): Promise<OpenResult>;
  hoverTest(n: number): Promise<{ n: number; hits: number; ms: number[]; isolated: boolean }>;
  selectRow(seatIndex: number): Promise<number>;
  /**
   * For a real shift-click from outside (the driver's mouse): brings the seat into view as selectRow does, clears
   * the selection and starts the browser's event timing; returns the seat's page coordinates.
   */
  prepareClick(seatIndex: number): Promise<{ x: number; y: number }>;
  /** That click: input → next frame presented (Event Timing), and the seats it selected. */
  clickResult(): Promise<ClickTiming & { selected: number }>;
  recolorAll(): number;
  panZoom(options: PanZoomOptions): Promise<number[]>;
  lastPanZoom: PanZoomStats | null;
  lastRecolor: { jsMs: number; nextRenderJsMs: number } | null;
  /** The last selectRow: total (to GPU done), up to the selection being applied and rendered (JS), seats selected. */
  lastSelectRow: { ms: number; jsMs: number; selected: number } | null;
  baselineFrames(frames: number): Promise<number[]>;
  heapMB(): number | null;
}

export interface BenchHost {
  engine(): SeatMapEngine | null;
  model(): VenueModel | null;
  prepare(seats: number): Promise<number>;
  open(seats: number): Promise<OpenResult>;
  openFromUrl(seats: number): Promise<OpenResult>;
}

const raf = () => new Promise<number>((r) => requestAnimationFrame(r));

function seatsOnScreen(engine: SeatMapEngine, m: VenueModel): number {
  const a = engine.screenToWorld(0, 0);
  const b = engine.screenToWorld(engine.container.clientWidth, engine.container.clientHeight);
  let n = 0;
  for (let i = 0; i < m.seatCount; i++) {
    const x = m.seatX[i];
    const y = m.seatY[i];
    if (x >= a.x && x <= b.x && y >= a.y && y <= b.y) n++;
  }
  return n;
}

/** A seat of the middle section: where the zoomed-in measures look. */
function middleSeat(m: VenueModel): number {
  const s = Math.floor(m.sectionCount / 2);
  return m.sectionFirstSeat[s] + Math.floor(m.sectionSeatCount[s] / 2);
}

export function createBenchApi(host: BenchHost): BenchApi {
  let variant = 0;
  let palettes: { model: VenueModel; colors: Uint32Array[] } | null = null;
  const need = () => {
    const engine = host.engine();
    const model = host.model();
    if (!engine || !model) throw new Error('Open a venue first: __bench.open(seats)');
    return { engine, model };
  };

  /** No selection, the seat's section zoomed in when the seat is hidden or near an edge, the frame drawn. */
  const showSeatUnselected = async (seatIndex: number) => {
    const { engine, model } = need();
    engine.clearSelection();
    const p = engine.seatScreenPosition(seatIndex);
    const w = engine.container.clientWidth;
    const h = engine.container.clientHeight;
    if (!engine.seatsVisible || p.x < 8 || p.y < 8 || p.x > w - 8 || p.y > h - 8) {
      engine.zoomToSection(model.rowSection[model.seatRow[seatIndex]]);
    }
    await engine.nextFrame();
    engine.syncGpu();
    await raf();
  };

  const api: BenchApi = {
    get seatCount() {
      return host.model()?.seatCount ?? 0;
    },
    get ready() {
      return host.engine() !== null;
    },
    prepare: (seats) => host.prepare(seats),
    open: (seats) => host.open(seats),
    openFromUrl: (seats) => host.openFromUrl(seats),
    lastPanZoom: null,
    lastRecolor: null,
    lastSelectRow: null,

    async hoverTest(n) {
      const { engine, model } = need();
      engine.zoomToSection(model.rowSection[model.seatRow[middleSeat(model)]]);
      await engine.nextFrame();
      const w = engine.container.clientWidth;
      const h = engine.container.clientHeight;
      const candidates: number[] = [];
      for (let i = 0; i < model.seatCount && candidates.length < 4096; i++) {
        const p = engine.seatScreenPosition(i);
        if (p.x > 10 && p.y > 10 && p.x < w - 10 && p.y < h - 10) candidates.push(i);
      }
      const ms: number[] = [];
      let hits = 0;
      const rect = engine.container.getBoundingClientRect();
      await beforeHoverSweep(engine.container);
      for (let k = 0; k < n && candidates.length > 0; k++) {
        const seat = candidates[(k * 7919) % candidates.length];
        if (seat === engine.hoverSeat) continue;
        const p = engine.seatScreenPosition(seat);
        // Timed as the peers' move is: from just before the dispatch until it returns, the engine's handler (the
        // container's position, kept until it may have moved, the hit-test in the index, the events) having reported the seat within it. An
        // index answering later (a promise) would be waited for, its wait timed too.
        let got = NaN;
        const off = engine.on('seatHover', (hover) => {
          got = hover?.seat ?? -1;
        });
        const t0 = performance.now();
        engine.container.dispatchEvent(new PointerEvent('pointermove', { clientX: p.x + rect.left, clientY: p.y + rect.top, pointerType: 'mouse', bubbles: true }));
        let t1 = performance.now();
        if (Number.isNaN(got)) {
          await new Promise<void>((resolve) => {
            const offLate = engine.on('seatHover', () => {
              offLate();
              resolve();
            });
          });
          t1 = performance.now();
        }
        off();
        ms.push(t1 - t0);
        if (got === seat) hits++;
        // One move a frame, as the peers' loop does and as browsers deliver pointer moves: the hover ring the
        // engine draws in that frame is not timed as part of the next sample.
        await engine.nextFrame();
      }
      return { n: ms.length, hits, ms, isolated: crossOriginIsolated };
    },

    async selectRow(seatIndex) {
      const { engine } = need();
      await showSeatUnselected(seatIndex);
      const p = engine.seatScreenPosition(seatIndex);
      const rect = engine.container.getBoundingClientRect();
      const init = { clientX: p.x + rect.left, clientY: p.y + rect.top, pointerType: 'mouse', button: 0, buttons: 1, shiftKey: true, bubbles: true, pointerId: 1, isPrimary: true };
      // Resolves when the row is selected (the engine draws a user's selection at once) or the click
      // turned out to select nothing (every seat of the row unselectable).
      const applied = new Promise<void>((resolve) => {
        const offs = [
          engine.on('selectionChange', () => done()),
          engine.on('seatClick', ({ selectable }) => {
            if (!selectable) done();
          }),
        ];
        const done = () => {
          offs.forEach((off) => off());
          resolve();
        };
      });
      const t0 = performance.now();
      engine.container.dispatchEvent(new PointerEvent('pointerdown', init));
      engine.container.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }));
      await Promise.race([applied, new Promise((r) => setTimeout(r, 2000))]);
      const jsMs = performance.now() - t0;
      engine.syncGpu();
      const ms = performance.now() - t0;
      api.lastSelectRow = { ms, jsMs, selected: engine.getSelection().length };
      return ms;
    },

    async prepareClick(seatIndex) {
      const { engine } = need();
      await showSeatUnselected(seatIndex);
      expectClick();
      const p = engine.seatScreenPosition(seatIndex);
      const rect = engine.container.getBoundingClientRect();
      return { x: p.x + rect.left, y: p.y + rect.top };
    },

    async clickResult() {
      const timing = await clickTiming();
      return { ...timing, selected: need().engine.getSelection().length };
    },

    recolorAll() {
      const { engine, model } = need();
      // Two palettes built once per venue and alternated: the timed part allocates nothing, so a
      // collection of the bench's own garbage does not land in it.
      if (palettes?.model !== model) palettes = { model, colors: [demoColors(model, 1).seatColors, demoColors(model, 2).seatColors] };
      variant++;
      const seatColors = palettes.colors[variant % 2];
      const t0 = performance.now();
      engine.setSeatColors(seatColors);
      const jsMs = performance.now() - t0;
      const nextRenderJsMs = engine.renderNow();
      api.lastRecolor = { jsMs, nextRenderJsMs };
      return jsMs;
    },

    async panZoom({ zoomedIn, frames, forceSeats, zoom }) {
      const { engine, model } = need();
      engine.setLevelOfDetail(forceSeats ? { minSeatRadiusPx: 0, seatBudget: Infinity } : {});
      if (zoomedIn) engine.zoomToSection(model.rowSection[model.seatRow[middleSeat(model)]]);
      else engine.fitToVenue();
      if (zoom && zoom !== 1) {
        // Around the middle seat, so the view is full of seats rather than a floor or a pitch.
        const seat = middleSeat(model);
        const scale = engine.camera.scale * zoom;
        const cx = engine.container.clientWidth / 2;
        const cy = engine.container.clientHeight / 2;
        engine.setCamera({ x: cx - model.seatX[seat] * scale, y: cy - model.seatY[seat] * scale, scale });
      }
      engine.renderNow();
      engine.syncGpu();
      await settleFrames(2000);
      const start = engine.camera;
      const seatsDrawn = engine.seatsVisible;
      const onScreen = seatsOnScreen(engine, model);
      const frameMs: number[] = [];
      const jsMs: number[] = [];
      let last = await raf();
      const amplitude = Math.min(engine.container.clientWidth, engine.container.clientHeight) * 0.08;
      for (let f = 0; f < frames; f++) {
        const now = await raf();
        frameMs.push(now - last);
        last = now;
        const t0 = performance.now();
        const a = (f / 30) * Math.PI * 2;
        const zoom = 1 + 0.04 * Math.sin(a / 2);
        engine.setCamera({ x: start.x + Math.cos(a) * amplitude, y: start.y + Math.sin(a) * amplitude, scale: start.scale * zoom });
        engine.renderNow();
        jsMs.push(performance.now() - t0);
      }
      // The last frame's interval: wait for it so every render is paid for.
      frameMs.push((await raf()) - last);
      frameMs.shift();
      const gpuMs: number[] = [];
      for (let f = 0; f < Math.min(frames, 30); f++) {
        const a = (f / 30) * Math.PI * 2;
        engine.setCamera({ x: start.x + Math.cos(a) * amplitude, y: start.y + Math.sin(a) * amplitude, scale: start.scale * (1 + 0.04 * Math.sin(a / 2)) });
        engine.syncGpu();
        const t0 = performance.now();
        engine.renderNow();
        engine.syncGpu();
        gpuMs.push(performance.now() - t0);
      }
      engine.setLevelOfDetail({});
      api.lastPanZoom = { frameMs, jsMs, gpuMs, seatsDrawn, seatsOnScreen: onScreen, camera: start };
      return frameMs;
    },

    async baselineFrames(frames) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(innerWidth * devicePixelRatio);
      canvas.height = Math.round(innerHeight * devicePixelRatio);
      canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;z-index:10';
      document.body.appendChild(canvas);
      const gl = canvas.getContext('webgl2', { antialias: false, alpha: false });
      const out: number[] = [];
      try {
        let last = await raf();
        for (let f = 0; f < frames; f++) {
          const now = await raf();
          out.push(now - last);
          last = now;
          gl?.clearColor((f % 2) * 0.5, 0.5, 0.5, 1);
          gl?.clear(gl.COLOR_BUFFER_BIT);
        }
      } finally {
        canvas.remove();
      }
      return out;
    },

    heapMB() {
      const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      return mem ? mem.usedJSHeapSize / 1048576 : null;
    },
  };
  return api;
}
