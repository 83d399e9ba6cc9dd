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
