/**
 * Even-odd point-in-polygon over points [start, end) of a flat x, y array (a section outline in the model).
 * Holes are not modelled (outlines are single rings), so even-odd and non-zero agree.
 */
export function pointInPolygon(points: ArrayLike<number>, start: number, end: number, x: number, y: number): boolean {
  let inside = false;
  for (let i = start, j = end - 1; i < end; j = i++) {
    const xi = points[2 * i]!, yi = points[2 * i + 1]!, xj = points[2 * j]!, yj = points[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
