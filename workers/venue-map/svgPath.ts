import { sharedNumberReader } from './NumberReader';
import { VenueSvgError } from './VenueSvgError';

/**
 * One reader for SVG path data, by hand over the source text: every command, absolute and relative, implicit
 * repeats, compact syntax ("l-3 0c-12,0 -21,9 -21,21", ".5.5", arc flags written together as in "a5 5 0 1050 10")
 * and data spread over several lines. Quadratic curves are handed on as cubics and smooth curves with their
 * reflected control point, so a sink only handles lines, cubics and arcs.
 *
 * svg-path-parser (a PEG parser) was measured at about 0.5 ms per short section outline on the reference machine
 * (368 outlines of a 200k-seat venue took 180-400 ms, most of the parse budget), so neither seats nor outlines use it.
 */
export interface PathSink {
  move(x: number, y: number): void;
  line(x: number, y: number): void;
  cubic(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x: number, y: number): void;
  arc(x0: number, y0: number, rx: number, ry: number, rotation: number, large: number, sweep: number, x: number,
    y: number): void;
  close(): void;
}

const reader = sharedNumberReader();

/**
 * The longest path data one shape may have: a detailed section outline is a few thousand characters; one shape of
 * millions is no seat map, and its points would take memory without bound (docs/security.md "Import limits").
 */
export const MAX_PATH_CHARS = 1_000_000;

/** Feeds path data src[start, end) to the sink; false when the data is malformed (what was read so far stays). */
export function scanPath(src: string, start: number, end: number, sink: PathSink): boolean {
  if (end - start > MAX_PATH_CHARS) {
    throw new VenueSvgError(`A shape's path data is ${(end - start).toLocaleString('en')} characters long, over the import limit of ${MAX_PATH_CHARS.toLocaleString('en')}; simplify the map`);
  }
  reader.reset(src, start, end);
  let x = 0, y = 0, startX = 0, startY = 0, ctrlX = 0, ctrlY = 0;
  let command = 0;
  let previous = 0;
  for (;;) {
    const c = reader.peek();
    if (c < 0) return true;
    const isNumber = (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46;
    if (!isNumber) {
      command = c;
      reader.pos++;
      if ((command | 32) === 122) {
        x = startX;
        y = startY;
        previous = command;
        sink.close();
        if (reader.atNumber()) return false;
        continue;
      }
    } else if (command === 0 || (command | 32) === 122) {
      return false;
    }
    const relative = command >= 97;
    const ox = relative ? x : 0, oy = relative ? y : 0;
    const kind = command | 32;
    if (kind === 109) {
      x = startX = reader.next() + ox;
      y = startY = reader.next() + oy;
      if (Number.isNaN(x + y)) return false;
      sink.move(x, y);
      // Further pairs after a moveto are implicit linetos.
      command = relative ? 108 : 76;
      previous = command;
      continue;
    }
    if (kind === 108 || kind === 104 || kind === 118) {
      if (kind !== 118) x = reader.next() + ox;
      if (kind !== 104) y = reader.next() + oy;
      if (Number.isNaN(x + y)) return false;
      sink.line(x, y);
    } else if (kind === 99 || kind === 115) {
      const smooth = (previous | 32) === 99 || (previous | 32) === 115;
      const x1 = kind === 99 ? reader.next() + ox : smooth ? 2 * x - ctrlX : x;
      const y1 = kind === 99 ? reader.next() + oy : smooth ? 2 * y - ctrlY : y;
      ctrlX = reader.next() + ox;
      ctrlY = reader.next() + oy;
      const nx = reader.next() + ox, ny = reader.next() + oy;
      if (Number.isNaN(x1 + y1 + ctrlX + ctrlY + nx + ny)) return false;
      sink.cubic(x, y, x1, y1, ctrlX, ctrlY, nx, ny);
      x = nx;
      y = ny;
    } else if (kind === 113 || kind === 116) {
      const smooth = (previous | 32) === 113 || (previous | 32) === 116;
      const qx = kind === 113 ? reader.next() + ox : smooth ? 2 * x - ctrlX : x;
      const qy = kind === 113 ? reader.next() + oy : smooth ? 2 * y - ctrlY : y;
      const nx = reader.next() + ox, ny = reader.next() + oy;
      if (Number.isNaN(qx + qy + nx + ny)) return false;
      sink.cubic(x, y, x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), nx + (2 / 3) * (qx - nx),
        ny + (2 / 3) * (qy - ny), nx, ny);
      ctrlX = qx;
      ctrlY = qy;
      x = nx;
      y = ny;
    } else if (kind === 97) {
      const rx = reader.next(), ry = reader.next(), rotation = reader.next();
      const large = reader.nextFlag(), sweep = reader.nextFlag();
      const nx = reader.next() + ox, ny = reader.next() + oy;
      if (Number.isNaN(rx + ry + rotation + large + sweep + nx + ny)) return false;
      sink.arc(x, y, rx, ry, rotation, large, sweep, nx, ny);
      x = nx;
      y = ny;
    } else {
      return false;
    }
    previous = command;
  }
}
