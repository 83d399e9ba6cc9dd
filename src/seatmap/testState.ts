/**
 * `window.__seatMap` for browser tests (test builds only): the engine's state, read live, so a test can
 * put the pointer on a known seat and assert on what the engine thinks rather than on pixels.
 * Positions here are viewport (client) coordinates, ready for `page.mouse.move(x, y)`.
 */
import type { SeatMapEngine } from './SeatMapEngine';

export interface SeatMapTestState {
  readonly ready: boolean;
  readonly seatCount: number;
  readonly selected: number[];
  readonly focusSeat: number;
  readonly hoverSeat: number;
  readonly hoverSection: number;
  readonly selectedSection: number;
  readonly camera: { x: number; y: number; scale: number };
  readonly seatsVisible: boolean;
  readonly frames: number;
  readonly lastAnnouncement: string;
  /** Labels the last frame drew: row labels, seat numbers, selection counts on sections, standing areas. */
  readonly labels: { rows: number; pinnedRows: number; seats: number; sections: number; areas: number };
  /** How the selection is drawn: 'rings', or 'sections' (tinted sections with a count) for a large one. */
  readonly selectionShownBy: 'rings' | 'sections';
  readonly selectionRings: number;
  /** Of those, the rings drawn on the overlay over the map (a small selection: SelectionOverlay), not in the WebGL scene. */
  readonly selectionOverlayRings: number;
  /** Seats whose rows meet the view (0 when only sections are drawn). */
  readonly seatsInView: number;
  /** Drawn at half the resolution now: the camera is moving zoomed in (SeatMapEngine.drawCheaperWhileMoving). */
  readonly drawnReduced: boolean;
  /** Frames drawn at the reduced resolution since the map opened. */
  readonly reducedFrames: number;
  /** Sections and seats drawn from the cached view now: the camera is moving over small seats (SeatMapScene.setCachedView). */
  readonly drawnCached: boolean;
  /** Frames drawn from the cached view since the map opened. */
  readonly cachedFrames: number;
  /** The cached view serves the camera now with the current colours: a move's frames would be drawn from it. */
  readonly cachedViewReady: boolean;
  /** A typical seat's radius on screen (CSS px); a moving camera draws seats under 3 px from the cached view. */
  readonly seatRadiusPx: number;
  worldToScreen(x: number, y: number): { x: number; y: number };
  screenToWorld(x: number, y: number): { x: number; y: number };
  seatScreenPosition(seat: number): { x: number; y: number };
  /** The middle of the named section's bounds (a standing area's, to click it). */
  sectionScreenPosition(name: string): { x: number; y: number };
  /** A seat's colour in the engine's buffer (0xRRGGBBAA): what the map draws, not what the page last computed. */
  seatColor(seat: number): number;
  /**
   * The colour (0xRRGGBBAA) the last frame drew the seat in: when it came from the cached view, the colour the view's
   * texture was drawn with (a stale texture shows an old colour here; -1 unless exposed with `drawnColors`), else the
   * engine's buffer's.
   */
  seatColorDrawn(seat: number): number;
  /** Resolves after the next rendered frame. */
  nextFrame(): Promise<void>;
}

declare global {
  interface Window {
    __seatMap?: SeatMapTestState;
  }
}

/**
 * `drawnColors`: the cached view keeps a copy of the colours it is drawn with, so `seatColorDrawn` can answer for its
 * frames (4 bytes a seat; the console's test builds, not the bench's harness, whose heap is a measured figure).
 */
export function exposeTestState(engine: SeatMapEngine, { drawnColors = false } = {}): () => void {
  let lastAnnouncement = '';
  const off = engine.on('announce', ({ text }) => {
    lastAnnouncement = text;
  });
  const origin = () => engine.container.getBoundingClientRect();
  if (drawnColors) engine.keepDrawnColors();
  const state: SeatMapTestState = {
    ready: true,
    seatCount: engine.seatCount,
    get selected() {
      return Array.from(engine.getSelection());
    },
    get focusSeat() {
      return engine.focusSeat;
    },
    get hoverSeat() {
      return engine.hoverSeat;
    },
    get hoverSection() {
      return engine.hoverSection;
    },
    get selectedSection() {
      return engine.selectedSection;
    },
    get camera() {
      return engine.camera;
    },
    get seatsVisible() {
      return engine.seatsVisible;
    },
    get frames() {
      return engine.framesRendered;
    },
    get labels() {
      return engine.labelCounts;
    },
    get selectionShownBy() {
      return engine.selectionShownBy;
    },
    get selectionRings() {
      return engine.selectionRingsDrawn;
    },
    get selectionOverlayRings() {
      return engine.selectionOverlayRings;
    },
    get seatsInView() {
      return engine.seatsInView;
    },
    get drawnReduced() {
      return engine.drawnReduced;
    },
    get reducedFrames() {
      return engine.reducedFrames;
    },
    get drawnCached() {
      return engine.drawnCached;
    },
    get cachedFrames() {
      return engine.cachedFrames;
    },
    get cachedViewReady() {
      return engine.cachedViewReady;
    },
    get seatRadiusPx() {
      return engine.seatRadiusPx;
    },
    get lastAnnouncement() {
      return lastAnnouncement;
    },
    worldToScreen(x, y) {
      const o = origin();
      const p = engine.worldToScreen(x, y);
      return { x: p.x + o.left, y: p.y + o.top };
    },
    screenToWorld(x, y) {
      const o = origin();
      return engine.screenToWorld(x - o.left, y - o.top);
    },
    seatScreenPosition(seat) {
      const o = origin();
      const p = engine.seatScreenPosition(seat);
      return { x: p.x + o.left, y: p.y + o.top };
    },
    sectionScreenPosition(name) {
      const m = engine.model;
      const s = Array.from(m.sectionName).findIndex((k) => m.strings[k] === name);
      if (s < 0) throw new Error(`No section named ${name}`);
      const b = m.sectionBounds;
      return state.worldToScreen((b[4 * s] + b[4 * s + 2]) / 2, (b[4 * s + 1] + b[4 * s + 3]) / 2);
    },
    seatColor: (seat) => engine.seatColorAt(seat),
    seatColorDrawn: (seat) => engine.seatColorDrawnAt(seat),
    nextFrame: () => engine.nextFrame(),
  };
  window.__seatMap = state;
  return () => {
    off();
    if (window.__seatMap === state) delete window.__seatMap;
  };
}
