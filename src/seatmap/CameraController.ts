/**
 * The camera's state and its commands (zoom steps, fit, zoom to a rectangle, pan, pinch/wheel zoom,
 * resize), clamped to the venue. Every change goes through `onChange`, where the engine applies it
 * (level of detail, scene, markers, render).
 */
import * as cam from './Camera';
import type { CameraState, Rect, Viewport, ZoomLimits } from './Camera';

const ZOOM_STEP = 1.6;

export interface CameraOptions {
  fitPaddingPx: number;
  maxSeatRadiusPx: number;
  /** CSS pixels along the bottom that something over the map covers (the legend), read at each fit. */
  fitBottomInsetPx?: () => number;
  /** CSS pixels along the right edge that something over the map covers (the zoom buttons), read at each fit. */
  fitRightInsetPx?: () => number;
}

export class CameraController {
  state: CameraState = { x: 0, y: 0, scale: 1 };
  viewport: Viewport = { width: 1, height: 1 };
  limits: ZoomLimits = { minScale: 1e-6, maxScale: 1e6 };

  constructor(
    private readonly bounds: Rect,
    private readonly seatRadius: number,
    private readonly options: CameraOptions,
    private readonly onChange: (next: CameraState, previous: CameraState) => void,
  ) {}

  /** Sets the camera (clamped); returns whether it moved. */
  set(next: CameraState, force = false): boolean {
    const c = cam.clampCamera(next, this.bounds, this.viewport, this.limits);
    if (!force && cam.sameCamera(c, this.state)) return false;
    const previous = this.state;
    this.state = c;
    this.onChange(c, previous);
    return true;
  }

  /** A new viewport size: keeps the world point at the centre where it was. */
  resize(vp: Viewport, keepCentre: boolean): void {
    const centre = cam.screenToWorld(this.state, this.viewport.width / 2, this.viewport.height / 2);
    this.viewport = vp;
    this.limits = cam.zoomLimitsFor(this.bounds, vp, this.seatRadius, this.options.maxSeatRadiusPx);
    if (keepCentre) this.set(cam.centerOn(this.state, vp, centre.x, centre.y));
  }

  zoomBy(factor: number): void {
    this.zoomAt(this.viewport.width / 2, this.viewport.height / 2, factor);
  }
  zoomIn(): void {
    this.zoomBy(ZOOM_STEP);
  }
  zoomOut(): void {
    this.zoomBy(1 / ZOOM_STEP);
  }
  zoomAt(x: number, y: number, factor: number): void {
    this.set(cam.zoomAround(this.state, x, y, factor, this.limits));
  }
  panBy(dx: number, dy: number): void {
    this.set(cam.panBy(this.state, dx, dy));
  }
  centerOn(x: number, y: number): void {
    this.set(cam.centerOn(this.state, this.viewport, x, y));
  }

  fit(force = false): void {
    this.set(this.fitted(), force);
  }

  /** The whole venue in the part of the viewport above the bottom inset (only the centre moves up). */
  private fitted(): CameraState {
    return cam.fitBounds(this.bounds, this.freeViewport(), this.options.fitPaddingPx, this.limits);
  }

  /** The part of the viewport above what covers its bottom (the legend) and left of the zoom buttons, at least half of each. */
  freeViewport(): Viewport {
    const { width, height } = this.viewport;
    const inset = Math.max(this.options.fitBottomInsetPx?.() ?? 0, 0);
    const right = Math.max(this.options.fitRightInsetPx?.() ?? 0, 0);
    return { width: Math.max(width - right, width / 2), height: Math.max(height - inset, height / 2) };
  }

  /** Fits `rect`, but at least at `minScale` (so a section's seats show), centred on it. */
  fitRect(rect: Rect, minScale: number): void {
    const free = this.freeViewport();
    const fit = cam.fitBounds(rect, free, this.options.fitPaddingPx, this.limits);
    const scale = cam.clampScale(Math.max(fit.scale, minScale), this.limits);
    this.set(cam.centerOn({ ...fit, scale }, free, (rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2));
  }

  visibleRect(): Rect {
    return cam.visibleWorldRect(this.state, this.viewport);
  }

  /**
   * Brings a world point into view with the least movement: a point already `margin` CSS pixels inside the part of
   * the viewport the legend leaves free stays put; one just past that margin is panned in until it sits a comfortable
   * distance from that edge (so the next step along a row does not pan again); one far away is centred.
   */
  bringIntoView(x: number, y: number, margin: number): void {
    const p = cam.worldToScreen(this.state, x, y);
    const free = this.freeViewport();
    const shift = (at: number, size: number): number | null => {
      const keep = Math.min(size / 4, margin * 2.5);
      if (at >= margin && at <= size - margin) return 0;
      if (at < -size / 2 || at > size * 1.5) return null;
      return at < margin ? keep - at : size - keep - at;
    };
    const dx = shift(p.x, free.width);
    const dy = shift(p.y, free.height);
    if (dx === null || dy === null) this.set(cam.centerOn(this.state, free, x, y));
    else if (dx !== 0 || dy !== 0) this.panBy(dx, dy);
  }
}
