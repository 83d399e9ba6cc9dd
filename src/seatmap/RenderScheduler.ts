/**
 * Render on change: `request()` asks for one frame on the next animation frame; nothing draws while the
 * map is still. Counts frames and the JS time of each render call (the bench and the test state read them).
 */
export class RenderScheduler {
  frames = 0;
  lastJsMs = 0;
  private pending = 0;
  private waiters: (() => void)[] = [];
  private destroyed = false;

  constructor(
    private readonly render: () => void,
    private readonly onFrame: (frame: number, jsMs: number) => void,
  ) {}

  request(): void {
    if (this.pending || this.destroyed) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.renderNow();
    });
  }

  /** Renders at once (inside a rAF callback that already changed the scene, or for a synchronous measure). */
  renderNow(): void {
    if (this.destroyed) return;
    if (this.pending) {
      cancelAnimationFrame(this.pending);
      this.pending = 0;
    }
    const t0 = performance.now();
    this.render();
    this.lastJsMs = performance.now() - t0;
    this.frames++;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
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
    if (this.pending) cancelAnimationFrame(this.pending);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
