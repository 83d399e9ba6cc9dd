import { sharedNumberReader } from './NumberReader';
import { arcPoint, arcScratch, arcToCentre } from './svgArc';
import { scanPath, type PathSink } from './svgPath';
import type { XmlTokenizer } from './XmlTokenizer';
import {
  A_CX, A_CY, A_D, A_HEIGHT, A_POINTS, A_R, A_RX, A_RY, A_WIDTH, A_X, A_X1, A_X2, A_Y, A_Y1, A_Y2, T_CIRCLE,
  T_ELLIPSE, T_LINE, T_PATH, T_POLYGON, T_POLYLINE, T_RECT,
} from './svgVocabulary';

/**
 * Local bounding boxes of seat shapes, before transforms: a seat is the centre of its box and half its larger side.
 * The box of a path's points and control points is exact for the shapes seats are drawn
 * with (a circle drawn as four cubic Béziers has its control points on its bounding box), and arcs get their true
 * extremes, so a circle drawn as two arcs is measured correctly.
 */
const reader = sharedNumberReader();
const arc = arcScratch();
let minX = 0, minY = 0, maxX = 0, maxY = 0;

function add(x: number, y: number): void {
  if (x < minX) minX = x;
  if (x > maxX) maxX = x;
  if (y < minY) minY = y;
  if (y > maxY) maxY = y;
}

function reset(): void {
  minX = minY = Infinity;
  maxX = maxY = -Infinity;
}

function finish(out: Float64Array): boolean {
  out[0] = minX; out[1] = minY; out[2] = maxX; out[3] = maxY;
  return minX <= maxX && minY <= maxY && Number.isFinite(minX + minY + maxX + maxY);
}

const boundsSink: PathSink = {
  move: add,
  line: add,
  cubic(_x0, _y0, x1, y1, x2, y2, x, y) {
    add(x1, y1);
    add(x2, y2);
    add(x, y);
  },
  arc: arcBounds,
  close() {},
};

/** Bounds of path data src[start, end) into out [minX, minY, maxX, maxY]; false when the data is malformed. */
export function pathBounds(src: string, start: number, end: number, out: Float64Array): boolean {
  reset();
  return scanPath(src, start, end, boundsSink) && finish(out);
}

/** Adds an arc's end point and every axis extreme its sweep passes. */
function arcBounds(x1: number, y1: number, rx: number, ry: number, rotation: number, large: number,
  sweep: number, x2: number, y2: number): void {
  add(x2, y2);
  if (!arcToCentre(x1, y1, rx, ry, rotation, large, sweep, x2, y2, arc)) return;
  const cos = arc[6]!, sin = arc[7]!, theta1 = arc[4]!, delta = arc[5]!;
  const tx = Math.atan2(-arc[3]! * sin, arc[2]! * cos), ty = Math.atan2(arc[3]! * cos, arc[2]! * sin);
  const turn = 2 * Math.PI;
  for (let k = 0; k < 4; k++) {
    const t = (k < 2 ? tx : ty) + (k % 2) * Math.PI;
    const along = delta >= 0 ? (((t - theta1) % turn) + turn) % turn : (((theta1 - t) % turn) + turn) % turn;
    if (along <= Math.abs(delta)) {
      arcPoint(arc, t);
      add(arc[8]!, arc[9]!);
    }
  }
}

/** Bounds of a points list ("x,y x,y ...") into out; false when it holds no complete pair. */
export function pointsBounds(src: string, start: number, end: number, out: Float64Array): boolean {
  reset();
  reader.reset(src, start, end);
  for (;;) {
    const x = reader.next();
    if (Number.isNaN(x)) break;
    const y = reader.next();
    if (Number.isNaN(y)) break;
    add(x, y);
  }
  return finish(out);
}

/**
 * Local bounds of the current tag when it is a basic shape (circle, ellipse, rect, line, polygon, polyline, path);
 * false when it is not a shape or its geometry is missing or malformed.
 */
function at(tok: XmlTokenizer, code: number): number {
  return tok.attrNumber(tok.attr(code));
}

function or0(v: number): number {
  return Number.isNaN(v) ? 0 : v;
}

export function shapeBounds(tok: XmlTokenizer, out: Float64Array): boolean {
  switch (tok.tagCode) {
    case T_CIRCLE: {
      const cx = or0(at(tok, A_CX)), cy = or0(at(tok, A_CY)), r = at(tok, A_R);
      if (!(r > 0)) return false;
      out[0] = cx - r; out[1] = cy - r; out[2] = cx + r; out[3] = cy + r;
      return true;
    }
    case T_ELLIPSE: {
      const cx = or0(at(tok, A_CX)), cy = or0(at(tok, A_CY));
      let rx = at(tok, A_RX), ry = at(tok, A_RY);
      if (Number.isNaN(rx)) rx = ry;
      if (Number.isNaN(ry)) ry = rx;
      if (!(rx > 0 && ry > 0)) return false;
      out[0] = cx - rx; out[1] = cy - ry; out[2] = cx + rx; out[3] = cy + ry;
      return true;
    }
    case T_RECT: {
      const x = or0(at(tok, A_X)), y = or0(at(tok, A_Y)), w = at(tok, A_WIDTH), h = at(tok, A_HEIGHT);
      if (!(w > 0 && h > 0)) return false;
      out[0] = x; out[1] = y; out[2] = x + w; out[3] = y + h;
      return true;
    }
    case T_LINE: {
      const x1 = or0(at(tok, A_X1)), y1 = or0(at(tok, A_Y1)), x2 = or0(at(tok, A_X2)), y2 = or0(at(tok, A_Y2));
      out[0] = Math.min(x1, x2); out[1] = Math.min(y1, y2); out[2] = Math.max(x1, x2); out[3] = Math.max(y1, y2);
      return true;
    }
    case T_POLYGON:
    case T_POLYLINE: {
      const i = tok.attr(A_POINTS);
      return i >= 0 && pointsBounds(tok.src, tok.valueStart(i), tok.valueEnd(i), out);
    }
    case T_PATH: {
      const i = tok.attr(A_D);
      return i >= 0 && pathBounds(tok.src, tok.valueStart(i), tok.valueEnd(i), out);
    }
    default:
      return false;
  }
}
