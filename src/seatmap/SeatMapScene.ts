/**
 * The scene graph on a SeatMapRenderer's stage: a world container (section fills and edges, the seat
 * mesh, selection and marker rings) under screen-space marks (the selection rectangle). It draws when
 * told to; deciding when and what is the engine's job.
 */
import { Container } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect } from './Camera';
import { cachedViewServes, planCachedView } from './cachedView';
import { CachedViewLayer } from './CachedViewLayer';
import { hexToRgba } from './colors';
import { MarkerLayer } from './MarkerLayer';
import { SeatLayer } from './SeatLayer';
import { SectionLayer } from './SectionLayer';
import { RingLayer, type RingStyle } from './RingLayer';
import type { SeatMapRenderer } from './SeatMapRenderer';
import { twoSeatVenue } from './twoSeatVenue';
import { venueBounds } from './venueExtent';

/** Selected seats: a thick accent ring outside a white band (hover is a thin grey ring, keyboard focus a dark one). */
const SELECTED: RingStyle = { color: hexToRgba('#2d72d2'), widthPx: 2.5 };

export class SeatMapScene {
  readonly seats: SeatLayer;
  readonly sections: SectionLayer;
  readonly selection: RingLayer;
  readonly markers: MarkerLayer;
  readonly cachedView = new CachedViewLayer();
  private readonly world = new Container({ label: 'world' });
  /** Sections and seats: what the cached view stands in for. */
  private readonly content = new Container({ label: 'sections-and-seats' });
  /** Rings and markers: drawn live over either. */
  private readonly overlays = new Container({ label: 'rings' });
  private readonly venue: Rect;
  private camera: CameraState = { x: 0, y: 0, scale: 1 };
  private seatView: Rect | null = null;
  /** While the cached view stands in for sections and seats: the view (map units) it must cover; else null. */
  private cachedFor: Rect | null = null;
  /** The layers' change counts the cached view was drawn at. */
  private cachedSeatChanges = -1;
  private cachedSectionChanges = -1;

  /** Builds the layers for `model` on the renderer's stage. */
  constructor(private readonly renderer: SeatMapRenderer, model: VenueModel) {
    this.sections = new SectionLayer(model, hexToRgba(renderer.background));
    this.seats = new SeatLayer(model);
    this.selection = new RingLayer(model, 'selection');
    this.markers = new MarkerLayer(model);
    this.venue = venueBounds(model);
    this.world.eventMode = 'none';
    this.content.addChild(this.sections.container, this.seats.mesh);
    this.overlays.addChild(this.selection.mesh, this.markers.rings.mesh);
    this.world.addChild(this.content, this.cachedView.mesh, this.overlays);
    const stage = renderer.stage;
    stage.eventMode = 'none';
    stage.addChild(this.world, this.markers.screen);
  }

  /**
   * Compiles every program and pipeline the map uses by drawing a two-seat venue with all layers on
   * (software GL compiles on first draw: 50-150 ms a program), then removes it. Run while the real venue
   * is still being parsed.
   */
  static precompile(renderer: SeatMapRenderer): void {
    const scene = new SeatMapScene(renderer, twoSeatVenue());
    scene.setCamera({ x: 0, y: 0, scale: 1 }, { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 });
    scene.setSeatsShown(true, true);
    scene.showSelection(Uint32Array.of(0));
    scene.markers.update({ hoverSeat: 1, focusSeat: 0, showFocus: true, seatsVisible: true, marquee: { minX: 0, minY: 0, maxX: 4, maxY: 4 } });
    renderer.render();
    // The cached view too (a moving camera over small seats): its quad's program and the layers drawn into a texture.
    // Compiled on its first use instead, it cost 100-200 ms of long tasks on the first whole-venue move.
    scene.setCachedView(twoSeatVenue().viewBox);
    scene.render();
    scene.destroy();
    renderer.render();
    renderer.precompiled = true;
  }

  /** Moves the world under the camera; `view` (map units) is what seat culling keeps, null when seats are off. */
  setCamera(c: CameraState, seatView: Rect | null): void {
    this.camera = c;
    this.seatView = seatView;
    this.world.position.set(c.x, c.y);
    this.world.scale.set(c.scale);
    this.sections.setPixelScale(c.scale);
    const devicePx = c.scale * this.renderer.pixelRatio;
    this.seats.setPixelScale(devicePx);
    this.selection.setPixelScale(devicePx);
    this.markers.setPixelScale(devicePx);
    // Culling is skipped while the cached view stands in for the seats; setCachedView(null) culls again.
    if (seatView && !this.cachedFor) this.seats.cull(seatView);
  }

  /**
   * `view` (map units, the camera's visible rectangle): sections and seats are drawn from the cached view, a texture of
   * them drawn at rest or, when it does not serve this camera or they changed since, drawn again before the next frame
   * (cachedView.ts). Rings and markers stay live over it. Null: the layers draw themselves again. Under a software
   * rasteriser a frame of many small seats costs its seats (about 0.7 µs each, whatever their size: docs/venue-map.md,
   * "The whole venue in view"), a texture its pixels. True when that changed.
   */
  setCachedView(view: Rect | null): boolean {
    const was = this.cachedFor !== null;
    this.cachedFor = view;
    this.content.visible = view === null;
    this.cachedView.mesh.visible = view !== null && this.cachedView.plan !== null;
    if (!view && was && this.seatView) this.seats.cull(this.seatView);
    return was !== (view !== null);
  }

  /** Whether sections and seats are drawn from the cached view now. */
  get cachedViewShown(): boolean {
    return this.cachedFor !== null && this.cachedView.mesh.visible;
  }

  /** Draws the cached view for the camera now unless it already serves it (at rest, so a move starts with it ready). */
  prepareCachedView(view: Rect): void {
    if (!this.cachedViewFresh(view)) this.drawCachedView(view);
  }

  private cachedViewFresh(view: Rect): boolean {
    const plan = this.cachedView.plan;
    return plan !== null && this.cachedSeatChanges === this.seats.changes && this.cachedSectionChanges === this.sections.changes &&
      cachedViewServes(plan, view, this.venue, this.camera, this.renderer.pixelRatio);
  }

  /** Draws sections and seats alone into the cached view's texture, the planned region of the map filling it. */
  private drawCachedView(view: Rect): void {
    const plan = planCachedView(view, this.venue, this.camera, this.renderer.pixelRatio);
    if (!plan) {
      // Nothing of the venue in view: the background alone.
      this.cachedView.invalidate();
      this.cachedView.mesh.visible = false;
      return;
    }
    const t0 = performance.now();
    this.cachedView.place(plan);
    const k = plan.pxPerUnit;
    const shown = [this.overlays.visible, this.markers.screen.visible];
    this.overlays.visible = false;
    this.markers.screen.visible = false;
    this.cachedView.mesh.visible = false;
    this.content.visible = true;
    this.world.position.set(-plan.region.minX * k, -plan.region.minY * k);
    this.world.scale.set(k);
    this.sections.setPixelScale(k / this.renderer.pixelRatio);
    this.seats.setPixelScale(k);
    this.seats.cull(plan.region);
    this.renderer.renderTo(this.cachedView.texture);
    [this.overlays.visible, this.markers.screen.visible] = shown;
    this.cachedSeatChanges = this.seats.changes;
    this.cachedSectionChanges = this.sections.changes;
    this.content.visible = this.cachedFor === null;
    this.cachedView.mesh.visible = this.cachedFor !== null;
    this.setCamera(this.camera, this.seatView);
    performance.measure('seatmap:cached-view', { start: t0 });
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
    if (step === 0) {
      this.seats.beginWarmUp();
    }
    else if (step === 1 && this.seats.seatCount > 0) this.showSelection(Uint32Array.of(0));
    else return false;
    this.render();
    if (step === 0) this.seats.endWarmUp();
    else this.showSelection(selected);
    return true;
  }

  render(): void {
    if (this.cachedFor && !this.cachedViewFresh(this.cachedFor)) this.drawCachedView(this.cachedFor);
    this.renderer.render();
  }

  destroy(): void {
    this.cachedView.destroy();
    this.seats.destroy();
    this.sections.destroy();
    this.selection.destroy();
    this.markers.destroy();
    this.world.destroy({ children: true });
  }
}
