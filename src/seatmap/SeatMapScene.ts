/**
 * The PixiJS side of the engine: the Application (WebGL 2 asked for explicitly, no ticker, no PixiJS
 * events) and the scene graph: a world container (section fills and edges, the seat mesh, selection and
 * marker rings) under screen-space marks (the selection rectangle). It draws when told to; deciding when and what is the engine's job.
 */
import { Application, Container, RendererType, type WebGLRenderer } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect } from './Camera';
import { hexToRgba } from './colors';
import { MarkerLayer } from './MarkerLayer';
import { SeatLayer } from './SeatLayer';
import { SectionLayer } from './SectionLayer';
import { RingLayer, type RingStyle } from './RingLayer';

/** Selected seats: a dark ring outside a white band. */
const SELECTED: RingStyle = { color: hexToRgba('#121a29'), widthPx: 1.5 };

export interface SceneOptions {
  width: number;
  height: number;
  resolution: number;
  /** CSS hex colour behind the map. */
  background: string;
}

export class SeatMapScene {
  readonly seats: SeatLayer;
  readonly sections: SectionLayer;
  readonly selection: RingLayer;
  readonly markers: MarkerLayer;
  private readonly world = new Container({ label: 'world' });

  /** Creates the WebGL application and the layers, and puts the canvas into `container`. */
  static async create(container: HTMLElement, model: VenueModel, options: SceneOptions, cancelled: () => boolean): Promise<SeatMapScene | null> {
    const app = new Application();
    await app.init({
      preference: 'webgl',
      autoStart: false,
      sharedTicker: false,
      antialias: false,
      autoDensity: true,
      resolution: options.resolution,
      width: options.width,
      height: options.height,
      background: options.background,
      eventMode: 'none',
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    });
    if (cancelled()) {
      app.destroy({ removeView: true });
      return null;
    }
    if (app.renderer.type !== RendererType.WEBGL || (app.renderer as WebGLRenderer).context.webGLVersion !== 2) {
      app.destroy({ removeView: true });
      throw new Error('The seat map needs WebGL 2, which this browser did not provide.');
    }
    app.ticker.stop();
    performance.mark('seatmap:pixi-ready');
    app.canvas.style.display = 'block';
    container.appendChild(app.canvas);
    return new SeatMapScene(app, model, options);
  }

  private constructor(private readonly app: Application, model: VenueModel, private readonly options: SceneOptions) {
    this.sections = new SectionLayer(model, hexToRgba(options.background));
    this.seats = new SeatLayer(model);
    this.selection = new RingLayer(model, 'selection');
    this.markers = new MarkerLayer(model);
    this.world.eventMode = 'none';
    this.world.addChild(this.sections.container, this.seats.mesh, this.selection.mesh, this.markers.rings.mesh);
    app.stage.eventMode = 'none';
    app.stage.addChild(this.world, this.markers.screen);
  }

  /** Moves the world under the camera; `view` (map units) is what seat culling keeps, null when seats are off. */
  setCamera(c: CameraState, seatView: Rect | null): void {
    this.world.position.set(c.x, c.y);
    this.world.scale.set(c.scale);
    const devicePx = c.scale * this.options.resolution;
    this.seats.setPixelScale(devicePx);
    this.selection.setPixelScale(devicePx);
    this.markers.setPixelScale(devicePx);
    if (seatView) this.seats.cull(seatView);
  }

  /** Rings the selected seats. */
  showSelection(seats: Uint32Array): void {
    this.selection.setSeats(seats, () => SELECTED);
  }

  setSeatsShown(shown: boolean, tintSections: boolean): void {
    this.seats.setVisible(shown);
    this.sections.setSeatsShown(shown, tintSections);
  }

  /**
   * Compiles the programs the first frame may not have used (seats at overview, rings), one a call so no
   * task runs long: software GL compiles on first draw, better now than on the first zoom-in, selection
   * or hover. Each step draws one throwaway instance with the real frame. False when no steps are left.
   */
  warmUpStep(step: number, selected: Uint32Array): boolean {
    if (step === 0) this.seats.beginWarmUp();
    else if (step === 1 && this.seats.seatCount > 0) this.showSelection(Uint32Array.of(0));
    else return false;
    this.render();
    if (step === 0) this.seats.endWarmUp();
    else this.showSelection(selected);
    return true;
  }

  render(): void {
    this.app.renderer.render(this.app.stage);
  }

  resize(width: number, height: number): void {
    this.app.renderer.resize(width, height);
  }

  /** Blocks until the GPU finished what was sent (reads one pixel back); returns the ms waited. */
  syncGpu(): number {
    const t0 = performance.now();
    const gl = (this.app.renderer as WebGLRenderer).gl;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    return performance.now() - t0;
  }

  destroy(): void {
    this.seats.destroy();
    this.sections.destroy();
    this.selection.destroy();
    this.markers.destroy();
    this.app.destroy({ removeView: true }, { children: true });
  }
}
