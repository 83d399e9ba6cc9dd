/**
 * Where the zoom buttons zoom, pure: towards the pointer's last position over the map, else towards the selection
 * (brought to the middle first when it is out of sight), else around the middle of the view. After zooming in, a
 * view that holds no seat and no standing area moves to the nearest section (nearestSectionToRead): on a stadium
 * the middle is the standing floor's empty surroundings, and "+" must never end on nothing to read.
 */
import { SECTION_KIND_SEATED, type VenueModel } from '../../workers/venue-map/venueModel';
import type { Point, Rect, Viewport } from './Camera';

export interface ZoomFocusInput {
  viewport: Viewport;
  /** The pointer's last position over the map (CSS px from its top-left corner), null when it never was there. */
  pointer: Point | null;
  /** The selection's centre on screen (CSS px), null without a selection. */
  selection: Point | null;
  zoomIn: boolean;
}

export interface ZoomFocus {
  /** The screen point that stays put while zooming. */
  at: Point;
  /** A screen point to move to the middle first (the selection out of sight), else null. */
  centre: Point | null;
  why: 'pointer' | 'selection' | 'middle';
}

const inside = (p: Point, vp: Viewport, margin: number) => p.x >= margin && p.y >= margin && p.x <= vp.width - margin && p.y <= vp.height - margin;

export function zoomFocus({ viewport, pointer, selection, zoomIn }: ZoomFocusInput): ZoomFocus {
  const middle = { x: viewport.width / 2, y: viewport.height / 2 };
  if (pointer && inside(pointer, viewport, 0)) return { at: pointer, centre: null, why: 'pointer' };
  if (zoomIn && selection) {
    if (inside(selection, viewport, 16)) return { at: selection, centre: null, why: 'selection' };
    return { at: middle, centre: selection, why: 'selection' };
  }
  return { at: middle, centre: null, why: 'middle' };
}

/** The middle of the selected seats' bounding box (map units), null without a selection. */
export function selectionCentre(m: Pick<VenueModel, 'seatX' | 'seatY'>, seats: ArrayLike<number>): Point | null {
  if (seats.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < seats.length; k++) {
    const x = m.seatX[seats[k]];
    const y = m.seatY[seats[k]];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
}

/**
 * The section to centre when the view (map units) holds nothing to read: -1 when it holds seats (`seatsInView` > 0)
 * or meets a standing area (which is labelled), else the section whose bounds come nearest the view's middle.
 */
export function nearestSectionToRead(m: Pick<VenueModel, 'sectionCount' | 'sectionBounds' | 'sectionKind'>, view: Rect, seatsInView: number): number {
  if (seatsInView > 0) return -1;
  const b = m.sectionBounds;
  const cx = (view.minX + view.maxX) / 2;
  const cy = (view.minY + view.maxY) / 2;
  let best = -1;
  let bestD = Infinity;
  for (let s = 0; s < m.sectionCount; s++) {
    const meets = b[s * 4] <= view.maxX && b[s * 4 + 2] >= view.minX && b[s * 4 + 1] <= view.maxY && b[s * 4 + 3] >= view.minY;
    if (meets && m.sectionKind[s] !== SECTION_KIND_SEATED) return -1;
    const x = Math.min(Math.max(cx, b[s * 4]), b[s * 4 + 2]);
    const y = Math.min(Math.max(cy, b[s * 4 + 1]), b[s * 4 + 3]);
    const d = (x - cx) ** 2 + (y - cy) ** 2;
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  return best;
}
