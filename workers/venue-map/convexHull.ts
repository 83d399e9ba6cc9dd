/**
 * Convex hull (Andrew's monotone chain) of points given as two coordinate arrays and a list of indexes; returns
 * x, y pairs counter-clockwise. A section drawn without an outline gets its seats' hull so sectionAt still works.
 */
export function convexHull(xs: ArrayLike<number>, ys: ArrayLike<number>, indexes: ArrayLike<number>): number[] {
  const order = Array.from(indexes).sort((i, j) => xs[i]! - xs[j]! || ys[i]! - ys[j]!);
  if (order.length < 3) return order.flatMap((i) => [xs[i]!, ys[i]!]);
  const cross = (o: number, a: number, b: number): number =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const lower: number[] = [];
  for (const p of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: number[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const p = order[k]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = lower.slice(0, -1).concat(upper.slice(0, -1));
  return hull.flatMap((i) => [xs[i]!, ys[i]!]);
}

/**
 * The outline of a section drawn without one, from its seats: the convex hull of the seats' boxes (not their
 * centres), so a single seat or a straight row still gets an area, and every seat lies inside it. Seats
 * [first, first + count) of the coordinate and radius arrays; x, y pairs counter-clockwise.
 */
export function seatHull(xs: ArrayLike<number>, ys: ArrayLike<number>, rs: ArrayLike<number>, first: number,
  count: number): number[] {
  const cx = new Float64Array(count * 4), cy = new Float64Array(count * 4);
  for (let k = 0; k < count; k++) {
    const i = first + k, r = rs[i]!;
    for (let c = 0; c < 4; c++) {
      cx[k * 4 + c] = xs[i]! + (c & 1 ? r : -r);
      cy[k * 4 + c] = ys[i]! + (c & 2 ? r : -r);
    }
  }
  return convexHull(cx, cy, Array.from({ length: count * 4 }, (_, k) => k));
}
