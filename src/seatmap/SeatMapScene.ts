/**
 * The scene graph on a SeatMapRenderer's stage: a world container (section fills and edges, the seat
 * mesh, selection and marker rings) under screen-space marks (the selection rectangle). It draws when
 * told to; deciding when and what is the engine's job.
 */
import { Container } from 'pixi.js';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect } from './Camera';
import { cachedViewAtRest, cachedViewPartSeats, planFitsCamera, cachedViewServes, planCachedView, type CachedViewPlan } from './cachedView';
import { CachedViewLayer } from './CachedViewLayer';
import { hexToRgba } from './colors';
import { MarkerLayer } from './MarkerLayer';
import { SeatLayer } from './SeatLayer';
import { SectionLayer } from './SectionLayer';
import { RingLayer, type RingStyle } from './RingLayer';
import { SELECTION_RING_COLOR, SELECTION_RING_WIDTH_PX } from './SelectionOverlay';
import type { SeatMapRenderer } from './SeatMapRenderer';
import { twoSeatVenue } from './twoSeatVenue';
import { venueBounds } from './venueExtent';

/**
 * Selected seats: a thick accent ring outside a white band (hover is a thin grey ring, keyboard focus a dark one), the
 * SelectionOverlay's look; the scene rings selections too large for the overlay.
 */
const SELECTED: RingStyle = { color: hexToRgba(SELECTION_RING_COLOR), widthPx: SELECTION_RING_WIDTH_PX };
/**
 * A moving frame whose cached view does not serve it draws the seats themselves when at most this many are in view
 * (the level of detail keeps 23k at most: about 16 ms of software rasteriser), rather than draw the texture again.
 */
export const DIRECT_WHILE_MOVING_MAX_SEATS = 30_000;
/** A texture holding at most this many times the seats in view is drawn whole inside a moving frame (see render). */
const WHOLE_CACHED_VIEW_MAX_SHARE = 1.2;
/**
 * What SeatMapScene.precompileNext compiles, in order: what the first frame draws (section fills and edges, seats), the
 * rings (selection, hover and focus) with the marquee, the cached view.
 */
export const PRECOMPILE_STAGES = ['first-frame', 'rings', 'cached-view'] as const;

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
  /**
   * The cached view being drawn in parts (at rest, or a part after each moving frame drawn without it): `from` the next
   * seat of its region, `cleared` once the first part cleared the texture and drew the sections.
   */
  private job: { plan: CachedViewPlan; from: number; cleared: boolean; seatChanges: number; sectionChanges: number } | null = null;
  /**
   * The last frame was a moving one the cached view did not serve and drew `seats` seats itself: a part of the cached
   * view is due after it, in a task of its own (cachedViewPartAfterFrame), or the whole texture (`whole`, see
   * cachedViewWhen). Null when none is due.
   */
  private partDueAfter: { seats: number; whole: boolean } | null = null;

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
   * Compiles the next stage of the programs and pipelines the map uses (PRECOMPILE_STAGES; software GL builds a
   * pipeline on its first draw) by drawing a two-seat venue with that stage's layers on, then removes it. It draws off
   * the canvas (SeatMapRenderer.drawOffCanvas: the same pipelines as the canvas's, and no frame of the page waits for
   * them), the map's own content hidden meanwhile, so the map's frame is left as it was. False when every stage is done.
   *
   * Only the first stage (section fills and edges, seats) runs before the first frame, while the venue is parsed: the
   * rings and the cached view cost the GPU process about 60 ms of CPU per open (docs/venue-map-journal.md), and they are first
   * used on a selection, a hover or a whole-venue move, so the engine compiles them after its first frame
   * (SeatMapEngine.warmUpShaders), one stage a task.
   *
   * `firstFrameSeats` false: the first stage compiles the section fills and edges only, for a venue whose first frame
   * draws no seats (more seats than the level of detail's budget, opened at the whole venue); the seats' pipeline is
   * then built by the rings' stage after the first frame. Under SwiftShader that takes 40 ms of the GPU process's CPU
   * off the open at 100k seats, while the worker parses (docs/venue-map-journal.md, seventh session).
   */
  static precompileNext(renderer: SeatMapRenderer, firstFrameSeats = true): boolean {
    const stage = PRECOMPILE_STAGES[renderer.precompiledStages];
    if (!stage) return false;
    const hidden = renderer.stage.children.filter((c) => c.visible);
    for (const c of hidden) c.visible = false;
    const scene = new SeatMapScene(renderer, twoSeatVenue());
    try {
      scene.setCamera({ x: 0, y: 0, scale: 1 }, { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 });
      // Every later stage draws seats too, so a first stage without them leaves their pipeline to the rings' stage.
      const seats = stage !== 'first-frame' || firstFrameSeats;
      scene.setSeatsShown(seats, seats);
      if (stage === 'rings') {
        scene.showSelection(Uint32Array.of(0));
        scene.markers.update({ focusSeat: 0, showFocus: true, marquee: { minX: 0, minY: 0, maxX: 4, maxY: 4 } });
      }
      if (stage === 'cached-view') {
        // A moving camera over small seats: the quad's program, and the layers drawn into a texture. Compiled on its
        // first use instead, it cost 100-200 ms of long tasks on the first whole-venue move.
        scene.setCachedView(twoSeatVenue().viewBox);
        scene.prepareCachedView(twoSeatVenue().viewBox);
      }
      renderer.drawOffCanvas(() => scene.render());
    } finally {
      scene.destroy();
      for (const c of hidden) c.visible = true;
    }
    renderer.precompiledStages++;
    return true;
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
   * costs its seats (about 0.7 µs each, whatever their size: docs/venue-map-journal.md, "The whole venue in view"), a texture
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

  /** Whether sections and seats are drawn from the cached view now, the camera moving. */
  get cachedViewShown(): boolean {
    return this.cachedFor !== null && this.cachedView.mesh.visible;
  }

  /** Whether the last frame, at rest, was drawn from the cached view (drawn for this very camera: see render). */
  get cachedViewShownAtRest(): boolean {
    return this.cachedFor === null && this.cachedView.mesh.visible;
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

  /** Draws the whole cached view for `view` now unless it already serves the camera (the precompile; after a moving frame, see cachedViewWhen). */
  prepareCachedView(view: Rect): void {
    if (!this.cachedViewFresh(view)) this.drawCachedView(view);
  }

  /**
   * At rest: draws the next part of the cached view for the camera's `view` (CACHED_VIEW_PART_SEATS seats, the first
   * part with the sections), so its GPU work reaches the rasteriser in pieces a frame apart instead of one task's worth
   * (a frame's commit waits for the GPU: one piece of 50k seats is a long task). True while parts are left; false when
   * it is complete, already served the camera, or the camera moves (render() then goes on with it, a part a frame).
   * Where frames at rest would be drawn from it, one made for this very camera (a texture from the move that only
   * serves it is drawn again).
   */
  prepareCachedViewStep(view: Rect): boolean {
    return this.cachedFor === null && this.drawNextCachedViewPart(view, null, this.cachedViewWouldServeAtRest(view));
  }

  /** Whether a cached view made for the camera now would draw the frames at rest (see cachedViewAtRestNow). */
  private cachedViewWouldServeAtRest(view: Rect): boolean {
    const plan = planCachedView(view, this.venue, this.camera, this.renderer.resolution);
    const seatView = this.seatView;
    if (!plan || !seatView || this.seatsCulledTo !== seatView) return false;
    return cachedViewAtRest(plan, seatView, this.venue, this.camera, this.renderer.pixelRatio, this.seats.culledCount);
  }

  /** Whether the last frame asks for a part of the cached view after it (see render). */
  get cachedViewPartDue(): boolean {
    return this.partDueAfter !== null;
  }

  /**
   * After a moving frame that the cached view did not serve (render), in a task of its own: draws the next part of the
   * cached view, sized so that it and the next frame fit a frame's work (cachedViewPartSeats: none but the sections
   * first, then what the frame's seats left of the budget). True while parts are left. Nothing when the camera
   * stopped moving over small seats meanwhile (the parts at rest go on with it) or no part is due.
   */
  cachedViewPartAfterFrame(): boolean {
    const due = this.partDueAfter;
    this.partDueAfter = null;
    const view = this.cachedFor;
    if (due === null || !view) return false;
    if (!due.whole) return this.drawNextCachedViewPart(view, due.seats);
    this.prepareCachedView(view);
    return false;
  }

  /**
   * Draws the next part of the cached view for `view`: of the texture being drawn if it will serve `view`, else of a
   * new one planned for the camera now. True while parts are left; false when it is complete or already served.
   * `forCamera` (at rest): only a texture made for this very camera serves (planFitsCamera), as frames at rest are
   * drawn from such a texture only (render).
   */
  private drawNextCachedViewPart(view: Rect, seatsInFrame: number | null, forCamera = false): boolean {
    let job = this.job;
    const c = this.camera;
    const ratio = this.renderer.resolution;
    const serves = (plan: CachedViewPlan) => cachedViewServes(plan, view, this.venue, c, ratio) && (!forCamera || planFitsCamera(plan, c, ratio));
    if (job && !serves(job.plan)) job = this.job = null;
    if (!job) {
      if (this.cachedViewFresh(view) && serves(this.cachedView.plan!)) return false;
      const plan = planCachedView(view, this.venue, c, this.renderer.resolution);
      if (!plan) {
        this.cachedView.invalidate();
        return false;
      }
      this.cachedView.place(plan);
      job = this.job = { plan, from: 0, cleared: false, seatChanges: this.seats.changes, sectionChanges: this.sections.changes };
      this.keepColors();
    }
    const count = cachedViewPartSeats(seatsInFrame, !job.cleared);
    const total = this.drawCachedViewPart(job.plan, job.from, count, !job.cleared);
    job.cleared = true;
    job.from += count;
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
    this.drawCachedViewPart(plan, 0, Infinity, true);
    this.cachedView.drawn(plan);
    this.cachedSeatChanges = this.seats.changes;
    this.cachedSectionChanges = this.sections.changes;
    performance.measure('seatmap:cached-view', { start: t0 });
  }

  /**
   * Draws into the texture (placed for `plan`) `count` seats from the `from`-th of those in its region, and, when
   * `first`, the sections under them with a cleared texture. Returns how many seats the region holds. The texture
   * is at the camera's full resolution even while the screen is drawn at half of it (a moving camera reads it at half).
   */
  private drawCachedViewPart(plan: CachedViewPlan, from: number, count: number, first: boolean): number {
    const k = plan.pxPerUnit;
    const shown = [this.overlays.visible, this.markers.screen.visible, this.cachedView.mesh.visible, this.content.visible, this.sections.container.visible];
    this.overlays.visible = false;
    this.markers.screen.visible = false;
    this.cachedView.mesh.visible = false;
    this.content.visible = true;
    this.sections.container.visible = first && shown[4];
    this.world.position.set(-plan.region.minX * k, -plan.region.minY * k);
    this.world.scale.set(k);
    this.sections.setPixelScale(k / this.renderer.resolution);
    this.seats.setPixelScale(k);
    const total = this.seats.cullSlice(plan.region, from, count);
    this.seatsCulledTo = null;
    this.renderer.renderTo(this.cachedView.texture, first);
    [this.overlays.visible, this.markers.screen.visible, this.cachedView.mesh.visible, this.content.visible, this.sections.container.visible] = shown;
    this.setCamera(this.camera, this.seatView);
    return total;
  }

  private cullSeats(view: Rect): number {
    this.seatsCulledTo = view;
    return this.seats.cull(view);
  }

  /**
   * How a moving frame the cached view does not serve gets a new one: 'now', the whole texture drawn in the frame, with
   * more than DIRECT_WHILE_MOVING_MAX_SEATS seats in view (every seat of a large venue forced), or when the texture
   * would hold hardly more seats than the view (the whole venue in view: its region is clipped to it) and the one there
   * still covers the view at the zoom it was drawn at, its colours alone stale (a live change while dragging: the
   * frames after it are cheap again at once); 'after', for such a texture that no longer covers the view or was drawn
   * at another zoom (a wheel step), the frame drawing the seats itself and the whole texture drawn in a task of its own
   * after it, so no task pays for both; 'parts', the seats drawn by the frame and a part of the texture after each frame.
   */
  private cachedViewWhen(view: Rect, seatView: Rect): 'now' | 'after' | 'parts' {
    const inView = this.seats.countInView(seatView);
    if (inView > DIRECT_WHILE_MOVING_MAX_SEATS) return 'now';
    const plan = planCachedView(view, this.venue, this.camera, this.renderer.resolution);
    if (plan === null || this.seats.countInView(plan.region) > inView * WHOLE_CACHED_VIEW_MAX_SHARE) return 'parts';
    const held = this.cachedView.plan;
    const ratio = this.renderer.resolution;
    if (held === null || !cachedViewServes(held, view, this.venue, this.camera, ratio)) return 'after';
    // Colours alone stale at the zoom it was drawn at (a drag: the camera only pans): now. A zoom step whose colours
    // went stale (e.g. the sections' tint changing with the zoom) is a new texture for a new zoom: after.
    const zoomed = Math.abs(this.camera.scale * ratio - held.cameraPxPerUnit) > 1e-6 * held.cameraPxPerUnit;
    return zoomed ? 'after' : 'now';
  }

  /**
   * At rest, with seats drawn: whether the cached view, complete, with the current colours and drawn for this very
   * camera, is cheaper to show than its seats (cachedViewAtRest). The seats are culled to the view at rest (setCamera),
   * so their count is at hand.
   */
  private cachedViewAtRestNow(): boolean {
    const plan = this.cachedView.plan;
    const view = this.seatView;
    if (!plan || !view || !this.seats.mesh.visible || this.seatsCulledTo !== view || !this.cachedViewCurrent) return false;
    return cachedViewAtRest(plan, view, this.venue, this.camera, this.renderer.pixelRatio, this.seats.culledCount);
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
   * Draws a frame. While the camera moves over small seats: from the cached view if it serves the camera and holds the
   * current colours; else the seats themselves when they are few enough for a frame, with a part of a new texture due
   * after it in a task of its own (cachedViewPartAfterFrame: the whole texture inside one moving frame costs every seat
   * of its region, up to 2.25 times the view's, on top of the frame, and even one part in the frame's task made the
   * first wheel frame into seats the longest task of a session); else (every seat of a large venue forced in view, or
   * a texture that would hold hardly more seats than the view) the whole texture now, as the frames after it then cost
   * a texture's pixels, not their seats. At rest: from the cached view when it was drawn for this very camera and is
   * the cheaper (cachedViewAtRestNow: a hover ring over the whole 20k venue then costs the texture's pixels, not 20k
   * seats), else the sections and seats themselves.
   */
  render(): void {
    const view = this.cachedFor;
    let part = false;
    let whole = false;
    this.partDueAfter = null;
    if (view) {
      let cached = this.cachedViewFresh(view);
      const when = !cached && this.seatView ? this.cachedViewWhen(view, this.seatView) : 'parts';
      if (when === 'now') {
        this.drawCachedView(view);
        cached = this.cachedView.plan !== null;
      }
      whole = when === 'after';
      part = !cached;
      this.content.visible = !cached;
      this.cachedView.mesh.visible = cached;
      if (!cached && this.seatView && this.seatsCulledTo !== this.seatView) this.cullSeats(this.seatView);
    } else {
      const atRest = this.cachedViewAtRestNow();
      this.content.visible = !atRest;
      this.cachedView.mesh.visible = atRest;
    }
    this.renderer.render();
    if (part) this.partDueAfter = { seats: this.seats.culledCount, whole };
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
