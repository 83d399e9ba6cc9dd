/**
 * The PixiJS Application behind a seat map: WebGL 2 asked for explicitly (WebGPU is not usable in the
 * test browser), no ticker (the engine renders on change), no PixiJS events (hit-testing is ours), the
 * canvas in the map's container. Made on its own so it can be prepared while the venue is still being
 * parsed (see prepareSeatMapRenderer) and then handed to the engine, which owns it from then on.
 */
import 'pixi.js/unsafe-eval'; // PixiJS without eval, so the console's Content-Security-Policy can forbid it
import { Application, RendererType, type WebGLRenderer } from 'pixi.js';

export interface RendererOptions {
  /** Device pixels per CSS pixel; defaults to devicePixelRatio, at most 2. */
  resolution?: number;
  /** CSS hex colour behind the map. */
  background?: string;
}

export const DEFAULT_BACKGROUND = '#f3f4f6';

export class SeatMapRenderer {
  /** Set once programs were compiled ahead (prepareSeatMapRenderer). */
  precompiled = false;
  private destroyed = false;

  private constructor(readonly app: Application, readonly resolution: number, readonly background: string) {}

  static async create(container: HTMLElement, options: RendererOptions = {}): Promise<SeatMapRenderer> {
    const resolution = options.resolution ?? Math.min(globalThis.devicePixelRatio || 1, 2);
    const background = options.background ?? DEFAULT_BACKGROUND;
    const app = new Application();
    await app.init({
      preference: 'webgl',
      autoStart: false,
      sharedTicker: false,
      antialias: false,
      autoDensity: true,
      resolution,
      width: Math.max(container.clientWidth, 1),
      height: Math.max(container.clientHeight, 1),
      background,
      eventMode: 'none',
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    });
    if (app.renderer.type !== RendererType.WEBGL || (app.renderer as WebGLRenderer).context.webGLVersion !== 2) {
      app.destroy({ removeView: true });
      throw new Error('The seat map needs WebGL 2, which this browser did not provide.');
    }
    app.ticker.stop();
    app.canvas.style.display = 'block';
    container.appendChild(app.canvas);
    performance.mark('seatmap:pixi-ready');
    return new SeatMapRenderer(app, resolution, background);
  }

  get isDestroyed(): boolean {
    return this.destroyed;
  }

  render(): void {
    this.app.renderer.render(this.app.stage);
  }

  /** Moves the canvas into `container` (a renderer prepared before the map's place on the page existed). */
  attachTo(container: HTMLElement): void {
    if (this.app.canvas.parentElement !== container) container.appendChild(this.app.canvas);
  }

  resize(width: number, height: number): void {
    this.app.renderer.resize(width, height);
  }

  /** Device pixels per CSS pixel drawn now: `resolution`, or half of it while reduced. */
  get pixelRatio(): number {
    return this.app.renderer.resolution;
  }

  /**
   * Draws at half the resolution (a quarter of the pixels, the canvas keeping its size on the page) or at the full
   * one again; true when that changed. Under a software rasteriser a zoomed-in frame costs its pixels
   * (bench/map/probes/zoomedFill.ts), so the engine reduces while the camera moves and sharpens when it stops.
   */
  setReduced(reduced: boolean): boolean {
    const ratio = reduced ? this.resolution / 2 : this.resolution;
    if (ratio === this.app.renderer.resolution) return false;
    const { width, height } = this.app.renderer.screen;
    this.app.renderer.resize(width, height, ratio);
    return true;
  }

  /** Blocks until the GPU finished what was sent (reads one pixel back); returns the ms waited. */
  syncGpu(): number {
    const t0 = performance.now();
    const gl = (this.app.renderer as WebGLRenderer).gl;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return performance.now() - t0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.app.destroy({ removeView: true }, { children: true });
  }
}
