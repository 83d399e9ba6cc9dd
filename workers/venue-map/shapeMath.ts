import type { VenueBuilder } from './VenueBuilder';
import type { VenueBounds } from './venueModel';

/** Small geometry and statistics shared by the candidate vetting and the reading of maps drawn as blocks. */

/** The area a drawn outline encloses (shoelace; an open line encloses next to nothing). */
export function polygonArea(points: number[]): number {
  let twice = 0;
  for (let k = 0, n = points.length; k < n; k += 2) {
    const j = (k + 2) % n;
    twice += points[k]! * points[j + 1]! - points[j]! * points[k + 1]!;
  }
  return Math.abs(twice) / 2;
}

export function polygonBounds(points: number[]): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < points.length; k += 2) {
    minX = Math.min(minX, points[k]!); maxX = Math.max(maxX, points[k]!);
    minY = Math.min(minY, points[k + 1]!); maxY = Math.max(maxY, points[k + 1]!);
  }
  return { minX, minY, maxX, maxY };
}

/** The box of builder seat i as a polygon (a shape read as a section without its drawn outline). */
export function boxPolygon(b: VenueBuilder, i: number): number[] {
  const x = b.seatX[i]!, y = b.seatY[i]!, r = b.seatRadius[i]!;
  return [x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r];
}

export function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}
