import { naturalOrder } from './naturalCompare';
import type { VenueBuilder } from './VenueBuilder';

/**
 * The model's seat order: sections in document order, each section's rows contiguous (in the order the file first
 * shows them), seats along the row by label (natural order: 2 before 10), document order breaking ties. The order is
 * checked first and sorted only when the file is not already in it (canonical files are, so 200k seats cost one
 * linear pass). Equal keys after sorting are duplicate seats: the first in the document is kept.
 */
export interface SeatOrder {
  order: Uint32Array;
  duplicates: string[];
  duplicateSeats: number[];
  /**
   * The seats kept are in the builder's order (order is increasing): the file was already in the model's order and
   * repeats no seat; seats may have been dropped (b.droppedSeats). buildModel then copies whole columns between the
   * dropped seats instead of going seat by seat.
   */
  inOrder: boolean;
  /** Builder rows in the model's order (rows without seats included). */
  rowsInOrder: number[];
}

export function orderSeats(b: VenueBuilder): SeatOrder {
  const rowCount = b.rowSection.length;
  const rows = Array.from({ length: rowCount }, (_, r) => r);
  rows.sort((p, q) => b.rowSection[p]! - b.rowSection[q]! || p - q);
  const rowRank = new Int32Array(rowCount);
  rows.forEach((r, k) => { rowRank[r] = k; });

  // Every string of the map ranked, not only the seat labels: naturalCompare orders any two different strings (no
  // ties), so the seat labels keep their order among themselves, and no pass over every seat is needed to list them.
  const labelRank = new Int32Array(b.strings.length);
  naturalOrder(b.strings).forEach((label, k) => { labelRank[label] = k; });
  const kept = b.seatCount - b.droppedSeats.length;

  let order = new Uint32Array(kept);
  let sorted = true;
  let n = 0;
  let lastRow = -1, lastLabel = -1;
  // Seats of one key next to each other: duplicates when the order holds (then the pass below is not needed).
  let repeats = 0;
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! < 0) continue;
    const row = rowRank[b.seatRow[i]!]!, label = labelRank[b.seatLabel[i]!]!;
    if (row < lastRow || (row === lastRow && label < lastLabel)) sorted = false;
    if (row === lastRow && label === lastLabel) repeats++;
    lastRow = row;
    lastLabel = label;
    order[n++] = i;
  }
  if (sorted && repeats === 0) return { order, duplicates: [], duplicateSeats: [], inOrder: true, rowsInOrder: rows };
  if (!sorted) {
    order.sort((i, j) => rowRank[b.seatRow[i]!]! - rowRank[b.seatRow[j]!]!
      || labelRank[b.seatLabel[i]!]! - labelRank[b.seatLabel[j]!]! || i - j);
  }

  const duplicates: string[] = [];
  const duplicateSeats: number[] = [];
  let write = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (write > 0) {
      const previous = order[write - 1]!;
      if (b.seatRow[previous] === b.seatRow[i] && b.seatLabel[previous] === b.seatLabel[i]) {
        const row = b.seatRow[i]!;
        duplicates.push(`${b.strings[b.sectionName[b.rowSection[row]!]!]}/${b.strings[b.rowLabel[row]!]}/` +
          `${b.strings[b.seatLabel[i]!]}`);
        duplicateSeats.push(i);
        continue;
      }
    }
    order[write++] = i;
  }
  const inOrder = sorted && write === order.length;
  if (write < order.length) order = order.slice(0, write);
  return { order, duplicates, duplicateSeats, inOrder, rowsInOrder: rows };
}
