/**
 * Camera maths, pure. The camera maps world (map units) to screen (CSS pixels of the map container):
 * screen = world * scale + (x, y). Everything here is a plain function so it is tested without a browser.
 */

export interface CameraState {
  x: number;
  y: number;
  scale: number;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface ZoomLimits {
  minScale: number;
  maxScale: number;
}

export interface Point {
  x: number;
  y: number;
}

export function worldToScreen(cam: CameraState, wx: number, wy: number): Point {
  return { x: wx * cam.scale + cam.x, y: wy * cam.scale + cam.y };
}

export function screenToWorld(cam: CameraState, sx: number, sy: number): Point {
  return { x: (sx - cam.x) / cam.scale, y: (sy - cam.y) / cam.scale };
}

/** The world rectangle the viewport shows. */
export function visibleWorldRect(cam: CameraState, vp: Viewport): Rect {
  const a = screenToWorld(cam, 0, 0);
  const b = screenToWorld(cam, vp.width, vp.height);
  return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
}

export function clampScale(scale: number, limits: ZoomLimits): number {
  return Math.min(limits.maxScale, Math.max(limits.minScale, scale));
}

/** Zoom by `factor` keeping the world point under the screen point (sx, sy) where it is. */
export function zoomAround(cam: CameraState, sx: number, sy: number, factor: number, limits: ZoomLimits): CameraState {
  const scale = clampScale(cam.scale * factor, limits);
  const k = scale / cam.scale;
  return { x: sx - (sx - cam.x) * k, y: sy - (sy - cam.y) * k, scale };
}

export function panBy(cam: CameraState, dx: number, dy: number): CameraState {
  return { x: cam.x + dx, y: cam.y + dy, scale: cam.scale };
}

/** The camera that shows `bounds` whole and centred, `padding` CSS pixels from the edges. */
export function fitBounds(bounds: Rect, vp: Viewport, padding: number, limits?: ZoomLimits): CameraState {
  const w = Math.max(bounds.maxX - bounds.minX, 1e-6);
  const h = Math.max(bounds.maxY - bounds.minY, 1e-6);
  const availW = Math.max(vp.width - 2 * padding, 1);
  const availH = Math.max(vp.height - 2 * padding, 1);
  let scale = Math.min(availW / w, availH / h);
  if (limits) scale = clampScale(scale, limits);
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return { x: vp.width / 2 - cx * scale, y: vp.height / 2 - cy * scale, scale };
}

/** Centre the world point (wx, wy) in the viewport at the current scale. */
export function centerOn(cam: CameraState, vp: Viewport, wx: number, wy: number): CameraState {
  return { x: vp.width / 2 - wx * cam.scale, y: vp.height / 2 - wy * cam.scale, scale: cam.scale };
}

/**
 * Keep the scale within limits and the viewport's centre over the venue, so the map can never be panned
 * or zoomed out of sight.
 */
export function clampCamera(cam: CameraState, bounds: Rect, vp: Viewport, limits: ZoomLimits): CameraState {
  let { x, y } = cam;
  const scale = clampScale(cam.scale, limits);
  if (scale !== cam.scale) {
    const k = scale / cam.scale;
    x = vp.width / 2 - (vp.width / 2 - x) * k;
    y = vp.height / 2 - (vp.height / 2 - y) * k;
  }
  const c = screenToWorld({ x, y, scale }, vp.width / 2, vp.height / 2);
  const cx = Math.min(bounds.maxX, Math.max(bounds.minX, c.x));
  const cy = Math.min(bounds.maxY, Math.max(bounds.minY, c.y));
  return { x: x - (cx - c.x) * scale, y: y - (cy - c.y) * scale, scale };
}

/**
 * Zoom limits for a venue: out to half the fit scale, in until a typical seat is `maxSeatRadiusPx` wide
 * (never less than 4× the fit scale, so tiny venues still zoom).
 */
export function zoomLimitsFor(bounds: Rect, vp: Viewport, typicalSeatRadius: number, maxSeatRadiusPx: number): ZoomLimits {
  const fit = fitBounds(bounds, vp, 0).scale;
  const bySeat = typicalSeatRadius > 0 ? maxSeatRadiusPx / typicalSeatRadius : fit * 64;
  return { minScale: fit * 0.5, maxScale: Math.max(fit * 4, bySeat) };
}

/** Zoom factor for a wheel event; deltaMode 1 is lines, 2 pages. Trackpad pinch arrives as ctrl+wheel. */
export function wheelZoomFactor(deltaY: number, deltaMode: number, pinch: boolean): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-300, Math.min(300, px));
  return Math.exp(-clamped * (pinch ? 0.01 : 0.002));
}

/** A rectangle from two corners, in either order. */
export function rectFromCorners(ax: number, ay: number, bx: number, by: number): Rect {
  return { minX: Math.min(ax, bx), minY: Math.min(ay, by), maxX: Math.max(ax, bx), maxY: Math.max(ay, by) };
}

export function sameCamera(a: CameraState, b: CameraState): boolean {
  return a.x === b.x && a.y === b.y && a.scale === b.scale;
}
