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
