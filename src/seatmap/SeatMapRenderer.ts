/**
 * The PixiJS renderer behind a seat map: WebGL 2 (WebGPU is not usable in the test browser), no ticker (the engine
 * renders on change), no PixiJS events (hit-testing is ours). Made on its own so it can be prepared while the venue
 * is still being parsed (see prepareSeatMapRenderer) and then handed to the engine, which owns it from then on.
 *
 * A WebGLRenderer made directly rather than through Application.init: that path first creates and throws away a
 * WebGL 1 context to test for support, then loads the renderer's code and PixiJS's browser extensions (events,
 * accessibility, DOM, filters, sprite sheets: none of which the map uses) with dynamic imports, one after another.
 * The canvas stays off the page until the engine attaches it, so the browser does not composite (with software GL:
 * read back) an empty canvas while the shaders are compiled (bench/map/probes/harnessOpen.ts, docs/venue-map-journal.md).
 */
import 'pixi.js/unsafe-eval'; // PixiJS without eval, so the console's Content-Security-Policy can forbid it
import { Container, DOMAdapter, getMaxFragmentPrecision, Rectangle, RenderTarget, Ticker, WebGLRenderer, type RenderOptions, type RenderTexture } from 'pixi.js';
import { skipUnusedExtensions, useLeanRenderer } from './leanRenderer';

export interface RendererOptions {
  /** Device pixels per CSS pixel; defaults to devicePixelRatio, at most 2. */
  resolution?: number;
  /** CSS hex colour behind the map. */
  background?: string;
}

export const DEFAULT_BACKGROUND = '#f3f4f6';

/**
 * PixiJS asks for the highest fragment shader precision when it makes its first program (getMaxFragmentPrecision), of
 * a WebGL 1 context it creates on a canvas of its own for that and keeps for the page's life: one more GPU-process
 * context made at the renderer's start (PixiJS's own back-buffer program is made during init). The answer is the same
 * from the map's own context, so the question is put to it once, before init; PixiJS keeps the answer.
 */
function answerPrecisionFrom(gl: WebGL2RenderingContext): void {
  const browser = DOMAdapter.get();
  DOMAdapter.set({ ...browser, createCanvas: () => ({ getContext: () => gl }) as unknown as HTMLCanvasElement });
  try {
    getMaxFragmentPrecision();
  } finally {
    DOMAdapter.set(browser);
  }
}

/**
 * PixiJS's scheduler (its texture and resource collection checks) listens to the page-wide `Ticker.system`, and adding
 * it starts that ticker: an animation frame asked for at every vsync for the page's life, on a map left alone too (~45
 * ms of the page's CPU and ~17 ms of the GPU process's a second), and every message or task of the page could wait
 * behind one of its frames (bench/map/probes/handoverSamples.ts, docs/venue-map-journal.md). The engine draws on change, so the
 * ticker is stopped once a renderer has started, and advanced by the renderer's draws (advanceScheduler). While a
 * pointer moves over the map the engine's own RenderScheduler keeps frames coming (keepWarm), without PixiJS's tick.
 */
function stopFrameLoop(): void {
  Ticker.system.autoStart = false;
  Ticker.system.stop();
}

/** What a frame of `Ticker.system` did, before each draw while it is stopped: PixiJS's scheduled checks, due ones only. */
function advanceScheduler(): void {
  if (!Ticker.system.started) Ticker.system.update();
}

export class SeatMapRenderer {
  /** How many of SeatMapScene's PRECOMPILE_STAGES were compiled on this renderer (prepareSeatMapRenderer: the first). */
  precompiledStages = 0;
  private destroyed = false;
  /** While drawOffCanvas runs: the small target render() draws into instead of the canvas. */
  private offCanvas: RenderTarget | null = null;
  private offCanvasTarget: RenderTarget | null = null;

  /** What the scene draws: the root of the map's display tree. */
  readonly stage = new Container();
  /** The top-left quarter of the canvas (CSS pixels) while reduced, else null: see setReduced. */
  private reducedFrame: Rectangle | null = null;

  private constructor(private readonly gpu: WebGLRenderer, readonly resolution: number, readonly background: string) {}

  /**
   * `size`: the element whose size the canvas starts with (the map's container, or a stand-in when it is not on the
   * page yet; the engine resizes to its container). The canvas is not put anywhere: see attachTo.
   */
  static async create(size: HTMLElement, options: RendererOptions = {}): Promise<SeatMapRenderer> {
    const resolution = options.resolution ?? Math.min(globalThis.devicePixelRatio || 1, 2);
    const background = options.background ?? DEFAULT_BACKGROUND;
    // The context PixiJS would make, made here so that PixiJS's question about the fragment shaders' precision is
    // asked of it (answerPrecisionFrom). A browser without WebGL 2 is left to PixiJS's own choice of context, as before.
    // With an alpha channel, although every pixel drawn is opaque (the background is cleared opaque, and premultiplied
    // "over" keeps alpha at 1): the browser stores a canvas without one as RGBA with alpha writes masked, and under
    // SwiftShader a draw's pipeline is built per colour write mask, so a draw into a texture (RGBA, all channels
    // written) would not build the canvas's. With it, drawOffCanvas builds the very pipelines the canvas then uses
    // (docs/venue-map-journal.md, "The cold open at 20k: the GPU process's cost").
    // Without depth or stencil buffers: the map tests no depth and draws no masks, and under SwiftShader a canvas with
    // them cost the GPU process 0-40 ms more CPU an open at 20k and 20-40 at 100k (the journal, "The importer's next
    // Turbofan jobs and the canvas's depth and stencil"); PixiJS takes it without its warning about masks
    // (useLeanRenderer: validateContextWithoutStencil).
    const width = Math.max(size.clientWidth, 1);
    const height = Math.max(size.clientHeight, 1);
    const canvas = document.createElement('canvas');
    // The drawing buffer made at the size PixiJS gives the canvas (its pixel size: CSS size × resolution), so that it is
    // allocated once: made at the default 300 × 150 and resized by PixiJS's init, it was allocated twice by the GPU
    // process (PixiJS sets the canvas's size only when it differs).
    canvas.width = Math.round(width * resolution);
    canvas.height = Math.round(height * resolution);
    const gl = canvas.getContext('webgl2', { alpha: true, premultipliedAlpha: true, antialias: false, depth: false, stencil: false, preserveDrawingBuffer: false, powerPreference: 'default' });
    if (gl) {
      // PixiJS then asks only for the extensions the map uses; useLeanRenderer: nor does it make what the map never draws.
      skipUnusedExtensions(gl);
      answerPrecisionFrom(gl);
    }
    useLeanRenderer();
    const gpu = new WebGLRenderer();
    await gpu.init({
      ...(gl ? { canvas, context: gl } : {}),
      preferWebGLVersion: 2,
      skipExtensionImports: true,
      antialias: false,
      autoDensity: true,
      resolution,
      width,
      height,
      background,
    });
    if (gpu.context.webGLVersion !== 2) {
      gpu.destroy({ removeView: true });
      throw new Error('The seat map needs WebGL 2, which this browser did not provide.');
    }
    stopFrameLoop();
    gpu.canvas.style.display = 'block';
    performance.mark('seatmap:pixi-ready');
    return new SeatMapRenderer(gpu, resolution, background);
  }

  get isDestroyed(): boolean {
    return this.destroyed;
  }

  render(): void {
    advanceScheduler();
    if (this.offCanvasTarget) this.gpu.render({ container: this.stage, target: this.offCanvasTarget, clear: true, clearColor: this.background });
    else if (this.reducedFrame) this.gpu.render({ container: this.stage, frame: this.reducedFrame } as RenderOptions);
    else this.gpu.render(this.stage);
  }

  /**
   * Draws the stage into `target` (a render texture), not on screen, at the full resolution even while reduced (the
   * caller places the world in the texture's pixels); cleared to the background first unless `clear` is false (a
   * later part of a drawing made in parts).
   *
   * The commands are submitted at once (flush): drawn outside a frame (the cached view's parts at rest or after a
   * moving frame), they would otherwise wait in the command buffer until the next frame's commit sent them, and that
   * commit, which waits for the GPU, then paid for them too: 27-110 ms of a whole-venue texture's GPU work was still
   * to do 150 ms after it was drawn, none once flushed (docs/venue-map-journal.md, fourth session).
   */
  renderTo(target: RenderTexture, clear = true): void {
    const scale = this.stage.scale.x;
    this.stage.scale.set(1);
    advanceScheduler();
    this.gpu.render({ container: this.stage, target, clear, clearColor: this.background });
    this.stage.scale.set(scale);
    this.flush();
  }

  /**
   * Runs `draw` with render() drawing into a small target of its own instead of the canvas: programs are compiled and
   * their pipelines built (software GL builds a pipeline on its first draw) without touching the canvas, so no frame
   * of the page waits for that work (with software compositing, a frame reads the canvas back and so waits for
   * everything sent to it). The target has what the canvas has (RGBA, no depth or stencil), so the pipelines built are
   * the canvas's own.
   */
  drawOffCanvas(draw: () => void): void {
    this.offCanvas ??= new RenderTarget({ width: 16, height: 16, depth: false, stencil: false });
    this.offCanvasTarget = this.offCanvas;
    try {
      draw();
    } finally {
      this.offCanvasTarget = null;
    }
  }

  /**
   * Moves the canvas into `container` (a renderer prepared before the map's place on the page existed). The container
   * clips: a reduced frame shows the canvas scaled up (see setReduced).
   */
  attachTo(container: HTMLElement): void {
    if (this.gpu.canvas.parentElement !== container) container.appendChild(this.gpu.canvas);
    container.style.overflow = 'hidden';
  }

  resize(width: number, height: number): void {
    this.gpu.resize(width, height);
    if (this.reducedFrame) this.reducedFrame = new Rectangle(0, 0, width / 2, height / 2);
  }

  /** Device pixels per CSS pixel drawn now: `resolution`, or half of it while reduced. */
  get pixelRatio(): number {
    return this.reducedFrame ? this.resolution / 2 : this.resolution;
  }

  /**
   * Draws at half the resolution (a quarter of the pixels, the canvas keeping its size on the page) or at the full
   * one again; true when that changed. Under a software rasteriser a zoomed-in frame costs its pixels
   * (bench/map/probes/zoomedFill.ts), so the engine reduces while the camera moves and sharpens when it stops.
   *
   * The drawing buffer keeps its size: a reduced frame is drawn, at half scale, into the canvas's top-left quarter,
   * and the canvas is shown twice as large (a CSS transform, clipped by its container). Resizing the buffer instead
   * (PixiJS's resize with half the resolution) reallocated it on every start and stop of a move: 40-50 % of the
   * main thread's time in the bench's user session, in tasks of 50-300 ms (bench/map/probes/harnessSession.ts).
   */
  setReduced(reduced: boolean): boolean {
    if (reduced === (this.reducedFrame !== null)) return false;
    const { width, height } = this.gpu.screen;
    this.reducedFrame = reduced ? new Rectangle(0, 0, width / 2, height / 2) : null;
    this.stage.scale.set(reduced ? 0.5 : 1);
    const style = this.gpu.canvas.style;
    style.transformOrigin = '0 0';
    style.transform = reduced ? 'scale(2)' : '';
    return true;
  }

  /**
   * Has the GPU run what was drawn so far, without waiting for it: what is not drawn for a frame on the page (a canvas
   * off the page, a texture) is otherwise sent only with the next frame's commit. A fence makes the flush submit.
   */
  flush(): void {
    const gl = this.gpu.gl as WebGL2RenderingContext;
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    if (sync) gl.deleteSync(sync);
  }

  /**
   * A fence after what was sent so far; the function returned tells, without blocking, whether the GPU has run it
   * (the browser updates a fence's status between tasks, so ask again in a later task).
   */
  fence(): () => boolean {
    const gl = this.gpu.gl as WebGL2RenderingContext;
    const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    let done = sync === null;
    return () => {
      if (!done && sync && !this.destroyed) {
        done = gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED;
        if (done) gl.deleteSync(sync);
      }
      return done || this.destroyed;
    };
  }

  /** Blocks until the GPU finished what was sent (reads one pixel back); returns the ms waited. */
  syncGpu(): number {
    const t0 = performance.now();
    const gl = this.gpu.gl;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return performance.now() - t0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.offCanvas?.destroy();
    this.stage.destroy({ children: true });
    this.gpu.destroy({ removeView: true });
  }
}
