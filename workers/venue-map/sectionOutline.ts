import { sharedNumberReader } from './NumberReader';
import { arcPoint, arcScratch, arcToCentre } from './svgArc';
import { scanPath, type PathSink } from './svgPath';
import {
  A_CX, A_CY, A_D, A_HEIGHT, A_POINTS, A_R, A_RX, A_RY, A_WIDTH, A_X, A_Y, T_CIRCLE, T_ELLIPSE, T_PATH,
  T_POLYGON, T_POLYLINE, T_RECT,
} from './svgVocabulary';
import type { XmlTokenizer } from './XmlTokenizer';

/**
 * Section outlines as polygons in map units: curves and arcs flattened into short segments, which is plenty for
 * point-in-polygon and for drawing a section at low zoom.
 */
const CURVE_STEPS = 8;
const ARC_STEP = Math.PI / 12;
const reader = sharedNumberReader();
const arc = arcScratch();

function num(tok: XmlTokenizer, code: number, fallback: number): number {
  const v = tok.attrNumber(tok.attr(code));
  return Number.isNaN(v) ? fallback : v;
}

/** Local polygon (x, y pairs) of the current tag; empty when it is not an area shape or is malformed. */
export function outlinePolygon(tok: XmlTokenizer): number[] {
  switch (tok.tagCode) {
    case T_RECT: {
      const x = num(tok, A_X, 0), y = num(tok, A_Y, 0), w = num(tok, A_WIDTH, 0), h = num(tok, A_HEIGHT, 0);
      return w > 0 && h > 0 ? [x, y, x + w, y, x + w, y + h, x, y + h] : [];
    }
    case T_CIRCLE:
    case T_ELLIPSE: {
      const cx = num(tok, A_CX, 0), cy = num(tok, A_CY, 0);
      const r = num(tok, A_R, 0);
      const rx = tok.tagCode === T_CIRCLE ? r : num(tok, A_RX, 0), ry = tok.tagCode === T_CIRCLE ? r : num(tok, A_RY, 0);
      if (!(rx > 0 && ry > 0)) return [];
      const points: number[] = [];
      for (let k = 0; k < 24; k++) {
        const t = (k / 24) * 2 * Math.PI;
        points.push(cx + rx * Math.cos(t), cy + ry * Math.sin(t));
      }
      return points;
    }
    case T_POLYGON:
    case T_POLYLINE: {
      const i = tok.attr(A_POINTS);
      if (i < 0) return [];
      reader.reset(tok.src, tok.valueStart(i), tok.valueEnd(i));
      const points: number[] = [];
      for (;;) {
        const x = reader.next(), y = reader.next();
        if (Number.isNaN(x) || Number.isNaN(y)) break;
        points.push(x, y);
      }
      return points.length >= 6 ? points : [];
    }
    case T_PATH: {
      const i = tok.attr(A_D);
      return i < 0 ? [] : pathPolygon(tok.src, tok.valueStart(i), tok.valueEnd(i));
    }
    default:
      return [];
  }
}

/** Flattens path data into subpaths (curves in CURVE_STEPS segments, arcs in ARC_STEP steps). */
class PolygonSink implements PathSink {
  best: number[] = [];
  private bestArea = -1;
  private current: number[] = [];

  move(x: number, y: number): void {
    this.close();
    this.current.push(x, y);
  }

  line(x: number, y: number): void {
    this.current.push(x, y);
  }

  cubic(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void {
    for (let k = 1; k <= CURVE_STEPS; k++) {
      const t = k / CURVE_STEPS, u = 1 - t;
      const a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
      this.current.push(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3);
    }
  }

  arc(x0: number, y0: number, rx: number, ry: number, rotation: number, large: number, sweep: number, x: number,
    y: number): void {
    if (arcToCentre(x0, y0, rx, ry, rotation, large, sweep, x, y, arc)) {
      const steps = Math.max(2, Math.ceil(Math.abs(arc[5]!) / ARC_STEP));
      for (let k = 1; k < steps; k++) {
        arcPoint(arc, arc[4]! + (arc[5]! * k) / steps);
        this.current.push(arc[8]!, arc[9]!);
      }
    }
    this.current.push(x, y);
  }

  /** Ends a subpath; the one with the largest box is the outline (holes and decorations are dropped). */
  close(): void {
    const area = boxArea(this.current);
    if (this.current.length >= 6 && area > this.bestArea) {
      this.best = this.current;
      this.bestArea = area;
    }
    this.current = [];
  }
}

/** The largest subpath of path data src[start, end), flattened; empty when the data is malformed. */
export function pathPolygon(src: string, start: number, end: number): number[] {
  const sink = new PolygonSink();
  if (!scanPath(src, start, end, sink)) return [];
  sink.close();
  return sink.best;
}

function boxArea(points: number[]): number {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    minX = Math.min(minX, points[i]!); maxX = Math.max(maxX, points[i]!);
    minY = Math.min(minY, points[i + 1]!); maxY = Math.max(maxY, points[i + 1]!);
  }
  return points.length ? (maxX - minX) * (maxY - minY) : -1;
}

/** Applies the matrix at m[o] to a local polygon in place. */
export function transformPoints(points: number[], m: Float64Array, o: number): number[] {
  const a = m[o]!, b = m[o + 1]!, c = m[o + 2]!, d = m[o + 3]!, e = m[o + 4]!, f = m[o + 5]!;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!, y = points[i + 1]!;
    points[i] = a * x + c * y + e;
    points[i + 1] = b * x + d * y + f;
  }
  return points;
}
