import { sharedNumberReader } from './NumberReader';

/**
 * 2D affine matrices as six numbers [a, b, c, d, e, f] (x' = a·x + c·y + e, y' = b·x + d·y + f), stored in
 * Float64Arrays at an offset so the importer keeps one matrix per open element in a single buffer instead of an
 * object per element.
 */
export const IDENTITY = [1, 0, 0, 1, 0, 0] as const;

export function setIdentity(m: Float64Array, o: number): void {
  m[o] = 1; m[o + 1] = 0; m[o + 2] = 0; m[o + 3] = 1; m[o + 4] = 0; m[o + 5] = 0;
}

export function copyMatrix(from: Float64Array, fo: number, to: Float64Array, to0: number): void {
  for (let i = 0; i < 6; i++) to[to0 + i] = from[fo + i]!;
}

/** m (at offset o) becomes m × [a b c d e f]: the new transform applies first, as nested SVG transforms do. */
export function multiplyRight(m: Float64Array, o: number, a: number, b: number, c: number, d: number, e: number,
  f: number): void {
  const ma = m[o]!, mb = m[o + 1]!, mc = m[o + 2]!, md = m[o + 3]!, me = m[o + 4]!, mf = m[o + 5]!;
  m[o] = ma * a + mc * b;
  m[o + 1] = mb * a + md * b;
  m[o + 2] = ma * c + mc * d;
  m[o + 3] = mb * c + md * d;
  m[o + 4] = ma * e + mc * f + me;
  m[o + 5] = mb * e + md * f + mf;
}

/** How much the matrix scales lengths (geometric mean of its axes), used for seat radii. */
export function matrixScale(m: Float64Array, o: number): number {
  return Math.sqrt(Math.abs(m[o]! * m[o + 3]! - m[o + 1]! * m[o + 2]!));
}

const reader = sharedNumberReader();
const args = new Float64Array(6);
const saved = new Float64Array(6);

/**
 * Applies a transform attribute (src[start, end)) onto the matrix at m[o]: every form of the SVG grammar, in
 * order, so chains like "translate(11,11) rotate(-76.4) translate(-11,-11)" compose as the browser does.
 * Returns false (matrix untouched) when the list is malformed, which SVG treats as no transform at all.
 */
export function applyTransform(src: string, start: number, end: number, m: Float64Array, o: number): boolean {
  copyMatrix(m, o, saved, 0);
  if (applyList(src, start, end, m, o)) return true;
  copyMatrix(saved, 0, m, o);
  return false;
}

function applyList(src: string, start: number, end: number, m: Float64Array, o: number): boolean {
  reader.reset(src, start, end);
  for (;;) {
    if (!reader.skipSeparators()) return true;
    const nameStart = reader.pos;
    let p = nameStart;
    while (p < end && isLetter(src.charCodeAt(p))) p++;
    const name = src.slice(nameStart, p);
    while (p < end && src.charCodeAt(p) <= 32) p++;
    if (src.charCodeAt(p) !== 40) return false;
    reader.pos = p + 1;
    let n = 0;
    while (n < 6) {
      const v = reader.next();
      if (Number.isNaN(v)) break;
      args[n++] = v;
    }
    if (reader.peek() !== 41) return false;
    reader.pos++;
    if (!applyOne(name, n, m, o)) return false;
  }
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function applyOne(name: string, n: number, m: Float64Array, o: number): boolean {
  const a0 = args[0]!, a1 = args[1]!, a2 = args[2]!;
  switch (name) {
    case 'matrix':
      if (n !== 6) return false;
      multiplyRight(m, o, a0, a1, a2, args[3]!, args[4]!, args[5]!);
      return true;
    case 'translate':
      if (n !== 1 && n !== 2) return false;
      multiplyRight(m, o, 1, 0, 0, 1, a0, n === 2 ? a1 : 0);
      return true;
    case 'scale':
      if (n !== 1 && n !== 2) return false;
      multiplyRight(m, o, a0, 0, 0, n === 2 ? a1 : a0, 0, 0);
      return true;
    case 'rotate': {
      if (n !== 1 && n !== 3) return false;
      const rad = (a0 * Math.PI) / 180;
      const cos = Math.cos(rad), sin = Math.sin(rad);
      if (n === 3) multiplyRight(m, o, 1, 0, 0, 1, a1, a2);
      multiplyRight(m, o, cos, sin, -sin, cos, 0, 0);
      if (n === 3) multiplyRight(m, o, 1, 0, 0, 1, -a1, -a2);
      return true;
    }
    case 'skewX':
      if (n !== 1) return false;
      multiplyRight(m, o, 1, 0, Math.tan((a0 * Math.PI) / 180), 1, 0, 0);
      return true;
    case 'skewY':
      if (n !== 1) return false;
      multiplyRight(m, o, 1, Math.tan((a0 * Math.PI) / 180), 0, 1, 0, 0);
      return true;
    default:
      return false;
  }
}

/**
 * The transform a viewBox adds inside a viewport (nested <svg>, <use> of a <symbol>): scale to fit with the
 * default preserveAspectRatio "xMidYMid meet", or stretch with "none".
 */
export function applyViewBox(m: Float64Array, o: number, vbX: number, vbY: number, vbW: number, vbH: number,
  x: number, y: number, width: number, height: number, stretch: boolean): void {
  if (!(vbW > 0 && vbH > 0 && width > 0 && height > 0)) {
    multiplyRight(m, o, 1, 0, 0, 1, x, y);
    return;
  }
  let sx = width / vbW;
  let sy = height / vbH;
  let tx = x, ty = y;
  if (!stretch) {
    const s = Math.min(sx, sy);
    tx += (width - vbW * s) / 2;
    ty += (height - vbH * s) / 2;
    sx = sy = s;
  }
  multiplyRight(m, o, sx, 0, 0, sy, tx - vbX * sx, ty - vbY * sy);
}
