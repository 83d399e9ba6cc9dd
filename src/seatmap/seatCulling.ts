/**
 * Row-level culling for the seat mesh, pure. Software rasterisers pay per point even when it is clipped,
 * so only rows whose bounds meet the view go into the index buffer (rows are contiguous seat ranges,
 * so this is a short loop over rows plus a sequential write of the visible seats).
 */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { Rect } from './Camera';

export type CullModel = Pick<VenueModel, 'rowCount' | 'rowFirstSeat' | 'rowSeatCount' | 'seatX' | 'seatY' | 'seatRadius'>;

/** minX, minY, maxX, maxY per row, seat discs included. */
export function computeRowBounds(m: CullModel): Float32Array {
  const out = new Float32Array(m.rowCount * 4);
  const { seatX, seatY, seatRadius } = m;
  for (let r = 0; r < m.rowCount; r++) {
    const first = m.rowFirstSeat[r];
    const end = first + m.rowSeatCount[r];
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let s = first; s < end; s++) {
      const rad = seatRadius[s];
      const x = seatX[s];
      const y = seatY[s];
      if (x - rad < minX) minX = x - rad;
      if (y - rad < minY) minY = y - rad;
      if (x + rad > maxX) maxX = x + rad;
      if (y + rad > maxY) maxY = y + rad;
    }
    out[r * 4] = minX;
    out[r * 4 + 1] = minY;
    out[r * 4 + 2] = maxX;
    out[r * 4 + 3] = maxY;
  }
  return out;
}

/**
 * A part of `writeVisibleSeats`: of the seats of the rows meeting `view`, in seat order, writes those from the
 * `from`-th on, `count` at most, to the start of `out` (a large drawing sent to the GPU in parts). Returns how many
 * seats the rows meeting `view` hold in all and how many were written.
 */
export function writeVisibleSeatRange(
  rowBounds: Float32Array,
  rowFirstSeat: Uint32Array,
  rowSeatCount: Uint32Array,
  view: Rect,
  from: number,
  count: number,
  out: Uint32Array,
): { total: number; written: number } {
  const rows = rowFirstSeat.length;
  const { minX, minY, maxX, maxY } = view;
  const end = from + count;
  let k = 0;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const b = r * 4;
    if (rowBounds[b] > maxX || rowBounds[b + 2] < minX || rowBounds[b + 1] > maxY || rowBounds[b + 3] < minY) continue;
    const seats = rowSeatCount[r];
    if (k + seats > from && k < end) {
      const first = rowFirstSeat[r];
      for (let i = Math.max(0, from - k), last = Math.min(seats, end - k); i < last; i++) out[n++] = first + i;
    }
    k += seats;
  }
  return { total: k, written: n };
}

/**
 * Writes the seat indexes of every row meeting `view` into `out`, in seat order; returns how many.
 * `out` must hold the venue's seat count.
 */
export function writeVisibleSeats(
  rowBounds: Float32Array,
  rowFirstSeat: Uint32Array,
  rowSeatCount: Uint32Array,
  view: Rect,
  out: Uint32Array,
): number {
  const rows = rowFirstSeat.length;
  const { minX, minY, maxX, maxY } = view;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const b = r * 4;
    if (rowBounds[b] > maxX || rowBounds[b + 2] < minX || rowBounds[b + 1] > maxY || rowBounds[b + 3] < minY) continue;
    const first = rowFirstSeat[r];
    const end = first + rowSeatCount[r];
    for (let s = first; s < end; s++) out[n++] = s;
  }
  return n;
}

/** How many seats `writeVisibleSeats` would write for `view`, without writing them. */
export function countVisibleSeats(rowBounds: Float32Array, rowSeatCount: Uint32Array, view: Rect): number {
  const rows = rowSeatCount.length;
  const { minX, minY, maxX, maxY } = view;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const b = r * 4;
    if (rowBounds[b] > maxX || rowBounds[b + 2] < minX || rowBounds[b + 1] > maxY || rowBounds[b + 3] < minY) continue;
    n += rowSeatCount[r];
  }
  return n;
}
