/** Size facts of a venue the camera needs, pure. */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { Rect } from './Camera';

/** The union of the sections' bounds (outlines and seats), else the viewBox. */
export function venueBounds(m: Pick<VenueModel, 'sectionCount' | 'sectionBounds' | 'viewBox'>): Rect {
  if (m.sectionCount === 0) return { ...m.viewBox };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const b = m.sectionBounds;
  for (let s = 0; s < m.sectionCount; s++) {
    minX = Math.min(minX, b[s * 4]);
    minY = Math.min(minY, b[s * 4 + 1]);
    maxX = Math.max(maxX, b[s * 4 + 2]);
    maxY = Math.max(maxY, b[s * 4 + 3]);
  }
  return { minX, minY, maxX, maxY };
}

/** The median seat radius of an even sample of at most 1,001 seats; 1 for a venue without seats. */
export function typicalSeatRadius(m: Pick<VenueModel, 'seatCount' | 'seatRadius'>): number {
  if (m.seatCount === 0) return 1;
  const step = Math.max(1, Math.floor(m.seatCount / 1001));
  const sample: number[] = [];
  for (let i = 0; i < m.seatCount; i += step) sample.push(m.seatRadius[i]);
  sample.sort((a, b) => a - b);
  const r = sample[sample.length >> 1];
  return r > 0 ? r : 1;
}

/** `a` grown to include `b` (when given and not empty). */
export function unionBounds(a: Rect, b: Rect | null): Rect {
  if (!b || !(b.maxX >= b.minX && b.maxY >= b.minY)) return a;
  return { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY) };
}

/** The box round marks given as (x, y, radius) triples, or null for none. */
export function marksBounds(marks: ArrayLike<number>): Rect | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k + 2 < marks.length; k += 3) {
    const x = marks[k]!, y = marks[k + 1]!, r = marks[k + 2]!;
    minX = Math.min(minX, x - r); maxX = Math.max(maxX, x + r);
    minY = Math.min(minY, y - r); maxY = Math.max(maxY, y + r);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}
