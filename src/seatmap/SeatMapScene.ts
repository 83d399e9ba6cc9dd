/**
 * The scene graph on a SeatMapRenderer's stage: a world container (section fills and edges, the seat
 * mesh, selection and marker rings) under screen-space marks (the selection rectangle). It draws when
 * told to; deciding when and what is the engine's job.
 */
import { Container } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect } from './Camera';
import { cachedViewServes, planCachedView, type CachedViewPlan } from './cachedView';
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
/**
 * A moving frame whose cached view does not serve it draws the seats themselves when at most this many are in view
 * (the level of detail keeps 23k at most: about 16 ms of software rasteriser), rather than draw the texture again.
 */
export const DIRECT_WHILE_MOVING_MAX_SEATS = 30_000;
/** A texture holding at most this many times the seats in view is drawn whole inside a moving frame (see render). */
const WHOLE_CACHED_VIEW_MAX_SHARE = 1.2;
/** Seats in one part of a cached view drawn at rest (about 7 ms of software rasteriser). */
const CACHED_VIEW_PART_SEATS = 10_000;

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
  /**
   * Test builds (`keepCachedColors`): the seats' colours the cached view was drawn with, so a test can ask which colour
   * a frame drawn from it showed a seat in (cachedColorOf) without reading pixels.
   */
  keepCachedColors = false;
  private cachedColors: Uint32Array | null = null;
  /** The view the seat layer's index buffer holds the seats of (null: something else, e.g. a part of the cached view). */
  private seatsCulledTo: Rect | null = null;
  /** The cached view being drawn in parts (at rest, or a part after each moving frame drawn without it). */
  private job: { plan: CachedViewPlan; from: number; seatChanges: number; sectionChanges: number } | null = null;

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
    scene.prepareCachedView(twoSeatVenue().viewBox);
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
    // Culling waits while the cached view may stand in for the seats: render() culls if they are drawn themselves.
    if (seatView && !this.cachedFor) this.cullSeats(seatView);
  }

  /**
   * `view` (map units, the camera's visible rectangle): sections and seats are drawn from the cached view, a texture of
   * them drawn at rest, while it serves this camera and holds their current colours (cachedView.ts). Rings and markers
   * stay live over it. Null: the layers draw themselves again. Under a software rasteriser a frame of many small seats
   * costs its seats (about 0.7 µs each, whatever their size: docs/venue-map.md, "The whole venue in view"), a texture
   * its pixels. True when that changed.
   */
  setCachedView(view: Rect | null): boolean {
    const was = this.cachedFor !== null;
    this.cachedFor = view;
    this.content.visible = view === null;
    this.cachedView.mesh.visible = view !== null && this.cachedView.plan !== null;
    if (!view && this.seatView && this.seatsCulledTo !== this.seatView) this.cullSeats(this.seatView);
    return was !== (view !== null);
  }

  /** Whether sections and seats are drawn from the cached view now. */
  get cachedViewShown(): boolean {
    return this.cachedFor !== null && this.cachedView.mesh.visible;
  }

  /** Whether the cached view's texture holds the seats' and sections' current colours (false before it is drawn). */
  get cachedViewCurrent(): boolean {
    return this.cachedView.plan !== null && this.cachedSeatChanges === this.seats.changes && this.cachedSectionChanges === this.sections.changes;
  }

  /** The colour (0xRRGGBBAA) the cached view holds for `seat` (keepCachedColors), -1 when it is not known. */
  cachedColorOf(seat: number): number {
    return this.cachedView.plan && this.cachedColors ? SeatLayer.colorOfWord(this.cachedColors[seat]) : -1;
  }

  private keepColors(): void {
    if (this.keepCachedColors) this.cachedColors = this.seats.copyColors(this.cachedColors ?? undefined);
  }

  /** Draws the whole cached view for `view` now unless it already serves the camera (the precompile, tests). */
  prepareCachedView(view: Rect): void {
    if (!this.cachedViewFresh(view)) this.drawCachedView(view);
  }

  /**
   * At rest: draws the next part of the cached view for the camera's `view` (CACHED_VIEW_PART_SEATS seats, the first
   * part with the sections), so its GPU work reaches the rasteriser in pieces a frame apart instead of one task's worth
   * (a frame's commit waits for the GPU: one piece of 50k seats is a long task). True while parts are left; false when
   * it is complete, already served the camera, or the camera moves (render() then goes on with it, a part a frame).
   */
  prepareCachedViewStep(view: Rect): boolean {
    return this.cachedFor === null && this.drawNextCachedViewPart(view);
  }

  /**
   * Draws the next part of the cached view for `view`: of the texture being drawn if it will serve `view`, else of a
   * new one planned for the camera now. True while parts are left; false when it is complete or already served.
   */
  private drawNextCachedViewPart(view: Rect): boolean {
    let job = this.job;
    const c = this.camera;
    if (job && !cachedViewServes(job.plan, view, this.venue, c, this.renderer.resolution)) job = this.job = null;
    if (!job) {
      if (this.cachedViewFresh(view)) return false;
      const plan = planCachedView(view, this.venue, c, this.renderer.resolution);
      if (!plan) {
        this.cachedView.invalidate();
        return false;
      }
      this.cachedView.place(plan);
      job = this.job = { plan, from: 0, seatChanges: this.seats.changes, sectionChanges: this.sections.changes };
      this.keepColors();
    }
    const total = this.drawCachedViewPart(job.plan, job.from, CACHED_VIEW_PART_SEATS);
    job.from += CACHED_VIEW_PART_SEATS;
    if (job.from < total) return true;
    this.job = null;
    this.cachedView.drawn(job.plan);
    // The colours it was begun with: a change while it was drawn in parts leaves it stale, drawn again before it is used.
    this.cachedSeatChanges = job.seatChanges;
    this.cachedSectionChanges = job.sectionChanges;
    return false;
  }

  /** Whether the cached view serves the camera's `view` with the current colours (a moving frame would be drawn from it). */
  cachedViewServes(view: Rect): boolean {
    return this.cachedViewFresh(view);
  }

  private cachedViewFresh(view: Rect): boolean {
    const plan = this.cachedView.plan;
    return plan !== null && this.cachedViewCurrent && cachedViewServes(plan, view, this.venue, this.camera, this.renderer.resolution);
  }

  /** Draws sections and seats alone into the cached view's texture at once, the planned region of the map filling it. */
  private drawCachedView(view: Rect): void {
    this.job = null;
    const plan = planCachedView(view, this.venue, this.camera, this.renderer.resolution);
    if (!plan) {
      // Nothing of the venue in view: the background alone.
      this.cachedView.invalidate();
      return;
    }
    const t0 = performance.now();
    this.cachedView.place(plan);
    this.keepColors();
    this.drawCachedViewPart(plan, 0, Infinity);
    this.cachedView.drawn(plan);
    this.cachedSeatChanges = this.seats.changes;
    this.cachedSectionChanges = this.sections.changes;
    performance.measure('seatmap:cached-view', { start: t0 });
  }

  /**
   * Draws into the texture (placed for `plan`) `count` seats from the `from`-th of those in its region, and the
   * sections under them with a cleared texture when `from` is 0. Returns how many seats the region holds. The texture
   * is at the camera's full resolution even while the screen is drawn at half of it (a moving camera reads it at half).
   */
  private drawCachedViewPart(plan: CachedViewPlan, from: number, count: number): number {
    const k = plan.pxPerUnit;
    const shown = [this.overlays.visible, this.markers.screen.visible, this.cachedView.mesh.visible, this.content.visible, this.sections.container.visible];
    this.overlays.visible = false;
    this.markers.screen.visible = false;
    this.cachedView.mesh.visible = false;
    this.content.visible = true;
    this.sections.container.visible = from === 0 && shown[4];
    this.world.position.set(-plan.region.minX * k, -plan.region.minY * k);
    this.world.scale.set(k);
    this.sections.setPixelScale(k / this.renderer.resolution);
    this.seats.setPixelScale(k);
    const total = this.seats.cullSlice(plan.region, from, count);
    this.seatsCulledTo = null;
    this.renderer.renderTo(this.cachedView.texture, from === 0);
    [this.overlays.visible, this.markers.screen.visible, this.cachedView.mesh.visible, this.content.visible, this.sections.container.visible] = shown;
    this.setCamera(this.camera, this.seatView);
    return total;
  }

  private cullSeats(view: Rect): number {
    this.seatsCulledTo = view;
    return this.seats.cull(view);
  }

  /**
   * Whether a moving frame the cached view does not serve draws the whole texture now rather than the seats and a part:
   * with more than DIRECT_WHILE_MOVING_MAX_SEATS seats in view, or when the texture would hold hardly more seats than
   * the view (the whole venue in view: the region is clipped to it), so it costs about what the frame would.
   */
  private wholeCachedViewNow(view: Rect, seatView: Rect): boolean {
    const inView = this.seats.countInView(seatView);
    if (inView > DIRECT_WHILE_MOVING_MAX_SEATS) return true;
    const plan = planCachedView(view, this.venue, this.camera, this.renderer.resolution);
    return plan !== null && this.seats.countInView(plan.region) <= inView * WHOLE_CACHED_VIEW_MAX_SHARE;
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

  /**
   * Draws a frame. While the camera moves over small seats: from the cached view if it serves the camera and holds the
   * current colours; else the seats themselves when they are few enough for a frame, with one part of a new texture
   * drawn after it (the whole texture inside one moving frame costs every seat of its region, up to 2.25 times the
   * view's, on top of the frame: a long task); else (every seat of a large venue forced in view, or a texture that
   * would hold hardly more seats than the view) the whole texture now, as the frames after it then cost a texture's
   * pixels, not their seats.
   */
  render(): void {
    const view = this.cachedFor;
    let part = false;
    if (view) {
      let cached = this.cachedViewFresh(view);
      if (!cached && this.seatView && this.wholeCachedViewNow(view, this.seatView)) {
        this.drawCachedView(view);
        cached = this.cachedView.plan !== null;
      }
      part = !cached;
      this.content.visible = !cached;
      this.cachedView.mesh.visible = cached;
      if (!cached && this.seatView && this.seatsCulledTo !== this.seatView) this.cullSeats(this.seatView);
    }
    this.renderer.render();
    if (part && view) this.drawNextCachedViewPart(view);
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
