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

/**
 * The smallest distance between the boundaries of two polygons (each vertex of one to each edge of the other), or
 * Infinity when their boxes, widened by `within`, do not meet: only neighbours are measured.
 */
export function polygonGap(a: number[], b: number[], within: number): number {
  const ba = polygonBounds(a), bb = polygonBounds(b);
  if (ba.minX - within > bb.maxX || bb.minX - within > ba.maxX || ba.minY - within > bb.maxY
    || bb.minY - within > ba.maxY) return Infinity;
  return Math.min(vertexToEdges(a, b), vertexToEdges(b, a));
}

function vertexToEdges(points: number[], polygon: number[]): number {
  let best = Infinity;
  const n = polygon.length;
  for (let k = 0; k < points.length; k += 2) {
    const px = points[k]!, py = points[k + 1]!;
    for (let e = 0; e < n; e += 2) {
      const ax = polygon[e]!, ay = polygon[e + 1]!, bx = polygon[(e + 2) % n]!, by = polygon[(e + 3) % n]!;
      const dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy;
      const t = length2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
      const ex = ax + t * dx - px, ey = ay + t * dy - py;
      const d2 = ex * ex + ey * ey;
      if (d2 < best) best = d2;
    }
  }
  return Math.sqrt(best);
}
