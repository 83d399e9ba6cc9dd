/**
 * The cached view, pure: which part of the map a texture of sections and seats holds, at what resolution, and
 * whether it still serves a camera. While the camera moves over many small seats the engine draws that texture
 * instead of every seat (a software rasteriser pays per seat, not per pixel, there: docs/venue-map-journal.md, "The whole
 * venue in view"); at rest it draws the seats themselves again.
 */
import type { CameraState, Rect } from './Camera';

/** The cached region reaches this share of the view beyond each edge (a pan of a quarter screen needs no new one). */
export const CACHE_MARGIN = 0.25;
/** The texture serves zooms from its own scale divided by this up to its scale times this (softer beyond). */
export const CACHE_ZOOM_RANGE = 1.25;
/** No side of the texture is longer than this (device pixels). */
export const MAX_CACHE_PX = 4096;
/** Device pixels kept round the venue's bounds: edges and the smallest seats' fringe lie on them. */
const EDGE_PX = 2;

export interface CachedViewPlan {
  /** The map rectangle the texture holds (map units). */
  region: Rect;
  /** Texture pixels per map unit. */
  pxPerUnit: number;
  /** Device pixels per map unit of the camera it was planned for (pxPerUnit, unless the region was too large). */
  cameraPxPerUnit: number;
  /** Texture size in pixels. */
  width: number;
  height: number;
}

/**
 * The texture for `camera` (device pixels per CSS pixel `pixelRatio`): the view and a margin round it, clipped to the
 * venue, at the camera's own resolution, its texels on the screen's pixel grid (at that camera a texel is exactly a
 * device pixel, so the cached frame is the frame at rest). Null when the view does not meet the venue.
 */
export function planCachedView(view: Rect, venue: Rect, camera: CameraState, pixelRatio: number): CachedViewPlan | null {
  const mx = (view.maxX - view.minX) * CACHE_MARGIN;
  const my = (view.maxY - view.minY) * CACHE_MARGIN;
  const edge = EDGE_PX / (camera.scale * pixelRatio);
  const r = {
    minX: Math.max(view.minX - mx, venue.minX - edge),
    minY: Math.max(view.minY - my, venue.minY - edge),
    maxX: Math.min(view.maxX + mx, venue.maxX + edge),
    maxY: Math.min(view.maxY + my, venue.maxY + edge),
  };
  if (!(r.maxX > r.minX && r.maxY > r.minY)) return null;
  const cameraPxPerUnit = camera.scale * pixelRatio;
  let k = cameraPxPerUnit;
  const longest = Math.max(r.maxX - r.minX, r.maxY - r.minY) * k + 2;
  // Too large a region for one texture: a coarser one (a softer moving frame, never a missing part).
  const coarse = longest > MAX_CACHE_PX;
  if (coarse) k *= (MAX_CACHE_PX - 2) / longest;
  // Device pixel of map x at this camera: x * k + ox. Start the region on a whole device pixel.
  const ox = coarse ? 0 : camera.x * pixelRatio;
  const oy = coarse ? 0 : camera.y * pixelRatio;
  const minX = (Math.floor(r.minX * k + ox) - ox) / k;
  const minY = (Math.floor(r.minY * k + oy) - oy) / k;
  const width = Math.min(MAX_CACHE_PX, Math.ceil((r.maxX - minX) * k) + 1);
  const height = Math.min(MAX_CACHE_PX, Math.ceil((r.maxY - minY) * k) + 1);
  return { region: { minX, minY, maxX: minX + width / k, maxY: minY + height / k }, pxPerUnit: k, cameraPxPerUnit, width, height };
}

/**
 * Whether a texture planned earlier still serves `camera`: its zoom is within CACHE_ZOOM_RANGE of the camera's and
 * every part of the venue in `view` is inside it (what lies outside the venue is background either way).
 */
export function cachedViewServes(plan: CachedViewPlan, view: Rect, venue: Rect, camera: CameraState, pixelRatio: number): boolean {
  const ratio = (camera.scale * pixelRatio) / plan.cameraPxPerUnit;
  if (ratio > CACHE_ZOOM_RANGE || ratio < 1 / CACHE_ZOOM_RANGE) return false;
  const need = {
    minX: Math.max(view.minX, venue.minX),
    minY: Math.max(view.minY, venue.minY),
    maxX: Math.min(view.maxX, venue.maxX),
    maxY: Math.min(view.maxY, venue.maxY),
  };
  if (!(need.maxX > need.minX && need.maxY > need.minY)) return true;
  const r = plan.region;
  return need.minX >= r.minX && need.minY >= r.minY && need.maxX <= r.maxX && need.maxY <= r.maxY;
}

/**
 * A seat costs a software rasteriser about as much as this many texels of the cached view read: about 0.7 µs a seat
 * against about 12 ns a texel (a frame at rest of the 20k venue: 28 ms of GPU for its seats and sections, 15 ms from a
 * texture of them; the 100k stadium's pitch with no seat in view: 11 ms for its sections, 25 ms from a texture).
 */
export const SEAT_COST_IN_TEXELS = 60;

/**
 * Whether `plan` was made for this very camera: its texels at the camera's zoom and on the screen's device pixels, so
 * a frame from it is the frame drawn directly (a camera moved by a fraction of a pixel, or zoomed, is not).
 */
export function planFitsCamera(plan: CachedViewPlan, camera: CameraState, pixelRatio: number): boolean {
  const k = camera.scale * pixelRatio;
  if (plan.pxPerUnit !== k || plan.cameraPxPerUnit !== k) return false;
  const onGrid = (v: number) => Math.abs(v - Math.round(v)) < 1e-3;
  return onGrid(plan.region.minX * k + camera.x * pixelRatio) && onGrid(plan.region.minY * k + camera.y * pixelRatio);
}

/**
 * At rest: whether a frame is drawn from the cached view `plan` rather than its sections and seats. Only when the
 * texture was drawn for this very camera (its zoom, its texels on the screen's device pixels: the frame from it is the
 * frame drawn directly), holds every part of the venue in `view`, and reading its pixels on screen costs less than
 * drawing the `seatsInView` seats (SEAT_COST_IN_TEXELS). Then a frame whose change is drawn over the map (a hover or
 * selection ring) costs the texture's pixels, not every seat in view.
 */
export function cachedViewAtRest(plan: CachedViewPlan, view: Rect, venue: Rect, camera: CameraState, pixelRatio: number, seatsInView: number): boolean {
  if (!planFitsCamera(plan, camera, pixelRatio) || !cachedViewServes(plan, view, venue, camera, pixelRatio)) return false;
  const k = plan.pxPerUnit;
  const r = plan.region;
  const w = Math.max(0, Math.min(view.maxX, r.maxX) - Math.max(view.minX, r.minX)) * k;
  const h = Math.max(0, Math.min(view.maxY, r.maxY) - Math.max(view.minY, r.minY)) * k;
  return seatsInView * SEAT_COST_IN_TEXELS > w * h;
}

/**
 * With fewer seats than this in view (about 2 ms of a software rasteriser), a moving camera draws them itself and no
 * cached view is drawn for it: a texture costs the view's pixels to read, as the sections under the seats do, so it only
 * pays for itself over many seats, and drawing one is a fill of up to 2.25 screens (e.g. the 100k stadium's pitch
 * zoomed out of: the texture of its sections drawn inside a wheel frame, the session's longest task at 100k).
 */
export const CACHED_VIEW_MIN_SEATS = 2_500;

/**
 * Whether a frame is drawn from the cached view: only while the camera moves (`moving`), with seats drawn
 * (`seatsShown`) smaller than `minSeatPx` (bigger seats cost their pixels, drawn at half the resolution instead) and
 * at least CACHED_VIEW_MIN_SEATS of them in view (`seatsInView`, asked only then).
 */
export function drawsFromCachedView(o: { moving: boolean; seatsShown: boolean; seatPx: number; minSeatPx: number; seatsInView: () => number }): boolean {
  return o.moving && o.seatsShown && o.seatPx < o.minSeatPx && o.seatsInView() >= CACHED_VIEW_MIN_SEATS;
}

/**
 * Seats a software rasteriser draws in about a frame's time (about 0.7 µs a seat: docs/venue-map-journal.md, "The whole venue
 * in view"): what one task may send the GPU, a frame's own seats and a part of the cached view together.
 */
export const FRAME_SEAT_BUDGET = 20_000;
/** Seats in one part of the cached view drawn at rest, when no frame is drawn beside it. */
export const CACHED_VIEW_PART_SEATS = 10_000;
/** Seats in a part after a moving frame that drew that many or more itself: small, but the texture still progresses. */
export const MIN_CACHED_VIEW_PART_SEATS = 2_500;

/**
 * How many seats the next part of the cached view may draw. At rest (`seatsInFrame` null) CACHED_VIEW_PART_SEATS. After
 * a moving frame that drew `seatsInFrame` seats itself, what is left of a frame's budget (FRAME_SEAT_BUDGET) once
 * those are counted, between MIN_CACHED_VIEW_PART_SEATS and CACHED_VIEW_PART_SEATS: the part's GPU work and the next
 * frame's must fit before that frame's commit, which waits for both. `first`: the part that clears the texture and
 * draws the sections, a fill of the whole texture (up to 2.25 times the screen's pixels); after a moving frame it draws
 * no seats.
 */
export function cachedViewPartSeats(seatsInFrame: number | null, first: boolean): number {
  if (seatsInFrame === null) return CACHED_VIEW_PART_SEATS;
  if (first) return 0;
  return Math.min(CACHED_VIEW_PART_SEATS, Math.max(MIN_CACHED_VIEW_PART_SEATS, FRAME_SEAT_BUDGET - seatsInFrame));
}
