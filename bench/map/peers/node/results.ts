/** What the map bench's browser drivers bring back; bench/map/report turns it into metrics, tables and a chart. */
import type { FlagProfile } from './benchBrowser';
import type { HeapFigures, LongTask } from './pageProbe';

/** A pan/zoom run: what every renderer reports (ours adds gpuMs and whether seats were drawn). */
export interface PanRun {
  frameMs: number[];
  /** JS in the frame callback. */
  jsMs: number[];
  /** Peers: the browser's main-thread rendering work after the callback (style, layout, paint, commit). */
  frameWorkMs?: number[];
  gpuMs?: number[];
  seatsDrawn?: boolean;
  seatsOnScreen: number;
  camera: { x: number; y: number; scale: number };
}

export interface OpenRun {
  /** Renderer's own clock: mount/engine created → first frame's main-thread work done. */
  firstFrameMainMs: number;
  /** → pixels on screen (frames stop stalling). */
  firstFrameMs: number;
  /** Ours: open() → pixels including worker parse and hand-over (generation excluded). Peers: same as firstFrameMs. */
  totalMs: number;
  settleFrames: number;
  /** Ours only. */
  parseMs?: number;
  transferMs?: number;
  /** Ours: the hand-over timed several times in a row. */
  transferSamplesMs?: number[];
  firstFramePixelsMs?: number;
  /** Peers: the cadence did not settle within the page's limit, firstFrameMs is a lower bound. */
  settleTimedOut?: boolean;
  /** Ours from a URL: the model came from the browser's model cache. */
  cached?: boolean;
}

/** A real shift-click on a row, as Event Timing saw it (bench/map/harness/interactionTiming.ts). */
export interface ClickRun {
  /** Input → next frame presented (Chromium rounds to 8 ms; 16 when unreported, i.e. faster). */
  ms: number;
  processingMs: number;
  reported: boolean;
  /** Seats the click selected (0: it missed the seat, the sample is not counted). */
  selected: number;
}

/** One phase of the interactive session, for long-task attribution. */
export interface Phase {
  name: string;
  from: number;
  to: number;
}

export interface RendererRun {
  /** 'ours' or a peer id. */
  renderer: string;
  profile: FlagProfile;
  seats: number;
  opens: OpenRun[];
  /** Ours: reopens with the model in the browser's model cache (measureCachedOpens). */
  cachedOpens?: OpenRun[];
  /** Set when the renderer could not open the venue within the limit (the figure is the limit). */
  openTimeoutMs?: number;
  /** Set when the run was skipped (e.g. a smaller venue already timed out). */
  skipped?: string;
  /** Errors met on the way (a case that timed out, a page that crashed), each a sentence. */
  notes: string[];
  panWhole?: PanRun;
  /** Ours only: every seat drawn at whole-venue zoom (level of detail off): like-for-like with the peers. */
  panWholeAllSeats?: PanRun;
  panZoomed?: PanRun;
  /** `isolated`: the page was cross-origin isolated, so its clock had 5 µs steps rather than 0.1 ms. */
  hover?: { n: number; hits: number; ms: number[]; isolated?: boolean };
  selects: { ms: number; jsMs: number; selected: number }[];
  /** The same rows shift-clicked with the mouse, timed by the browser (input → next frame presented). */
  clicks: ClickRun[];
  recolors: { jsMs: number; nextRenderJsMs: number }[];
  heap?: HeapFigures;
  longTasks: LongTask[];
  phases: Phase[];
}

export interface NavigationRun {
  /** navigationStart → pixels on screen, generation subtracted. */
  navToPixelsMs: number;
  /** navigationStart → the engine's first render call returned, generation subtracted. */
  navToFirstRenderMs: number;
  domContentLoadedMs: number;
  generateMs: number;
  parseMs: number;
  transferMs: number;
  firstFrameMs: number;
}

export interface MapBenchRun {
  startedAt: string;
  durationMs: number;
  load: number[];
  runs: RendererRun[];
  /** rAF intervals of a bare WebGL canvas that only clears, per profile: the machine's floor. */
  baselines: { profile: FlagProfile; frameMs: number[] }[];
  navigation: { seats: number; runs: NavigationRun[]; error?: string } | null;
}
