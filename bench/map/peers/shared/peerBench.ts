/**
 * `window.__bench` for a peer page: the subset of the harness's API (bench/map/harness/README.md) that a peer
 * can answer, measured the same way: open → first frame (main thread and pixels on screen), pan/zoom frame
 * times on the same camera path, re-colour, shift-click row → selection drawn, hover hit-test, heap.
 *
 * Where a peer differs from our engine the measure follows the peer's nature and says so:
 * - DOM peers draw on the browser's next frame, so their "drawn" and "next render" figures are the main-thread
 *   rendering work of that frame (style, layout, paint, commit: animation frame → a task posted from it).
 * - Canvas peers draw synchronously; "drawn" waits for one pixel read back, like our engine's GPU sync.
 */
import { beforeHoverSweep, settleFrames } from '../../harness/frames';
import { clickTiming, expectClick, type ClickTiming } from '../../harness/interactionTiming';
import type { CameraState, Viewport } from '../../../../src/seatmap/Camera';
import type { PeerRenderer } from './PeerRenderer';
import { middleSection, pathCamera, sectionCamera, seatsInView, wholeVenueCamera } from './peerCamera';
import { generatePeerSvg, parsePeerVenue, type PeerVenue } from './peerVenue';
import { demoColors } from '../../harness/demoColors';

export interface PeerOpenResult {
  seats: number;
  renderer: string;
  /** SVG generation and its encoding to bytes before the clock starts (stands in for the download). */
  prepareMs: number;
  /** The SVG's bytes decoded and parsed on the main thread (our importer; a peer has no worker). */
  parseMs: number;
  /** Open → pixels on screen: parse + mount → pixels (colours and the peer's input conversion excluded). */
  totalMs: number;
  /** mount() returned: the peer built its scene (and, for canvases, drew it). */
  mountJsMs: number;
  /** Mount → the first frame's main-thread rendering work done (style, layout, paint, commit). */
  firstFrameMainMs: number;
  /** Mount → frames stop stalling (four animation frames under 25 ms in a row): pixels on screen. */
  firstFrameMs: number;
  settleFrames: number[];
  /** The cadence never settled within the settle timeout; firstFrameMs is then a lower bound. */
  settleTimedOut: boolean;
}

export interface PeerPanZoomOptions {
  zoomedIn: boolean;
  frames: number;
  /** Stop early after this long (slow peers), but not before `minFrames`; the frame count says how many were measured. */
  maxMs?: number;
  /** At least this many frames even past maxMs (default 2): one frame alone hides the pipeline's back-pressure. */
  minFrames?: number;
  /** The exact start camera (the runner passes our engine's), else computed like our engine does. */
  camera?: CameraState;
}

export interface PeerPanZoomStats {
  frameMs: number[];
  /** JS in the animation-frame callback: camera change (+ the full redraw for canvas peers). */
  jsMs: number[];
  /** Main-thread rendering work after the callback (style, layout, paint, commit). */
  frameWorkMs: number[];
  seatsOnScreen: number;
  camera: CameraState;
}

export interface PeerBenchApi {
  readonly id: string;
  readonly seatCount: number;
  readonly ready: boolean;
  /**
   * Generates a venue's SVG without opening it (optional first step, so a caller can put a time limit on open()
   * alone); open(seats) uses it when the seat count matches, else prepares itself.
   */
  prepare(seats: number): Promise<number>;
  open(seats: number): Promise<PeerOpenResult>;
  panZoom(options: PeerPanZoomOptions): Promise<number[]>;
  lastPanZoom: PeerPanZoomStats | null;
  recolorAll(): Promise<number>;
  lastRecolor: { jsMs: number; nextRenderJsMs: number } | null;
  selectRow(seat: number): Promise<number>;
  lastSelectRow: { ms: number; jsMs: number; selected: number } | null;
  /** As ours (bench/map/harness/benchApi.ts): a real shift-click from the driver, timed by the browser. */
  prepareClick(seat: number): Promise<{ x: number; y: number }>;
  clickResult(): Promise<ClickTiming & { selected: number }>;
  /** `maxMs`: stop early (slow peers); `n` in the answer says how many were measured. */
  hoverTest(n: number, maxMs?: number): Promise<{ n: number; hits: number; ms: number[]; isolated: boolean }>;
  heapMB(): number | null;
  cameraFor(zoomedIn: boolean): CameraState;
}

const raf = () => new Promise<number>((r) => requestAnimationFrame(r));
const OPEN_SETTLE_TIMEOUT_MS = 20_000;

/** Resolves after the next animation frame's rendering update: how long the work after the rAF callbacks took. */
export function nextFrameWork(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const t0 = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        resolve(performance.now() - t0);
      };
      ch.port2.postMessage(0);
    });
  });
}

export function createPeerBench(renderer: PeerRenderer, container: HTMLElement): PeerBenchApi {
  let venue: PeerVenue | null = null;
  let prepared: { seats: number; svg: ArrayBuffer; ms: number } | null = null;
  let mounted = false;
  let camera: CameraState = { x: 0, y: 0, scale: 1 };
  let variant = 0;
  let hoverSeat = -1;
  const viewport = (): Viewport => ({ width: container.clientWidth, height: container.clientHeight });
  const need = (): PeerVenue => {
    if (!venue || !mounted) throw new Error('Open a venue first: __bench.open(seats)');
    return venue;
  };
  const moveCamera = (c: CameraState) => {
    camera = c;
    renderer.setCamera(c);
  };
  const screenPos = (seat: number) => {
    const m = need().model;
    return { x: m.seatX[seat] * camera.scale + camera.x, y: m.seatY[seat] * camera.scale + camera.y };
  };
  /**
   * After a camera change nobody times: draw, let the browser render that frame and start the next, and wait out
   * the peer's own CSS transitions. (Not "until frames are fast": a slow peer's frames never are.)
   */
  const settle = async () => {
    renderer.drawNow();
    await nextFrameWork();
    if (renderer.transitionMs) await new Promise((r) => setTimeout(r, renderer.transitionMs));
    await raf();
  };

  /** No selection, the seat's section zoomed in when the seat is near an edge, the frame drawn. */
  const showSeatUnselected = async (seat: number) => {
    const { model } = need();
    renderer.select([]);
    const vp = viewport();
    const p = screenPos(seat);
    if (p.x < 8 || p.y < 8 || p.x > vp.width - 8 || p.y > vp.height - 8) {
      moveCamera(sectionCamera(model, vp, model.rowSection[model.seatRow[seat]]));
    }
    renderer.focusSeats?.();
    await settle();
  };
  /** Shift-click: the selectable seats of the row under the point, drawn at once where the peer can. */
  const selectRowAt = (clientX: number, clientY: number) => {
    const { model, selectable } = need();
    const hit = renderer.seatAt(clientX, clientY);
    const row: number[] = [];
    if (hit >= 0) {
      const r = model.seatRow[hit];
      for (let i = model.rowFirstSeat[r], end = i + model.rowSeatCount[r]; i < end; i++) if (selectable[i]) row.push(i);
    }
    renderer.select(row);
    return { selected: row.length, drew: renderer.drawNow() };
  };
  let clickSelected = 0;
  const onShiftClick = (e: MouseEvent) => {
    if (e.shiftKey) clickSelected = selectRowAt(e.clientX, e.clientY).selected;
  };

  const api: PeerBenchApi = {
    id: renderer.id,
    get seatCount() {
      return venue?.model.seatCount ?? 0;
    },
    get ready() {
      return mounted;
    },
    lastPanZoom: null,
    lastRecolor: null,
    lastSelectRow: null,

    cameraFor(zoomedIn) {
      const m = need().model;
      return zoomedIn ? sectionCamera(m, viewport(), middleSection(m)) : wholeVenueCamera(m, viewport());
    },

    async prepare(seats) {
      if (mounted) renderer.destroy();
      mounted = false;
      venue = null;
      const t0 = performance.now();
      prepared = { seats, svg: generatePeerSvg(seats), ms: 0 };
      prepared.ms = performance.now() - t0;
      return prepared.ms;
    },

    async open(seats) {
      if (prepared?.seats !== seats) await api.prepare(seats);
      const { svg, ms: prepareMs } = prepared!;
      prepared = null;
      // Let the preparation's long task end and a frame pass before the clock starts.
      await raf();
      await raf();
      const v = parsePeerVenue(svg);
      renderer.prepare?.(v.model, v.seatColors, v.selectable);
      const t0 = performance.now();
      renderer.mount(container, v.model, v.seatColors);
      camera = wholeVenueCamera(v.model, viewport());
      renderer.setCamera(camera);
      renderer.drawNow();
      const mountJsMs = performance.now() - t0;
      await nextFrameWork();
      const firstFrameMainMs = performance.now() - t0;
      const settled = await settleFrames(OPEN_SETTLE_TIMEOUT_MS);
      const settleTimedOut = performance.now() - t0 >= OPEN_SETTLE_TIMEOUT_MS + firstFrameMainMs - 1;
      venue = v;
      mounted = true;
      return {
        seats: v.model.seatCount,
        renderer: renderer.id,
        prepareMs,
        parseMs: v.parseMs,
        totalMs: v.parseMs + Math.max(settled.settledAt - t0, firstFrameMainMs),
        mountJsMs,
        firstFrameMainMs,
        firstFrameMs: Math.max(settled.settledAt - t0, firstFrameMainMs),
        settleFrames: settled.intervals,
        settleTimedOut,
      };
    },

    async panZoom({ zoomedIn, frames, maxMs = Infinity, minFrames = 2, camera: given }) {
      const { model } = need();
      const vp = viewport();
      const start = given ?? api.cameraFor(zoomedIn);
      moveCamera(start);
      await settle();
      const onScreen = seatsInView(model, start, vp);
      const frameMs: number[] = [];
      const jsMs: number[] = [];
      const frameWorkMs: number[] = [];
      const ch = new MessageChannel();
      let jsEnd = 0;
      ch.port1.onmessage = () => frameWorkMs.push(performance.now() - jsEnd);
      const began = performance.now();
      let last = await raf();
      for (let f = 0; f < frames && (f < minFrames || performance.now() - began < maxMs); f++) {
        const now = await raf();
        frameMs.push(now - last);
        last = now;
        const t0 = performance.now();
        moveCamera(pathCamera(start, vp, f));
        renderer.drawNow();
        jsEnd = performance.now();
        jsMs.push(jsEnd - t0);
        ch.port2.postMessage(0);
      }
      frameMs.push((await raf()) - last);
      frameMs.shift();
      ch.port1.close();
      api.lastPanZoom = { frameMs, jsMs, frameWorkMs, seatsOnScreen: onScreen, camera: start };
      return frameMs;
    },

    async recolorAll() {
      const { model } = need();
      variant++;
      const { seatColors } = demoColors(model, variant);
      const t0 = performance.now();
      renderer.setColors(seatColors);
      const jsMs = performance.now() - t0;
      const t1 = performance.now();
      const nextRenderJsMs = renderer.drawNow() ? performance.now() - t1 : await nextFrameWork();
      api.lastRecolor = { jsMs, nextRenderJsMs };
      return jsMs;
    },

    async selectRow(seat) {
      await showSeatUnselected(seat);
      const p = screenPos(seat);
      const rect = container.getBoundingClientRect();
      const t0 = performance.now();
      const { selected, drew } = selectRowAt(p.x + rect.left, p.y + rect.top);
      const jsMs = performance.now() - t0;
      if (drew) readOnePixel(container);
      else await nextFrameWork();
      const ms = performance.now() - t0;
      api.lastSelectRow = { ms, jsMs, selected };
      return ms;
    },

    async prepareClick(seat) {
      await showSeatUnselected(seat);
      // A real map's shift-click handler: what the driver's mouse click runs.
      clickSelected = 0;
      container.removeEventListener('click', onShiftClick);
      container.addEventListener('click', onShiftClick);
      expectClick();
      const p = screenPos(seat);
      const rect = container.getBoundingClientRect();
      return { x: p.x + rect.left, y: p.y + rect.top };
    },

    async clickResult() {
      const timing = await clickTiming();
      container.removeEventListener('click', onShiftClick);
      return { ...timing, selected: clickSelected };
    },

    async hoverTest(n, maxMs = Infinity) {
      const { model } = need();
      const vp = viewport();
      moveCamera(sectionCamera(model, vp, middleSection(model)));
      renderer.focusSeats?.();
      await settle();
      const candidates: number[] = [];
      for (let i = 0; i < model.seatCount && candidates.length < 4096; i++) {
        const p = screenPos(i);
        if (p.x > 10 && p.y > 10 && p.x < vp.width - 10 && p.y < vp.height - 10) candidates.push(i);
      }
      const rect = container.getBoundingClientRect();
      const ms: number[] = [];
      let hits = 0;
      // As for ours: a pointer event on the map, hit-tested by the renderer in its handler, is what is timed.
      let got = -1;
      const onMove = (e: PointerEvent) => {
        got = renderer.seatAt(e.clientX, e.clientY);
      };
      container.addEventListener('pointermove', onMove);
      try {
        await beforeHoverSweep(container);
        const began = performance.now();
        for (let k = 0; k < n && candidates.length > 0 && performance.now() - began < maxMs; k++) {
          const seat = candidates[(k * 7919) % candidates.length];
          if (seat === hoverSeat) continue;
          const p = screenPos(seat);
          const t0 = performance.now();
          container.dispatchEvent(new PointerEvent('pointermove', { clientX: p.x + rect.left, clientY: p.y + rect.top, pointerType: 'mouse', bubbles: true }));
          ms.push(performance.now() - t0);
          if (got === seat) hits++;
          hoverSeat = got;
          renderer.setHover(got);
          renderer.drawNow();
          await raf();
        }
      } finally {
        container.removeEventListener('pointermove', onMove);
      }
      return { n: ms.length, hits, ms, isolated: crossOriginIsolated };
    },

    heapMB() {
      const mem = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      return mem ? mem.usedJSHeapSize / 1048576 : null;
    },
  };
  return api;
}

/** Waits for a canvas peer's drawing to finish: one pixel read back (the 2D analogue of a GPU sync). */
function readOnePixel(container: HTMLElement): void {
  const canvas = container.querySelector('canvas');
  canvas?.getContext('2d')?.getImageData(0, 0, 1, 1);
}
