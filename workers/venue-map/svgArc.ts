/**
 * SVG arc commands give end points; bounds and flattening need the ellipse's centre and angles (SVG 1.1 F.6.5).
 * Writes [cx, cy, rx, ry, theta1, delta, cos(phi), sin(phi)] into out; false for a degenerate arc (a line).
 */
export function arcToCentre(x1: number, y1: number, rxIn: number, ryIn: number, rotation: number, large: number,
  sweep: number, x2: number, y2: number, out: Float64Array): boolean {
  let rx = Math.abs(rxIn), ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return false;
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi), sin = Math.sin(phi);
  const dx = (x1 - x2) / 2, dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy, y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const rx2 = rx * rx, ry2 = ry * ry;
  const den = rx2 * y1p * y1p + ry2 * x1p * x1p;
  const coef = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, (rx2 * ry2 - den) / den));
  const cxp = (coef * rx * y1p) / ry, cyp = (-coef * ry * x1p) / rx;
  const theta1 = Math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx);
  let delta = Math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx) - theta1;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  else if (sweep && delta < 0) delta += 2 * Math.PI;
  out[0] = cos * cxp - sin * cyp + (x1 + x2) / 2;
  out[1] = sin * cxp + cos * cyp + (y1 + y2) / 2;
  out[2] = rx; out[3] = ry; out[4] = theta1; out[5] = delta; out[6] = cos; out[7] = sin;
  return true;
}

/** Point of the centre-parameterised arc at angle t, into out[8], out[9]. */
export function arcPoint(arc: Float64Array, t: number): void {
  const ct = Math.cos(t), st = Math.sin(t);
  const rx = arc[2]!, ry = arc[3]!, cos = arc[6]!, sin = arc[7]!;
  arc[8] = arc[0]! + rx * ct * cos - ry * st * sin;
  arc[9] = arc[1]! + rx * ct * sin + ry * st * cos;
}

/** Creates the scratch buffer the two functions above share. */
export function arcScratch(): Float64Array {
  return new Float64Array(10);
}
