import RBush from 'rbush';
import { pointInPolygon } from './pointInPolygon';
import type { VenueIndexQueries, VenueModel } from './venueModel';

/**
 * The spatial index behind hover, click, box selection and section picking. Seats live in an rbush R-tree whose
 * items carry their own box and seat number, so the index keeps working after the model's buffers were transferred
 * to the main thread (it copies the few row and outline arrays it needs and never holds the model).
 *
 * The seat tree is packed rather than built with rbush's `load`: seats are sorted once by their Hilbert curve index
 * (a native numeric sort of one Float64Array) and cut into full nodes bottom-up, then handed to rbush with
 * `fromJSON`. rbush.load (OMT with quickselect on objects) measured 160-270 ms for 200k seats on the reference
 * machine, a third to a half of the whole parse + index budget; the packed tree is built in a fraction of that and
 * answers the same queries (Hilbert packing gives tight, well-separated leaves for seat rows). Sections, a few
 * hundred items, use rbush's bulk `load`.
 */
interface SeatItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  seat: number;
}

interface SectionItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  section: number;
}

interface PackedNode {
  children: (PackedNode | SeatItem)[];
  height: number;
  leaf: boolean;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const NODE_SIZE = 16;

export function createVenueIndex(model: VenueModel): VenueIndexQueries {
  const seats = new RBush<SeatItem>(NODE_SIZE).fromJSON(packSeats(model));
  const sections = new RBush<SectionItem>();
  const sectionItems: SectionItem[] = [];
  for (let s = 0; s < model.sectionCount; s++) {
    const b = model.sectionBounds;
    if (model.sectionOutlineStart[s + 1]! - model.sectionOutlineStart[s]! >= 3) {
      sectionItems.push({ minX: b[s * 4]!, minY: b[s * 4 + 1]!, maxX: b[s * 4 + 2]!, maxY: b[s * 4 + 3]!, section: s });
    }
  }
  sections.load(sectionItems);
  // Copies: the model's own buffers may be transferred away right after the index is built.
  const seatRow = model.seatRow.slice();
  const rowFirstSeat = model.rowFirstSeat.slice();
  const rowSeatCount = model.rowSeatCount.slice();
  const outlineStart = model.sectionOutlineStart.slice();
  const outlinePoints = model.outlinePoints.slice();
  const seatCount = model.seatCount;
  const probe = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  return {
    seatAt(x: number, y: number): number {
      probe.minX = probe.maxX = x;
      probe.minY = probe.maxY = y;
      const hits = seats.search(probe);
      let best = -1;
      let bestDistance = Infinity;
      for (let k = 0; k < hits.length; k++) {
        const item = hits[k]!;
        const r = (item.maxX - item.minX) / 2;
        const dx = x - (item.minX + r), dy = y - (item.minY + r);
        const distance = dx * dx + dy * dy;
        if (distance <= r * r && distance < bestDistance) {
          best = item.seat;
          bestDistance = distance;
        }
      }
      return best;
    },

    sectionAt(x: number, y: number): number {
      probe.minX = probe.maxX = x;
      probe.minY = probe.maxY = y;
      let best = -1;
      let bestArea = Infinity;
      for (const item of sections.search(probe)) {
        const s = item.section;
        const area = (item.maxX - item.minX) * (item.maxY - item.minY);
        if (area < bestArea && pointInPolygon(outlinePoints, outlineStart[s]!, outlineStart[s + 1]!, x, y)) {
          best = s;
          bestArea = area;
        }
      }
      return best;
    },

    seatsInRect(minX: number, minY: number, maxX: number, maxY: number): Uint32Array {
      const box = { minX: Math.min(minX, maxX), minY: Math.min(minY, maxY), maxX: Math.max(minX, maxX),
        maxY: Math.max(minY, maxY) };
      const hits = seats.search(box);
      const out = new Uint32Array(hits.length);
      let n = 0;
      for (const item of hits) {
        const cx = (item.minX + item.maxX) / 2, cy = (item.minY + item.maxY) / 2;
        if (cx >= box.minX && cx <= box.maxX && cy >= box.minY && cy <= box.maxY) out[n++] = item.seat;
      }
      return out.subarray(0, n).sort();
    },

    rowSeats(seat: number): Uint32Array {
      if (!(seat >= 0 && seat < seatCount)) return new Uint32Array(0);
      const row = seatRow[seat]!;
      const first = rowFirstSeat[row]!;
      const out = new Uint32Array(rowSeatCount[row]!);
      for (let k = 0; k < out.length; k++) out[k] = first + k;
      return out;
    },
  };
}

/** Builds a full R-tree bottom-up from seats in Hilbert order (the layout flatbush uses), in rbush's node shape. */
function packSeats(model: VenueModel): PackedNode {
  const n = model.seatCount;
  const { seatX, seatY, seatRadius } = model;
  const empty: PackedNode = { children: [], height: 1, leaf: true, minX: Infinity, minY: Infinity, maxX: -Infinity,
    maxY: -Infinity };
  if (n === 0) return empty;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = seatX[i]!, y = seatY[i]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const sx = maxX > minX ? 65535 / (maxX - minX) : 0, sy = maxY > minY ? 65535 / (maxY - minY) : 0;
  // Hilbert index in the high bits, seat number in the low 21 bits (2^21 > the importer's element cap).
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = hilbert(Math.floor((seatX[i]! - minX) * sx), Math.floor((seatY[i]! - minY) * sy)) * 2097152 + i;
  }
  keys.sort();
  let level: (PackedNode | SeatItem)[] = new Array<SeatItem>(n);
  for (let k = 0; k < n; k++) {
    const i = keys[k]! % 2097152;
    const x = seatX[i]!, y = seatY[i]!, r = seatRadius[i]!;
    level[k] = { minX: x - r, minY: y - r, maxX: x + r, maxY: y + r, seat: i };
  }
  let height = 1;
  for (;;) {
    const parents: PackedNode[] = [];
    for (let k = 0; k < level.length; k += NODE_SIZE) {
      const children = level.slice(k, k + NODE_SIZE);
      const node: PackedNode = { children, height, leaf: height === 1, minX: Infinity, minY: Infinity,
        maxX: -Infinity, maxY: -Infinity };
      for (const c of children) {
        if (c.minX < node.minX) node.minX = c.minX;
        if (c.minY < node.minY) node.minY = c.minY;
        if (c.maxX > node.maxX) node.maxX = c.maxX;
        if (c.maxY > node.maxY) node.maxY = c.maxY;
      }
      parents.push(node);
    }
    if (parents.length === 1) return parents[0]!;
    level = parents;
    height++;
  }
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
