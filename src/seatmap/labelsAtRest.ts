/**
 * The label canvases shown as image bitmaps while they do not change. This Chromium hands every 2D canvas of the page
 * to the compositor again at each commit, drawn or not (software compositing: each is read out into a new resource);
 * an `ImageBitmapRenderingContext` canvas showing a bitmap is handed over once. The map's two view-sized label canvases
 * were ~1.1 ms of every frame's main-thread commit, a shift-click's frame included (it changes only the selection
 * overlay): docs/venue-map-journal.md, "The shift-click row at 20k ahead of canvas 2D (… ninth session)".
 *
 * So after the labels are drawn, a snapshot of each canvas (`createImageBitmap`, the canvas keeps its own pixels) is put
 * on a twin `bitmaprenderer` canvas in the same place, and the twin is shown instead of the 2D canvas, both canvases
 * switched in one task, so one commit has either. The labels drawn again (a camera move, a change of what they say)
 * show the 2D canvas again in the task that draws it: the labels stay in the frame of the seats they belong to. A
 * single change (a jump of the camera, new states) is captured in the task after the one that drew it, before the
 * next frame; while the labels change again and again (a pan, a wheel zoom: touches less than BURST_MS apart) the
 * capture waits for a whole animation frame without a touch, so a moving camera takes no snapshot a frame.
 *
 * This class keeps the timing (`touched` → a frame without a touch → `capture` → `show`), the caller the canvases.
 */

/** The clock the wait runs on (the page's; tests pass their own). */
export interface RestClock {
  now(): number;
  requestAnimationFrame(cb: () => void): number;
  cancelAnimationFrame(id: number): void;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface RestSurfaces<T> {
  /** Snapshots what the live canvases show now; null when there is nothing to show that way. */
  capture(): Promise<T | null>;
  /** Shows the snapshot in place of the live canvases. */
  show(snapshot: T): void;
  /** Shows the live canvases again (the snapshot shown is released). */
  showLive(): void;
  /** Releases a snapshot that will not be shown. */
  release(snapshot: T): void;
}

function pageClock(): RestClock {
  return {
    now: () => performance.now(),
    requestAnimationFrame: (cb) => globalThis.requestAnimationFrame(cb),
    cancelAnimationFrame: (id) => globalThis.cancelAnimationFrame(id),
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  };
}

/** Touches closer than this (ms) are one moving camera's: the capture waits for a frame without one. */
export const BURST_MS = 50;

export class LabelsAtRest<T> {
  /** Changes at every touch: a capture taken before the last touch is not shown. */
  private generation = 0;
  private frame = 0;
  private timer: unknown = null;
  private resting = false;
  private lastTouch = -Infinity;
  private destroyed = false;
  /** Snapshots shown so far (test builds read it). */
  shown = 0;

  constructor(private readonly surfaces: RestSurfaces<T>, private readonly clock: RestClock = pageClock()) {}

  /** Whether the snapshot is shown now (else the live canvases). */
  get atRest(): boolean {
    return this.resting;
  }

  /**
   * The live canvases are about to change (call before drawing them or moving them): they are shown again now, and a
   * snapshot is taken in the next task, or, within BURST_MS of the touch before, once a whole animation frame has
   * passed without another touch.
   */
  touched(): void {
    if (this.destroyed) return;
    this.generation++;
    const t = this.clock.now();
    const burst = t - this.lastTouch < BURST_MS;
    this.lastTouch = t;
    if (this.resting) {
      this.resting = false;
      this.surfaces.showLive();
    }
    if (this.frame || this.timer !== null) return;
    if (burst) return this.waitForQuietFrame(this.generation);
    const seen = this.generation;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (this.destroyed) return;
      if (this.generation !== seen) return this.waitForQuietFrame(this.generation);
      void this.capture(seen);
    }, 0);
  }

  /**
   * The next animation frame, then a task after it (the frame's own drawing done): when nothing touched the labels
   * since `seen`, they are captured; else wait for the frame after.
   */
  private waitForQuietFrame(seen: number): void {
    this.frame = this.clock.requestAnimationFrame(() => {
      this.frame = 0;
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        if (this.destroyed) return;
        if (this.generation !== seen) return this.waitForQuietFrame(this.generation);
        void this.capture(seen);
      }, 0);
    });
  }

  private async capture(seen: number): Promise<void> {
    let snapshot: T | null = null;
    try {
      snapshot = await this.surfaces.capture();
    } catch {
      return; // The live canvases stay shown.
    }
    if (snapshot === null) return;
    if (this.destroyed || this.generation !== seen || this.resting) return this.surfaces.release(snapshot);
    this.resting = true;
    this.shown++;
    this.surfaces.show(snapshot);
  }

  destroy(): void {
    this.destroyed = true;
    if (this.frame) this.clock.cancelAnimationFrame(this.frame);
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.frame = 0;
    this.timer = null;
  }
}
