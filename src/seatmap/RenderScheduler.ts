/**
 * Render on change: `request()` asks for one frame on the next animation frame; nothing draws while the
 * map is still. Counts frames and the JS time of each render call (the bench and the test state read them).
 *
 * While a pointer moves over the map the frames are kept coming (`keepWarm`): an animation frame is asked for at
 * every vsync, from the frame's own callback, and drawn only when something asked for it. A pointer move then asks
 * for its frame (the hover ring's) by setting a flag, not by calling `requestAnimationFrame` inside the move's
 * handler: in a page at rest that call starts the browser's frame machinery (~0.25 ms under software GL), and even in
 * a page producing frames it is the largest single cost of the handler after the event's dispatch. When the pointer
 * has been still for the warm time the loop stops, so a map left alone asks for no frame.
 */
/** How long frames keep coming after the last pointer move over the map. */
export const POINTER_WARM_MS = 2000;

export type FrameClock = Pick<typeof globalThis, 'requestAnimationFrame' | 'cancelAnimationFrame'> & { now(): number };

/** The page's own functions, bound (no function of ours in between: nothing more for the JIT to compile). */
function pageClock(): FrameClock {
  return {
    requestAnimationFrame: globalThis.requestAnimationFrame.bind(globalThis),
    cancelAnimationFrame: globalThis.cancelAnimationFrame.bind(globalThis),
    now: performance.now.bind(performance),
  };
}

export class RenderScheduler {
  frames = 0;
  lastJsMs = 0;
  /** The animation frame asked for (0: none). */
  private pending = 0;
  /** Whether the next animation frame draws (a request since the last render). */
  private due = false;
  /** Until when (the frames' timestamps, ms) animation frames keep coming without a request. */
  private warmUntil = -Infinity;
  /** keepWarm was called since the last animation frame (its time is the frame's: a move reads no clock). */
  private warmed = false;
  private warmMs = 0;
  private waiters: (() => void)[] = [];
  private destroyed = false;
  private readonly onAnimationFrame = (time: number): void => {
    this.pending = 0;
    if (this.warmed) {
      this.warmed = false;
      this.warmUntil = time + this.warmMs;
    }
    if (this.due) this.renderNow();
    if (!this.pending && !this.destroyed && time < this.warmUntil) this.pending = this.clock.requestAnimationFrame(this.onAnimationFrame);
  };

  constructor(
    private readonly render: () => void,
    private readonly onFrame: (frame: number, jsMs: number) => void,
    private readonly clock: FrameClock = pageClock(),
  ) {}

  /** Whether animation frames are being asked for (a frame due, or the loop kept warm). */
  get running(): boolean {
    return this.pending !== 0;
  }

  request(): void {
    if (this.destroyed) return;
    this.due = true;
    if (!this.pending) this.pending = this.clock.requestAnimationFrame(this.onAnimationFrame);
  }

  /**
   * Keeps animation frames coming until `ms` after the next one (a pointer moving over the map): a request in that
   * time costs a flag. Reads no clock and allocates nothing; asks for a frame only when none is asked for.
   */
  keepWarm(ms: number): void {
    if (this.destroyed) return;
    this.warmed = true;
    this.warmMs = ms;
    if (!this.pending) this.pending = this.clock.requestAnimationFrame(this.onAnimationFrame);
  }

  /** Renders at once (inside a rAF callback that already changed the scene, or for a synchronous measure). */
  renderNow(): void {
    if (this.destroyed) return;
    this.due = false;
    // The frame asked for is not needed any more, unless the loop is kept warm (it asks for the next itself).
    if (this.pending && !this.warmed && this.clock.now() >= this.warmUntil) {
      this.clock.cancelAnimationFrame(this.pending);
      this.pending = 0;
    }
    const t0 = this.clock.now();
    this.render();
    this.lastJsMs = this.clock.now() - t0;
    this.frames++;
    const waiters = this.waiters;
    if (waiters.length > 0) {
      this.waiters = [];
      for (const w of waiters) w();
    }
    this.onFrame(this.frames, this.lastJsMs);
  }

  /** Resolves after the next render (requesting one). */
  nextFrame(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.request();
    });
  }

  destroy(): void {
    this.destroyed = true;
    if (this.pending) this.clock.cancelAnimationFrame(this.pending);
    this.pending = 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
