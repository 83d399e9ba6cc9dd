import RBush from 'rbush';
import { pointInPolygon } from './pointInPolygon';
import type { VenueIndexQueries, VenueModel } from './venueModel';

/**
 * The spatial index behind hover, click, box selection and section picking, in two halves:
 *
 * - `packSeatIndex` runs in the worker right after the parse. It cuts every row into runs of up to RUN_LENGTH
 *   consecutive seats (a row's seats are consecutive in the model and ordered along it), boxes each run and sorts
 *   the runs along a Hilbert curve (a radix sort of one Uint32Array). The result is four typed arrays, transferred
 *   to the main thread with the model.
 * - `createVenueIndex` runs where the queries are asked (the main thread, Node tests, the bench): it cuts the
 *   sorted runs into full rbush nodes bottom-up (`fromJSON`, the layout flatbush uses) over the model's own arrays,
 *   without copying them. Building it is a few thousand node objects (under a millisecond for 200k seats).
 *
 * A query finds the runs, then checks their seats one by one: a hit-test checks a few dozen seats at most and takes
 * microseconds, so it is answered in place rather than by a round trip to the worker (a round trip waited for the
 * main thread's frame work: hover p99 7 ms, against 1.5 ms for the browser's own hit-test of an SVG DOM map).
 * Leaf items are run numbers whose box the tree reads from a typed array (toBBox), so no object exists per seat or
 * per run. rbush's own `load` (OMT with quickselect over item objects) measured 160-400 ms for 200k seats on this
 * 2-core machine, as much as the whole parse. Sections, a few hundred items, use rbush's bulk `load`.
 */
interface SectionItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  section: number;
}

interface PackedNode {
  children: (PackedNode | number)[];
  height: number;
  leaf: boolean;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** rbush's node shape over section items (its `toJSON()`), walked by `sectionAt`. */
interface SectionNode {
  children: (SectionNode | SectionItem)[];
  leaf: boolean;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

// The box holds the point (edges included, as rbush's `intersects` for a point). One function a node shape, so each
// reads one kind of object (a property read that meets several shapes is slower).
function inSeatNode(box: PackedNode, x: number, y: number): boolean {
  return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
}
function inSectionNode(box: SectionNode, x: number, y: number): boolean {
  return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
}
function inSectionItem(box: SectionItem, x: number, y: number): boolean {
  return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
}

const NODE_SIZE = 16;
/** Seats a run holds at most. */
const RUN_LENGTH = 16;

/** The worker's half of the index: runs of consecutive seats of one row, in Hilbert order. */
export interface PackedSeatIndex {
  /** First seat of each run. */
  runFirst: Uint32Array;
  /** Seats in each run (1..RUN_LENGTH). */
  runLength: Uint8Array;
  /** minX, minY, maxX, maxY of each run's seats (discs included), map units. */
  runBoxes: Float32Array;
  /** Run numbers along the Hilbert curve of their centres: consecutive runs are neighbours on the map. */
  runOrder: Uint32Array;
}

/** What packing reads of a model: its rows and its seats' centres and radii. */
export type SeatIndexSource = Pick<VenueModel, 'rowCount' | 'rowFirstSeat' | 'rowSeatCount' | 'seatX' | 'seatY' | 'seatRadius'>;

/** The typed arrays of a packed index, for transferring it with the model. */
export function packedSeatIndexBuffers(packed: PackedSeatIndex): ArrayBuffer[] {
  return [packed.runFirst, packed.runLength, packed.runBoxes, packed.runOrder].map((a) => a.buffer as ArrayBuffer);
}

/** Cuts every row into runs of at most RUN_LENGTH seats, boxes each run and orders the runs (the worker's half). */
export function packSeatIndex(model: SeatIndexSource): PackedSeatIndex {
  let count = 0;
  for (let r = 0; r < model.rowCount; r++) count += Math.ceil(model.rowSeatCount[r]! / RUN_LENGTH);
  const runFirst = new Uint32Array(count), runLength = new Uint8Array(count), runBoxes = new Float32Array(count * 4);
  const { seatX, seatY, seatRadius } = model;
  let run = 0;
  for (let r = 0; r < model.rowCount; r++) {
    const rowEnd = model.rowFirstSeat[r]! + model.rowSeatCount[r]!;
    for (let start = model.rowFirstSeat[r]!; start < rowEnd; start += RUN_LENGTH, run++) {
      const end = Math.min(rowEnd, start + RUN_LENGTH);
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (let i = start; i < end; i++) {
        const x = seatX[i]!, y = seatY[i]!, rad = seatRadius[i]!;
        if (x - rad < minX) minX = x - rad;
        if (y - rad < minY) minY = y - rad;
        if (x + rad > maxX) maxX = x + rad;
        if (y + rad > maxY) maxY = y + rad;
      }
      runFirst[run] = start;
      runLength[run] = end - start;
      runBoxes[run * 4] = minX;
      runBoxes[run * 4 + 1] = minY;
      runBoxes[run * 4 + 2] = maxX;
      runBoxes[run * 4 + 3] = maxY;
    }
  }
  return { runFirst, runLength, runBoxes, runOrder: hilbertOrder(runBoxes, count) };
}

/**
 * The query side over `model` (read in place, never copied) and its packed runs; packs them here when not given
 * (Node: tests, the bench, the server).
 */
export function createVenueIndex(model: VenueModel, packed: PackedSeatIndex = packSeatIndex(model)): VenueIndexQueries {
  // The model's arrays are read at each query, not kept: whoever holds the model may move its buffers (the bench
  // hands them through a MessageChannel and back) and the index follows.
  const { runFirst, runLength, runBoxes } = packed;

  const tree = new RBush<number>(NODE_SIZE);
  const box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  // rbush calls toBBox unbound and uses the result before the next call, so one scratch box serves every call.
  tree.toBBox = (run: number) => {
    box.minX = runBoxes[run * 4]!;
    box.minY = runBoxes[run * 4 + 1]!;
    box.maxX = runBoxes[run * 4 + 2]!;
    box.maxY = runBoxes[run * 4 + 3]!;
    return box;
  };
  const seatRoot = packNodes(runBoxes, packed.runOrder);
  tree.fromJSON(seatRoot);
  const seatStack: PackedNode[] = [];

  const sections = new RBush<SectionItem>();
  const sectionItems: SectionItem[] = [];
  for (let s = 0; s < model.sectionCount; s++) {
    const b = model.sectionBounds;
    if (model.sectionOutlineStart[s + 1]! - model.sectionOutlineStart[s]! >= 3) {
      sectionItems.push({ minX: b[s * 4]!, minY: b[s * 4 + 1]!, maxX: b[s * 4 + 2]!, maxY: b[s * 4 + 3]!, section: s });
    }
  }
  sections.load(sectionItems);
  const sectionRoot = sections.toJSON() as SectionNode;
  const sectionStack: SectionNode[] = [];

  return {
    // Point queries walk the trees themselves: rbush's search builds a result array and a stack array at every call,
    // garbage at every pointer move (hover); these reuse one stack and check the seats of a run as they reach it.
    seatAt(x: number, y: number): number {
      const { seatX, seatY, seatRadius } = model;
      let best = -1;
      let bestDistance = Infinity;
      let depth = 0;
      let node: PackedNode | undefined = inSeatNode(seatRoot, x, y) ? seatRoot : undefined;
      while (node) {
        const children = node.children;
        if (node.leaf) {
          for (let k = 0; k < children.length; k++) {
            const run = children[k] as number;
            const b = run * 4;
            if (x < runBoxes[b]! || y < runBoxes[b + 1]! || x > runBoxes[b + 2]! || y > runBoxes[b + 3]!) continue;
            for (let i = runFirst[run]!, end = i + runLength[run]!; i < end; i++) {
              const r = seatRadius[i]!, dx = x - seatX[i]!, dy = y - seatY[i]!;
              const distance = dx * dx + dy * dy;
              if (distance <= r * r && distance < bestDistance) {
                best = i;
                bestDistance = distance;
              }
            }
          }
        } else {
          for (let k = 0; k < children.length; k++) {
            const child = children[k] as PackedNode;
            if (inSeatNode(child, x, y)) seatStack[depth++] = child;
          }
        }
        node = depth > 0 ? seatStack[--depth] : undefined;
      }
      return best;
    },

    sectionAt(x: number, y: number): number {
      const { sectionOutlineStart: outlineStart, outlinePoints } = model;
      let best = -1;
      let bestArea = Infinity;
      let depth = 0;
      let node: SectionNode | undefined = inSectionNode(sectionRoot, x, y) ? sectionRoot : undefined;
      while (node) {
        const children = node.children;
        if (!node.leaf) {
          for (let k = 0; k < children.length; k++) {
            const child = children[k] as SectionNode;
            if (inSectionNode(child, x, y)) sectionStack[depth++] = child;
          }
          node = depth > 0 ? sectionStack[--depth] : undefined;
          continue;
        }
        for (let k = 0; k < children.length; k++) {
          const item = children[k] as SectionItem;
          if (!inSectionItem(item, x, y)) continue;
          const s = item.section;
          const area = (item.maxX - item.minX) * (item.maxY - item.minY);
          if (area < bestArea && pointInPolygon(outlinePoints, outlineStart[s]!, outlineStart[s + 1]!, x, y)) {
            best = s;
            bestArea = area;
          }
        }
        node = depth > 0 ? sectionStack[--depth] : undefined;
      }
      return best;
    },

    seatsInRect(minX: number, minY: number, maxX: number, maxY: number): Uint32Array {
      const area = { minX: Math.min(minX, maxX), minY: Math.min(minY, maxY), maxX: Math.max(minX, maxX),
        maxY: Math.max(minY, maxY) };
      const hits = tree.search(area);
      const { seatX, seatY } = model;
      let candidates = 0;
      for (const run of hits) candidates += runLength[run]!;
      const out = new Uint32Array(candidates);
      let n = 0;
      for (const run of hits) {
        for (let i = runFirst[run]!, end = i + runLength[run]!; i < end; i++) {
          const cx = seatX[i]!, cy = seatY[i]!;
          if (cx >= area.minX && cx <= area.maxX && cy >= area.minY && cy <= area.maxY) out[n++] = i;
        }
      }
      return out.slice(0, n).sort();
    },
  };
}

/** The query side of a map whose packed runs are still on their way: see deferredVenueIndex. */
export interface DeferredVenueIndex extends VenueIndexQueries {
  /** Opens the index over the packed runs once they have arrived; nothing when it is open already. */
  open(packed: PackedSeatIndex): void;
  /** Whether the index is open (over the runs handed in, or packed here for an early query). */
  readonly opened: boolean;
}

/**
 * The queries of a map whose packed runs the worker sends after the model (the page's first frame needs no index):
 * `open(packed)` opens the index when they arrive; a query before that packs the runs here from the model, as
 * createVenueIndex(model) does. Either way the answers are the same: packSeatIndex reads only the model.
 */
export function deferredVenueIndex(model: VenueModel): DeferredVenueIndex {
  let index: VenueIndexQueries | null = null;
  const now = () => (index ??= createVenueIndex(model));
  return {
    get opened() {
      return index !== null;
    },
    open(packed) {
      index ??= createVenueIndex(model, packed);
    },
    seatAt: (x, y) => now().seatAt(x, y),
    sectionAt: (x, y) => now().sectionAt(x, y),
    seatsInRect: (minX, minY, maxX, maxY) => now().seatsInRect(minX, minY, maxX, maxY),
  };
}

/** Item numbers (boxes: minX, minY, maxX, maxY each) ordered along the Hilbert curve of their centres. */
function hilbertOrder(boxes: Float32Array, count: number): Uint32Array {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = (boxes[i * 4]! + boxes[i * 4 + 2]!) / 2, y = (boxes[i * 4 + 1]! + boxes[i * 4 + 3]!) / 2;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const sx = maxX > minX ? 65535 / (maxX - minX) : 0, sy = maxY > minY ? 65535 / (maxY - minY) : 0;
  const keys = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const x = (boxes[i * 4]! + boxes[i * 4 + 2]!) / 2, y = (boxes[i * 4 + 1]! + boxes[i * 4 + 3]!) / 2;
    keys[i] = hilbert(Math.floor((x - minX) * sx), Math.floor((y - minY) * sy));
  }
  return radixOrder(keys);
}

/** A full R-tree in rbush's node shape, bottom-up over items already in Hilbert order: leaves list item numbers. */
function packNodes(boxes: Float32Array, order: Uint32Array): PackedNode {
  const count = order.length;
  if (count === 0) return { children: [], height: 1, leaf: true, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  let level: PackedNode[] = [];
  for (let k = 0; k < count; k += NODE_SIZE) {
    const end = Math.min(count, k + NODE_SIZE);
    const children: number[] = new Array<number>(end - k);
    let nMinX = Infinity, nMinY = Infinity, nMaxX = -Infinity, nMaxY = -Infinity;
    for (let j = k; j < end; j++) {
      const i = order[j]!;
      children[j - k] = i;
      if (boxes[i * 4]! < nMinX) nMinX = boxes[i * 4]!;
      if (boxes[i * 4 + 1]! < nMinY) nMinY = boxes[i * 4 + 1]!;
      if (boxes[i * 4 + 2]! > nMaxX) nMaxX = boxes[i * 4 + 2]!;
      if (boxes[i * 4 + 3]! > nMaxY) nMaxY = boxes[i * 4 + 3]!;
    }
    level.push({ children, height: 1, leaf: true, minX: nMinX, minY: nMinY, maxX: nMaxX, maxY: nMaxY });
  }
  for (let height = 2; level.length > 1; height++) {
    const parents: PackedNode[] = [];
    for (let k = 0; k < level.length; k += NODE_SIZE) {
      const children = level.slice(k, k + NODE_SIZE);
      const node: PackedNode = { children, height, leaf: false, minX: Infinity, minY: Infinity, maxX: -Infinity,
        maxY: -Infinity };
      for (const c of children) {
        if (c.minX < node.minX) node.minX = c.minX;
        if (c.minY < node.minY) node.minY = c.minY;
        if (c.maxX > node.maxX) node.maxX = c.maxX;
        if (c.maxY > node.maxY) node.maxY = c.maxY;
      }
      parents.push(node);
    }
    level = parents;
  }
  return level[0]!;
}

/**
 * Seat numbers ordered by their 32-bit keys: a stable LSD radix sort in three passes of 11, 11 and 10 bits, several
 * times faster than a comparison sort for 200k keys (the sort was the largest part of building the index). Digits of
 * 11 bits keep the counting tables at 2,048 entries: with 16-bit digits, summing two 65,536-entry tables cost 12 ms
 * on a small map in a freshly started worker, before the JIT had compiled the loop.
 */
export function radixOrder(keys: Uint32Array): Uint32Array {
  const n = keys.length;
  const counts = new Uint32Array(2049);
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  for (let shift = 0; shift < 32; shift += 11) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0x7ff) + 1]!++;
    for (let d = 1; d <= 2048; d++) counts[d]! += counts[d - 1]!;
    for (let k = 0; k < n; k++) {
      const i = from[k]!;
      to[counts[(keys[i]! >>> shift) & 0x7ff]!++] = i;
    }
    const swap = from;
    from = to;
    to = swap;
  }
  return from;
}

/** Hilbert curve index of a 16-bit x, y (fast bitwise form from "Hacker's Delight", as used by flatbush, ISC). */
function hilbert(x: number, y: number): number {
  let a = x ^ y;
  let b = 0xffff ^ a;
  let c = 0xffff ^ (x | y);
  let d = x & (y ^ 0xffff);
  let A = a | (b >> 1);
  let B = (a >> 1) ^ a;
  let C = ((c >> 1) ^ (b & (d >> 1))) ^ c;
  let D = ((a & (c >> 1)) ^ (d >> 1)) ^ d;
  a = A; b = B; c = C; d = D;
  A = (a & (a >> 2)) ^ (b & (b >> 2));
  B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
  C ^= (a & (c >> 2)) ^ (b & (d >> 2));
  D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));
  a = A; b = B; c = C; d = D;
  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C ^= (a & (c >> 4)) ^ (b & (d >> 4));
  D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));
  a = A; b = B; c = C; d = D;
  C ^= (a & (c >> 8)) ^ (b & (d >> 8));
  D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));
  a = C ^ (C >> 1);
  b = D ^ (D >> 1);
  let i0 = x ^ y;
  let i1 = b | (0xffff ^ (i0 | a));
  i0 = (i0 | (i0 << 8)) & 0x00ff00ff;
  i0 = (i0 | (i0 << 4)) & 0x0f0f0f0f;
  i0 = (i0 | (i0 << 2)) & 0x33333333;
  i0 = (i0 | (i0 << 1)) & 0x55555555;
  i1 = (i1 | (i1 << 8)) & 0x00ff00ff;
  i1 = (i1 | (i1 << 4)) & 0x0f0f0f0f;
  i1 = (i1 | (i1 << 2)) & 0x33333333;
  i1 = (i1 | (i1 << 1)) & 0x55555555;
  return ((i1 << 1) | i0) >>> 0;
}
