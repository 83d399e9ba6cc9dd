/**
 * The seat map engine: owns the scene (PixiJS application and layers), the camera with its level of
 * detail, rendering on change, input, the selection and `destroy()`. React mounts it and talks to it
 * through commands and events; nothing here knows React.
 */
import { SECTION_KIND_SEATED, type VenueModel } from '../../workers/venue-map/venueModel';
import * as cam from './Camera';
import type { CameraState, Point, Rect } from './Camera';
import { CameraController } from './CameraController';
import { connectInput, type ConnectedInput } from './connectInput';
import type { SeatMapEngineOptions } from './engineOptions';
import { DEFAULT_LOD, seatsShouldShow, sectionsTinted, type LodSettings } from './levelOfDetail';
import { drawsFromCachedView } from './cachedView';
import { Emitter } from './Emitter';
import { LABEL_MARGIN_PX, LabelLayer } from './LabelLayer';
import { planLabels, type LabelCounts } from './mapLabels';
import { nearestSectionToRead, selectionCentre, zoomFocus } from './zoomFocus';
import type { HoverHit } from './HoverTracker';
import { HoverRing, hoverRingBox } from './HoverRing';
import { SelectionOverlay } from './SelectionOverlay';
import { POINTER_WARM_MS, RenderScheduler } from './RenderScheduler';
import { SeatInteraction } from './SeatInteraction';
import { SeatMapRenderer } from './SeatMapRenderer';
import { SeatMapScene } from './SeatMapScene';
import { SelectionController } from './SelectionController';
import type { SelectionMode } from './selectionGesture';
import { ringWindow, selectedInRect, selectedPerSection, selectionShownOn } from './selectionRings';
import { SettleTimer } from './SettleTimer';
import type { SeatMapEventName, SeatMapEvents } from './types';
import { typicalSeatRadius, unionBounds, venueBounds } from './venueExtent';

export type { SeatMapEngineOptions };

/**
 * While the camera moves, the map is drawn at half the resolution; seats smaller than this (CSS px radius) come from
 * the cached view, a texture drawn at rest (their cost is their number, not their pixels).
 */
const CHEAP_WHILE_MOVING_MIN_SEAT_PX = 3;
/** How long after the last camera move the seats sharpen again. */
const SETTLE_MS = 120;
/** How long after the camera settled over small seats the cached view is drawn for it (unless it moves again). */
const PREPARE_CACHED_VIEW_MS = 250;

/**
 * Runs `fn` in an idle moment of the main thread (the first frame's pixels and the page's own work first), within
 * a second; after the next frame where the browser has no idle callbacks.
 */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

export class SeatMapEngine {
  readonly ready: Promise<void>;
  readonly model: VenueModel;
  readonly seatCount: number;
  private readonly events = new Emitter<SeatMapEvents>();
  private renderer: SeatMapRenderer | null = null;
  private scene: SeatMapScene | null = null;
  private selectedSectionValue = -1;
  private selection!: SelectionController;
  private interaction!: SeatInteraction;
  private scheduler: RenderScheduler | null = null;
  private input: ConnectedInput | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly seatRadius: number;
  private readonly cameraCtl: CameraController;
  private mode: SelectionMode;
  private lod: LodSettings;
  private seatsShown = false;
  private hoverSeatValue = -1;
  private hoverSectionValue = -1;
  /** The container's cursor as last set: the style is written only when it changes. */
  private cursor = '';
  private markersDirty = false;
  /** What the scene's markers were drawn with last (applyMarkers), null before the first. */
  private markersDrawn: { focus: number; highlight: number; marquee: Rect | null } | null = null;
  /** The ring on the hovered seat: an element over the canvas, placed at every frame (HoverRing). */
  private hoverRing: HoverRing | null = null;
  /**
   * Something in the WebGL scene changed since the last frame (requestRender). A frame asked for by the pointer alone
   * (a new hovered seat) places the hover ring and leaves the canvas as it is.
   */
  private sceneDirty = true;
  private focusSeatValue = -1;
  /** The focus ring shows after keyboard use, until the pointer is used (like :focus-visible). */
  private keyboardFocus = false;
  private marquee: Rect | null = null;
  private lodApplied = false;
  private tinted = true;
  /** Where the pointer rests over the map (null while dragging or outside): re-hit-tested when the map moves. */
  private pointerAt: Point | null = null;
  /** Where the pointer last was over the map (kept when it leaves for the zoom buttons): what the zoom buttons zoom towards. */
  private lastPointer: Point | null = null;
  private readonly pointerAtPoint: Point = { x: 0, y: 0 };
  private readonly lastPointerPoint: Point = { x: 0, y: 0 };
  private labels: LabelLayer | null = null;
  private labelsDirty = true;
  /** The camera moved since the labels were drawn (labelsDirty: something else changed them). */
  private labelsMoved = false;
  /** The camera the labels on the label canvas were drawn at. */
  private labelsDrawnAt: CameraState | null = null;
  private labelCountsValue: LabelCounts = { rows: 0, pinnedRows: 0, seats: 0, sections: 0, areas: 0 };
  /** What the labels drawn last on the following canvas counted on screen (all but the pinned row labels). */
  private unpinnedCounts: LabelCounts = { rows: 0, pinnedRows: 0, seats: 0, sections: 0, areas: 0 };
  /** The selection, sorted; a large one is shown by section (tint + count) and, with seats drawn, rings in view only. */
  private selectedList: Uint32Array = new Uint32Array(0);
  private sectionCounts: Uint32Array | null = null;
  /** The map rectangle whose selected seats are ringed now (large selections), null when none are. */
  private ringRect: Rect | null = null;
  private ringsDrawnValue = 0;
  /** A small selection's rings: a 2D canvas over the WebGL canvas, drawn at the frames that change them (SelectionOverlay). */
  private selectionOverlay: SelectionOverlay | null = null;
  /** Rings of the selection in the WebGL scene now (a selection over OVERLAY_MAX_RINGS seats). */
  private sceneRings = 0;
  /** The last selection change changed the WebGL scene (its rings, the sections' counts), not only the overlay. */
  private selectionInScene = false;
  /** Sharpens the seats once the camera has stopped (they draw cheaper while it moves). */
  private readonly settle = new SettleTimer(SETTLE_MS, () => {
    const reduced = this.setMoving(false);
    if (this.setCached(false) || reduced || this.labelsMoved) this.requestRender();
    this.prepareCachedViewSoon();
  });
  private prepareTimer: ReturnType<typeof setTimeout> | null = null;
  private prepareFrame = 0;
  /** A part of the cached view due after a moving frame, in a task of its own (cachedViewPartAfterFrame). */
  private partTimer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;

  constructor(readonly container: HTMLElement, private readonly options: SeatMapEngineOptions) {
    this.model = options.model;
    this.seatCount = options.model.seatCount;
    this.mode = options.selectionMode ?? 'pan';
    this.lod = {
      minSeatRadiusPx: options.minSeatRadiusPx ?? DEFAULT_LOD.minSeatRadiusPx,
      seatBudget: options.seatBudget ?? DEFAULT_LOD.seatBudget,
    };
    this.seatRadius = typicalSeatRadius(this.model);
    this.cameraCtl = new CameraController(
      unionBounds(venueBounds(this.model), options.fitAlso ?? null),
      this.seatRadius,
      { fitPaddingPx: options.fitPaddingPx ?? 24, maxSeatRadiusPx: options.maxSeatRadiusPx ?? 40, fitBottomInsetPx: options.fitBottomInsetPx, fitRightInsetPx: options.fitRightInsetPx },
      (c) => this.applyCamera(c),
    );
    this.ready = this.init();
  }

  on<K extends SeatMapEventName>(name: K, handler: (payload: SeatMapEvents[K]) => void): () => void {
    return this.events.on(name, handler);
  }

  // ---- state --------------------------------------------------------------------------------------

  get camera(): CameraState {
    return { ...this.cameraCtl.state };
  }
  /** Whether seats are drawn (else sections alone: level of detail). */
  get seatsVisible(): boolean {
    return this.seatsShown;
  }
  /** The section marked as the caller's selected one, -1 for none. */
  get selectedSection(): number {
    return this.selectedSectionValue;
  }
  get hoverSeat(): number {
    return this.hoverSeatValue;
  }
  get hoverSection(): number {
    return this.hoverSectionValue;
  }
  get focusSeat(): number {
    return this.focusSeatValue;
  }
  get framesRendered(): number {
    return this.scheduler?.frames ?? 0;
  }
  get lastFrameJsMs(): number {
    return this.scheduler?.lastJsMs ?? 0;
  }
  /** How many labels of each kind the last frame drew (row labels, seat numbers, selection counts, standing areas). */
  get labelCounts(): LabelCounts {
    return { ...this.labelCountsValue };
  }
  /** 'sections' when the selection is too large for rings at overview (tinted sections with a count), else 'rings'. */
  get selectionShownBy(): 'rings' | 'sections' {
    return this.sectionCounts ? 'sections' : 'rings';
  }
  /** How many selection rings are drawn. */
  get selectionRingsDrawn(): number {
    return this.ringsDrawnValue;
  }
  /** How many of them are on the overlay over the map (SelectionOverlay) rather than in the WebGL scene. */
  get selectionOverlayRings(): number {
    return this.selectionOverlay?.count ?? 0;
  }
  /** Seats whose rows meet the view, whether or not seats are drawn. */
  get seatsInView(): number {
    return this.scene?.seats.countInView(this.cameraCtl.visibleRect()) ?? 0;
  }
  /** A seat's colour as drawn (0xRRGGBBAA), flashes included; the default colour before the scene exists. */
  seatColorAt(seat: number): number {
    return this.scene?.seats.colorOf(seat) ?? 0;
  }
  /**
   * The colour (0xRRGGBBAA) the last frame drew `seat` in: the cached view's when that frame came from it (test builds:
   * `keepDrawnColors` first), else the seat buffer's (seatColorAt).
   */
  seatColorDrawnAt(seat: number): number {
    return this.drawnCached ? this.scene!.cachedColorOf(seat) : this.seatColorAt(seat);
  }
  /** Test builds: the cached view keeps the colours it was drawn with, for seatColorDrawnAt. */
  keepDrawnColors(): void {
    if (this.scene) this.scene.keepCachedColors = true;
  }
  getSelection(): Uint32Array {
    return this.selection?.selection.toArray() ?? new Uint32Array(0);
  }
  /** CSS pixels from the container's top-left corner. */
  worldToScreen(x: number, y: number): Point {
    return cam.worldToScreen(this.cameraCtl.state, x, y);
  }
  screenToWorld(x: number, y: number): Point {
    return cam.screenToWorld(this.cameraCtl.state, x, y);
  }
  seatScreenPosition(seat: number): Point {
    return this.worldToScreen(this.model.seatX[seat], this.model.seatY[seat]);
  }

  // ---- commands (call after `ready`) --------------------------------------------------------------

  setSeatColors(colors: Uint32Array | Uint8Array): void {
    this.scene?.seats.setColors(colors);
    this.requestRender();
  }
  setSectionColors(colors: Uint32Array | Uint8Array): void {
    this.scene?.sections.setColors(colors);
    this.requestRender();
  }
  setSelectable(mask: Uint8Array | null): void {
    this.selection?.setSelectable(mask);
  }
  /** Sets the selection from outside (no selectionChange event). */
  setSelection(seats: ArrayLike<number>): void {
    this.selection?.set(seats);
  }
  clearSelection(): void {
    this.selection?.clear(false);
  }
  /** Selects the row of `seat` as a shift-click would (emits selectionChange); drawn on the next frame. */
  selectRowOf(seat: number, op: 'replace' | 'add' = 'replace'): boolean {
    return this.selection ? this.selection.selectRowOf(seat, op) : false;
  }
  setSelectionMode(mode: SelectionMode): void {
    this.mode = mode;
    this.container.dataset.selectionMode = mode;
  }
  setCamera(next: CameraState): void {
    this.cameraCtl.set(next);
  }
  /**
   * Zooms in towards what the user looks at: the pointer's last position over the map, else the selection, else
   * the middle; then, if the view holds neither seats nor a standing area, moves to the nearest section.
   */
  zoomIn(): void {
    this.zoomStep(true);
  }
  zoomOut(): void {
    this.zoomStep(false);
  }
  fitToVenue(): void {
    this.cameraCtl.fit();
  }
  /** Marks one section as the caller's selected one (a thick accent edge); -1 for none. */
  setSelectedSection(section: number): void {
    this.selectedSectionValue = section;
    this.scene?.sections.setSelected(section);
    this.requestRender();
  }
  /**
   * Fits the section: a seated one zoomed in at least far enough for seats of a typical size to show, a standing
   * area whole (it has no seats to show; at the seats' zoom a large floor would fill the view with its middle).
   */
  zoomToSection(section: number): void {
    if (section < 0 || section >= this.model.sectionCount) return;
    const b = this.model.sectionBounds;
    const rect = { minX: b[section * 4], minY: b[section * 4 + 1], maxX: b[section * 4 + 2], maxY: b[section * 4 + 3] };
    if (this.model.sectionKind[section] === SECTION_KIND_SEATED) this.zoomToSeats(rect);
    else this.cameraCtl.fitRect(rect, 0);
  }
  /** Fits a box of seats (map units), zoomed in at least far enough for seats of a typical size to show. */
  zoomToSeats(rect: Rect): void {
    this.cameraCtl.fitRect(rect, (this.lod.minSeatRadiusPx / this.seatRadius) * 1.05);
  }
  /** Moves the focus seat (ringed while the map has keyboard focus), brings it into view and announces it. */
  setFocusSeat(seat: number): void {
    if (seat < 0 || seat >= this.seatCount) return;
    this.moveFocusTo(seat);
    this.interaction?.announceSeat(seat);
  }
  /** Level of detail (bench: `{ minSeatRadiusPx: 0, seatBudget: Infinity }` always draws seats). */
  setLevelOfDetail(lod: { minSeatRadiusPx?: number; seatBudget?: number }): void {
    this.lod = { ...DEFAULT_LOD, ...lod };
    this.cameraCtl.set(this.cameraCtl.state, true);
  }
  requestRender(): void {
    this.sceneDirty = true;
    this.scheduler?.request();
  }
  /** Renders now, synchronously (bench and tests); returns the JS time of the render call. */
  renderNow(): number {
    this.renderSceneNow();
    return this.scheduler?.lastJsMs ?? 0;
  }
  /** Resolves after the next frame is rendered. */
  nextFrame(): Promise<void> {
    return this.scheduler ? this.scheduler.nextFrame() : Promise.resolve();
  }
  /** Blocks until the GPU has finished the frames sent so far; returns the ms waited (bench). */
  syncGpu(): number {
    return this.renderer?.syncGpu() ?? 0;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.labels?.destroy();
    this.labels = null;
    this.hoverRing?.destroy();
    this.hoverRing = null;
    this.selectionOverlay?.destroy();
    this.selectionOverlay = null;
    this.settle.cancel();
    this.cancelPrepare();
    if (this.partTimer) clearTimeout(this.partTimer);
    this.resizeObserver?.disconnect();
    this.input?.destroy();
    this.scheduler?.destroy();
    this.selection?.dispose();
    this.events.clear();
    this.scene?.destroy();
    this.scene = null;
    this.renderer?.destroy();
    this.renderer = null;
  }

  // ---- set-up -------------------------------------------------------------------------------------

  private async init(): Promise<void> {
    const el = this.container;
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    if (!el.hasAttribute('role')) el.setAttribute('role', 'application');
    if (!el.hasAttribute('aria-label')) el.setAttribute('aria-label', this.options.ariaLabel ?? 'Seat map');
    el.dataset.selectionMode = this.mode;
    performance.mark('seatmap:init-start');
    const o = this.options;
    let renderer: SeatMapRenderer;
    try {
      renderer = await (o.renderer ?? SeatMapRenderer.create(el, { resolution: o.resolution, background: o.background }));
    } catch (err) {
      if (this.destroyed) return;
      throw err;
    }
    if (this.destroyed) {
      renderer.destroy();
      return;
    }
    this.renderer = renderer;
    renderer.attachTo(el);
    // Over the canvas, under the labels (their canvases are appended after it): the selection's rings, then the hover ring.
    this.selectionOverlay = new SelectionOverlay(el, this.model);
    this.hoverRing = new HoverRing(el);
    const viewport = { width: Math.max(el.clientWidth, 1), height: Math.max(el.clientHeight, 1) };
    renderer.resize(viewport.width, viewport.height);
    const scene = new SeatMapScene(renderer, this.model);
    this.scene = scene;
    this.labels = new LabelLayer(el, renderer.resolution);
    this.labels.resize(viewport.width, viewport.height);
    this.scheduler = new RenderScheduler(
      () => {
        this.placeHoverRing();
        this.placeSelectionOverlay();
        if (!this.sceneDirty) return;
        this.sceneDirty = false;
        this.applyMarkers();
        scene.render();
        if (this.drawnReduced) this.reducedFrames++;
        if (this.drawnCached) this.cachedFrames++;
        this.drawLabels();
        if (scene.cachedViewPartDue) this.cachedViewPartAfterFrame();
      },
      (frame, jsMs) => this.events.emit('frame', { frame, jsMs }),
    );
    this.selection = new SelectionController(this.model, this.options.index, (seats) => this.showSelection(seats), (selected, byUser) => {
      // A user's selection is drawn at once rather than on the next animation frame: it is the one change
      // whose latency people notice (budget: drawn within 50 ms). A small selection's frame draws its rings on the
      // overlay alone; the WebGL scene only when the selection changed it.
      if (this.selectionInScene) this.sceneDirty = true;
      if (byUser) this.scheduler?.renderNow();
      else this.scheduler?.request();
      if (byUser) this.events.emit('selectionChange', { selected });
    });
    if (o.seatColors) scene.seats.setColors(o.seatColors);
    if (o.sectionColors) scene.sections.setColors(o.sectionColors);
    if (o.selectable) this.selection.setSelectable(o.selectable);
    if (o.selected) this.selection.set(o.selected);
    scene.sections.setSelected(this.selectedSectionValue);
    this.interaction = new SeatInteraction({
      model: this.model,
      index: o.index,
      selection: this.selection,
      seatsShown: () => this.seatsShown,
      screenToWorld: (x, y) => this.screenToWorld(x, y),
      visibleWorldRect: () => this.cameraCtl.visibleRect(),
      focusSeat: () => this.focusSeatValue,
      moveFocusTo: (seat, reveal) => this.moveFocusTo(seat, reveal),
      emit: (name, payload) => this.events.emit(name, payload),
      describeSeatState: o.describeSeatState,
      isDestroyed: () => this.destroyed,
      selectedSection: () => this.selectedSectionValue,
    });
    performance.mark('seatmap:layers-built');
    this.cameraCtl.resize(viewport, false);
    this.cameraCtl.fit(true);
    this.input = connectInput({
      container: el,
      index: o.index,
      camera: this.cameraCtl,
      interaction: this.interaction,
      seatCount: this.seatCount,
      seatsShown: () => this.seatsShown,
      screenToWorld: (x, y) => this.screenToWorld(x, y),
      mode: () => this.mode,
      hasFocusSeat: () => this.focusSeatValue >= 0,
      setHover: (hit, x, y) => this.setHover(hit, x, y),
      setPointerAt: (p) => {
        if (!p) {
          this.pointerAt = null;
          return;
        }
        // Copied into the engine's own points: the input reuses its object, and a move allocates nothing.
        this.pointerAt = this.pointerAtPoint;
        this.pointerAt.x = this.lastPointerPoint.x = p.x;
        this.pointerAt.y = this.lastPointerPoint.y = p.y;
        this.lastPointer = this.lastPointerPoint;
      },
      setMarquee: (rect) => {
        this.marquee = rect;
        this.updateMarkers();
      },
      setKeyboardFocus: (on) => {
        if (on === this.keyboardFocus) return;
        this.keyboardFocus = on;
        this.updateMarkers();
      },
      pointerActive: () => this.scheduler?.keepWarm(POINTER_WARM_MS),
    });
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(el);
    this.scheduler.renderNow();
    performance.mark('seatmap:first-render');
    this.events.emit('ready', { seatCount: this.seatCount });
    // After the first frame is on its way: compile the programs it did not use (rings, the cached view; without a
    // prepared renderer the seats too), so the first selection, hover or whole-venue move does not stall on a compile.
    if (o.warmUpShaders ?? true) void this.warmUpShaders();
    // Over many small seats, the cached view for this camera, in parts at rest: the frames at rest that only change
    // rings (hover) are drawn from it, and the first move from it.
    this.prepareCachedViewSoon();
  }

  /**
   * Compiles the shader programs not compiled yet (SeatMapScene.precompileNext), one stage an idle task each. A stage
   * draws off the canvas into a target like it (SeatMapRenderer.drawOffCanvas), so it builds the canvas's pipelines
   * while no frame of the page waits for that: drawn on the canvas, the next frame's read-back waited for it (long
   * tasks of 80-840 ms while the map settled, docs/venue-map-journal.md). Runs by itself after the first frame unless
   * `warmUpShaders: false`. Then, in one more idle task, makes the seat rows' bounds if the first frame did not
   * (SeatLayer.makeRows). Resolves with each compile task's duration.
   *
   * Each stage waits until the GPU process has run what was drawn before it (a fence, asked once a frame): a compile
   * asks for the program's link status, which waits for everything sent before it. Right after the first frame that
   * is the frame's rasterising and the settle frames (without the wait: tasks of 157-838 ms at load 19 in bench:map).
   */
  warmUpShaders(): Promise<number[]> {
    const durations: number[] = [];
    return new Promise((resolve) => {
      let gpuDone: (() => boolean) | null = null;
      const step = (k: number) =>
        whenIdle(() => {
          if (this.destroyed || !this.scene || !this.renderer) return resolve(durations);
          gpuDone ??= this.renderer.fence();
          if (!gpuDone()) {
            requestAnimationFrame(() => step(k));
            return;
          }
          gpuDone = null;
          const t0 = performance.now();
          const more = SeatMapScene.precompileNext(this.renderer);
          durations.push(performance.now() - t0);
          performance.measure(`seatmap:warm-up-${k}`, { start: t0, end: performance.now() });
          if (more) step(k + 1);
          else rows();
        });
      // Last, in an idle task of its own: the seat rows' bounds, which a first frame of sections alone did not need
      // (SeatLayer.rows), so the first zoom into seats does not pay for them (5-13 ms at 100k-200k seats).
      const rows = () =>
        whenIdle(() => {
          if (!this.destroyed) this.scene?.seats.makeRows();
          resolve(durations);
        });
      step(0);
    });
  }

  // ---- camera and level of detail -----------------------------------------------------------------

  private onResize(): void {
    const el = this.container;
    const vp = { width: Math.max(el.clientWidth, 1), height: Math.max(el.clientHeight, 1) };
    const old = this.cameraCtl.viewport;
    if (vp.width === old.width && vp.height === old.height) return;
    this.renderer?.resize(vp.width, vp.height);
    this.labels?.resize(vp.width, vp.height);
    this.labelsDirty = true;
    this.cameraCtl.resize(vp, true);
  }

  /** The view seat culling keeps: what is on screen, with a margin for the anti-aliased fringe (row bounds include the discs). */
  private paddedView(): Rect {
    const view = this.cameraCtl.visibleRect();
    const m = 2 / this.cameraCtl.state.scale;
    return { minX: view.minX - m, minY: view.minY - m, maxX: view.maxX + m, maxY: view.maxY + m };
  }

  /** A new camera: level of detail, culling, markers, a frame. */
  private applyCamera(c: CameraState): void {
    const scene = this.scene;
    if (!scene) return;
    const padded = this.paddedView();
    const seatPx = this.seatRadius * c.scale;
    const shown = seatsShouldShow(seatPx, () => scene.seats.countInView(padded), this.seatsShown, this.lod);
    scene.setCamera(c, shown ? padded : null);
    const tint = sectionsTinted(seatPx);
    if (shown !== this.seatsShown || tint !== this.tinted || !this.lodApplied) {
      this.lodApplied = true;
      this.seatsShown = shown;
      this.tinted = tint;
      scene.setSeatsShown(shown, tint);
      this.labelsDirty = true;
      if (!shown && this.hoverSeatValue >= 0) this.setHover({ seat: -1, section: this.hoverSectionValue }, 0, 0);
    }
    this.updateSelectionRings();
    this.labelsMoved = true;
    this.drawCheaperWhileMoving(shown, seatPx);
    this.updateMarkers();
    // The camera moved: the scene is drawn for it (the markers ask for it only when they change).
    this.requestRender();
    if (this.pointerAt) this.input?.hover.move(this.pointerAt.x, this.pointerAt.y);
    this.events.emit('camera', { ...c, seatsVisible: shown });
  }

  // ---- selection display, labels, zoom buttons ---------------------------------------------------------

  private showSelection(seats: Uint32Array): void {
    this.selectedList = seats;
    const shownOn = selectionShownOn(seats.length);
    const counts = shownOn === 'sections' ? selectedPerSection(this.model, seats) : null;
    // The counts are the sections' tint and labels: the scene changes when there are counts now or were before.
    const countsChange = counts !== null || this.sectionCounts !== null;
    this.sectionCounts = counts;
    this.scene?.sections.setSelectionCounts(counts);
    this.ringRect = null;
    if (countsChange) this.labelsDirty = true;
    this.selectionOverlay?.setSeats(shownOn === 'overlay' ? seats : new Uint32Array(0));
    const sceneRingsBefore = this.sceneRings;
    if (shownOn === 'overlay') {
      this.ringsDrawnValue = seats.length;
      this.setSceneRings(new Uint32Array(0));
    } else if (shownOn === 'scene') {
      this.ringsDrawnValue = seats.length;
      this.setSceneRings(seats);
    } else this.updateSelectionRings();
    this.selectionInScene = countsChange || sceneRingsBefore > 0 || this.sceneRings > 0;
  }

  /** The selection's rings in the WebGL scene (none while the overlay rings it). */
  private setSceneRings(seats: Uint32Array): void {
    if (seats.length === 0 && this.sceneRings === 0) return;
    this.sceneRings = seats.length;
    this.scene?.showSelection(seats);
  }

  /** The overlay's rings for the camera of this frame (the keyboard focus seat without one: its ring covers it). */
  private placeSelectionOverlay(): void {
    const overlay = this.selectionOverlay;
    if (!overlay || !this.renderer) return;
    const c = this.cameraCtl.state;
    const v = this.cameraCtl.viewport;
    overlay.place({ x: c.x, y: c.y, scale: c.scale, viewWidth: v.width, viewHeight: v.height, dpr: this.renderer.resolution, skip: this.focusRingSeat() });
  }

  /**
   * A large selection: no rings at overview (the sections say it); with seats drawn, rings on the selected seats
   * in and around the view, refilled only when the view leaves the ringed rectangle.
   */
  private updateSelectionRings(): void {
    if (!this.sectionCounts || !this.scene) return;
    if (!this.seatsShown) {
      if (this.ringsDrawnValue !== 0 || this.ringRect) this.setSceneRings(new Uint32Array(0));
      this.ringsDrawnValue = 0;
      this.ringRect = null;
      return;
    }
    const rect = ringWindow(this.cameraCtl.visibleRect(), this.ringRect);
    if (!rect) return;
    const seats = selectedInRect(this.model, this.selectedList, rect);
    this.ringRect = rect;
    this.ringsDrawnValue = seats.length;
    this.setSceneRings(seats);
  }

  /**
   * Zoomed in, a moving camera draws at half the resolution: a quarter of the pixels, and pixels are what a software
   * rasteriser pays for (bench/map/probes/zoomedFill.ts; bench:map's pan_zoomed missed vsyncs went from 17-53 % with
   * hard-edged seats at full resolution to 0-7 %). Further out, with many small seats, it pays per seat instead, and
   * a moving camera draws sections and seats from the cached view (SeatMapScene.setCachedView), also at half the
   * resolution: the texture is read for a quarter of the pixels (at full resolution one texture read a pixel was most
   * of the whole-venue frame). SETTLE_MS after the last move the full drawing comes back in one frame, so a map at
   * rest looks exactly as before.
   */
  private drawCheaperWhileMoving(shown: boolean, seatPx: number): void {
    if (!this.scene) return;
    this.settle.cancel();
    const moving = shown && this.lodApplied && this.framesRendered > 0;
    if (moving) this.cancelPrepare();
    const reduced = this.setMoving(moving);
    const cached = this.setCached(drawsFromCachedView({ moving, seatsShown: shown, seatPx, minSeatPx: CHEAP_WHILE_MOVING_MIN_SEAT_PX, seatsInView: () => this.seatsInView }));
    if (!moving) {
      if (reduced || cached) this.requestRender();
      return;
    }
    this.settle.restart();
  }

  /** A quarter of the pixels while the camera moves, or the full resolution again; true when that changed. */
  private setMoving(moving: boolean): boolean {
    if (!this.scene || !this.renderer?.setReduced(moving)) return false;
    // The seats' pixel size follows the canvas's resolution (their anti-aliased rim is one device pixel).
    this.scene.setCamera(this.cameraCtl.state, this.seatsShown ? this.paddedView() : null);
    return true;
  }

  /** The cached view for the camera's view while it moves over small seats, or the seats themselves; true when that changed. */
  private setCached(on: boolean): boolean {
    if (!this.scene) return false;
    return this.scene.setCachedView(on ? this.cameraCtl.visibleRect() : null);
  }

  /**
   * At rest over many small seats (after the first frame, and after each move), the cached view is drawn for this
   * camera while nothing else happens, so the next move's frames find it ready and, where it is the cheaper, the frames
   * at rest that only change a ring are drawn from it: in parts, one after each animation frame
   * (SeatMapScene.prepareCachedViewStep), so no frame's commit waits for all of it on the GPU. A move stops it
   * (cancelPrepare); the move's frames draw the seats themselves until it is complete.
   */
  private prepareCachedViewSoon(): void {
    this.cancelPrepare();
    const step = () => {
      this.prepareTimer = null;
      const scene = this.scene;
      if (!scene || this.destroyed || this.drawnReduced || this.settle.pending) return;
      const next = { moving: true, seatsShown: this.seatsShown, seatPx: this.seatRadiusPx, minSeatPx: CHEAP_WHILE_MOVING_MIN_SEAT_PX };
      // Only for a move from here that would be drawn from it.
      if (!drawsFromCachedView({ ...next, seatsInView: () => this.seatsInView })) return;
      if (!scene.prepareCachedViewStep(this.cameraCtl.visibleRect())) return;
      this.prepareFrame = requestAnimationFrame(() => {
        this.prepareFrame = 0;
        this.prepareTimer = setTimeout(step, 0);
      });
    };
    this.prepareTimer = setTimeout(step, PREPARE_CACHED_VIEW_MS);
  }

  /**
   * A moving frame the cached view did not serve drew the seats itself: the next part of a new cached view is drawn
   * after it, in a task of its own (a timeout queued in the frame's task runs once the frame is committed), never in
   * the frame's task, so neither task sends the GPU more than about a frame's work (SeatMapScene.cachedViewPartAfterFrame).
   */
  private cachedViewPartAfterFrame(): void {
    if (this.partTimer) return;
    this.partTimer = setTimeout(() => {
      this.partTimer = null;
      if (!this.destroyed) this.scene?.cachedViewPartAfterFrame();
    }, 0);
  }

  private cancelPrepare(): void {
    if (this.prepareTimer) clearTimeout(this.prepareTimer);
    if (this.prepareFrame) cancelAnimationFrame(this.prepareFrame);
    this.prepareTimer = null;
    this.prepareFrame = 0;
  }

  /** A typical seat's radius on screen now (CSS px): under CHEAP_WHILE_MOVING_MIN_SEAT_PX a move draws from the cached view. */
  get seatRadiusPx(): number {
    return this.seatRadius * this.cameraCtl.state.scale;
  }

  /** Whether the cached view serves the camera now with the current colours (a move's frames would be drawn from it). */
  get cachedViewReady(): boolean {
    return this.scene?.cachedViewServes(this.cameraCtl.visibleRect()) ?? false;
  }

  /** Whether sections and seats are drawn from the cached view now (the camera is moving over small seats). */
  get drawnCached(): boolean {
    return this.scene?.cachedViewShown ?? false;
  }

  /** Whether the last frame, at rest, was drawn from the cached view drawn for this very camera (SeatMapScene.render). */
  get drawnCachedAtRest(): boolean {
    return this.scene?.cachedViewShownAtRest ?? false;
  }

  /** Frames drawn from the cached view so far (the test state reads it: did a whole-venue pan draw from it?). */
  cachedFrames = 0;

  /** Frames drawn at the reduced resolution so far (the test state reads it: did a pan draw cheaper?). */
  reducedFrames = 0;

  /** Whether the map is drawn at the reduced resolution now (the camera is moving). */
  get drawnReduced(): boolean {
    return this.renderer !== null && this.renderer.pixelRatio < this.renderer.resolution;
  }

  /**
   * Plans and draws the labels when they changed. While the camera moves (the settle timer pending), labels that only
   * moved with the map follow it by a transform of their canvas (LabelLayer.follow; it has those up to
   * LABEL_MARGIN_PX beyond the view's edges too, so nothing is missing where the map comes in) until it moved too far,
   * and the row labels pinned to the view's edge are drawn for the camera at every move (their own canvas); when it
   * settles, all of them are drawn for the camera again.
   */
  private drawLabels(): void {
    if (!this.labels || !this.scene) return;
    if (!this.labelsDirty && !this.labelsMoved) return;
    const camera = this.cameraCtl.state;
    const scene = this.scene;
    const plan = (part: 'unpinned' | 'pinned') =>
      planLabels({
        model: this.model,
        camera,
        viewport: this.cameraCtl.viewport,
        rowBounds: () => scene.seats.rows,
        seatsShown: this.seatsShown,
        seatRadius: this.seatRadius,
        sectionCounts: this.sectionCounts,
        describeArea: this.options.describeArea,
        rightInsetPx: this.options.fitRightInsetPx?.(),
        part,
        marginPx: LABEL_MARGIN_PX,
      });
    const pinned = plan('pinned');
    this.labels.drawPinned(pinned.labels);
    const following = !this.labelsDirty && this.settle.pending && this.labelsDrawnAt && this.labels.follow(this.labelsDrawnAt, camera);
    if (!following) {
      this.labelsDirty = false;
      this.labelsMoved = false;
      this.labelsDrawnAt = { ...camera };
      const rest = plan('unpinned');
      this.unpinnedCounts = rest.counts;
      this.labels.draw(rest.labels, (seat) => scene.seats.isDark(seat));
    }
    const c = this.unpinnedCounts;
    this.labelCountsValue = { ...c, rows: c.rows + pinned.counts.rows, pinnedRows: pinned.counts.pinnedRows };
  }

  /** Asks for the labels to be planned again (e.g. the caller's words for areas changed). */
  refreshLabels(): void {
    this.labelsDirty = true;
    this.requestRender();
  }

  private zoomStep(zoomIn: boolean): void {
    const ctl = this.cameraCtl;
    const centre = selectionCentre(this.model, this.selectedList);
    const selection = centre ? this.worldToScreen(centre.x, centre.y) : null;
    const focus = zoomFocus({ viewport: ctl.viewport, pointer: this.lastPointer, selection, zoomIn });
    if (focus.centre) {
      const w = this.screenToWorld(focus.centre.x, focus.centre.y);
      ctl.centerOn(w.x, w.y);
    }
    ctl.zoomAt(focus.at.x, focus.at.y, zoomIn ? 1.6 : 1 / 1.6);
    if (zoomIn) this.keepSomethingToRead();
  }

  /** The view holds no seat and no standing area: centre the nearest section. */
  private keepSomethingToRead(): void {
    const scene = this.scene;
    if (!scene) return;
    const v = this.cameraCtl.visibleRect();
    const s = nearestSectionToRead(this.model, v, scene.seats.countInView(v));
    if (s < 0) return;
    const b = this.model.sectionBounds;
    this.cameraCtl.centerOn((b[s * 4] + b[s * 4 + 2]) / 2, (b[s * 4 + 1] + b[s * 4 + 3]) / 2);
  }

  private moveFocusTo(seat: number, reveal = true): void {
    this.focusSeatValue = seat;
    if (reveal) this.reveal(seat);
    this.events.emit('focusChange', { seat });
    this.updateMarkers();
  }

  /** Brings a seat into view: zooms in to its section when seats are not drawn, else pans if it is near an edge. */
  private reveal(seat: number): void {
    const x = this.model.seatX[seat];
    const y = this.model.seatY[seat];
    const ctl = this.cameraCtl;
    if (!this.seatsShown) {
      this.zoomToSection(this.model.rowSection[this.model.seatRow[seat]]);
      ctl.centerOn(x, y);
      // A section too big for the seat budget: zoom in on the seat until seats are drawn.
      for (let i = 0; i < 12 && !this.seatsShown && ctl.state.scale < ctl.limits.maxScale; i++) ctl.zoomBy(1.5);
    }
    ctl.bringIntoView(x, y, 48);
  }

  // ---- hover and markers --------------------------------------------------------------------------

  private setHover(hit: HoverHit, x: number, y: number): void {
    const seat = this.seatsShown ? hit.seat : -1;
    const changed = seat !== this.hoverSeatValue || hit.section !== this.hoverSectionValue;
    if (seat !== this.hoverSeatValue) {
      this.hoverSeatValue = seat;
      this.events.emit('seatHover', seat >= 0 ? { seat, x, y } : null);
    }
    if (hit.section !== this.hoverSectionValue) {
      this.hoverSectionValue = hit.section;
      this.events.emit('sectionHover', hit.section >= 0 ? { section: hit.section, x, y } : null);
    }
    if (!changed) return;
    const cursor = seat >= 0 || hit.section >= 0 ? 'pointer' : '';
    if (cursor !== this.cursor) {
      this.cursor = cursor;
      this.container.style.cursor = cursor;
    }
    // With seats drawn only the hover ring changes, an element placed on the next frame: the scene is not drawn
    // again. At overview the hovered section's highlight is in the scene.
    if (this.seatsShown) this.scheduler?.request();
    else this.updateMarkers();
  }

  /** Renders the scene now (a user's selection, the bench's and tests' synchronous frames). */
  private renderSceneNow(): void {
    this.sceneDirty = true;
    this.scheduler?.renderNow();
  }

  /** The hover ring on the hovered seat for the camera of this frame (hidden with no seat, or on the focus seat). */
  private placeHoverRing(): void {
    const ring = this.hoverRing;
    if (!ring || !this.renderer) return;
    const seat = this.hoverSeatValue;
    if (!this.seatsShown || seat < 0 || seat === this.focusSeatValue) return ring.hide();
    const c = this.cameraCtl.state;
    const m = this.model;
    ring.show(m.seatX[seat] * c.scale + c.x, m.seatY[seat] * c.scale + c.y, hoverRingBox(m.seatRadius[seat] * c.scale, this.renderer.resolution));
  }

  /**
   * The focus ring, the hovered section and the rectangle change on the next frame, not in the input event that
   * changed them: the pointer event only hit-tests and reports (the bench's hover figure times the event), and
   * several moves within a frame update them once. The hover ring is placed on every frame (placeHoverRing). The
   * scene is drawn again only when what it shows of them changes: a click moves the focus seat, whose ring is drawn
   * only while the map has the keyboard's focus, so a mouse click's frame (a small selection on the overlay) draws
   * no seat.
   */
  private updateMarkers(): void {
    this.markersDirty = true;
    const drawn = this.markersDrawn;
    if (!drawn || drawn.focus !== this.focusRingSeat() || drawn.highlight !== this.highlightedSection() || drawn.marquee !== this.marquee) this.requestRender();
    else this.scheduler?.request();
  }

  /** The seat the keyboard focus ring is drawn on, -1 when none is. */
  private focusRingSeat(): number {
    return this.keyboardFocus && document.activeElement === this.container ? this.focusSeatValue : -1;
  }

  /** The section highlighted under the pointer (at overview only), -1 for none. */
  private highlightedSection(): number {
    return this.seatsShown ? -1 : this.hoverSectionValue;
  }

  private applyMarkers(): void {
    if (!this.markersDirty || !this.scene) return;
    this.markersDirty = false;
    const focus = this.focusRingSeat();
    const highlight = this.highlightedSection();
    this.markersDrawn = { focus, highlight, marquee: this.marquee };
    this.scene.sections.setHighlight(highlight);
    this.scene.markers.update({ focusSeat: this.focusSeatValue, showFocus: focus >= 0, marquee: this.marquee });
  }
}
