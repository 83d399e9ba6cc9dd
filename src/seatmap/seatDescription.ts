/** Words for a seat or section, for the aria-live announcement and tooltips' defaults. */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import { formatCount } from '../domain/money';

export type DescribeModel = Pick<VenueModel, 'strings' | 'seatRow' | 'seatLabel' | 'rowLabel' | 'rowSection' | 'sectionName'>;

export interface SeatLocation {
  section: string;
  row: string;
  seat: string;
}

export function seatLocation(m: DescribeModel, seat: number): SeatLocation {
  const row = m.seatRow[seat];
  return {
    section: m.strings[m.sectionName[m.rowSection[row]]] ?? '',
    row: m.strings[m.rowLabel[row]] ?? '',
    seat: m.strings[m.seatLabel[seat]] ?? '',
  };
}

export function sectionLabel(m: DescribeModel, section: number): string {
  return m.strings[m.sectionName[section]] ?? '';
}

export interface SeatStateWords {
  selected: boolean;
  selectable: boolean;
  /** The caller's words for the seat's state, e.g. "reserved" or "price level 3, 450 SEK". */
  state?: string;
}

/** "Section 104, row 7, seat 12, 450 SEK, selected". */
export function describeSeat(m: DescribeModel, seat: number, words: SeatStateWords): string {
  const loc = seatLocation(m, seat);
  const section = /^section\b/i.test(loc.section) ? loc.section : `Section ${loc.section}`;
  const parts = [section, `row ${loc.row}`, `seat ${loc.seat}`];
  if (words.state) parts.push(words.state);
  if (!words.selectable) parts.push('not selectable');
  parts.push(words.selected ? 'selected' : 'not selected');
  return parts.join(', ');
}

export function describeSelectionCount(count: number): string {
  if (count === 0) return 'Selection cleared';
  return count === 1 ? '1 seat selected' : `${formatCount(count)} seats selected`;
}

export type SelectionModel = DescribeModel & Pick<VenueModel, 'rowFirstSeat' | 'rowSeatCount'>;

const sectionWords = (name: string) => (/^section\b/i.test(name) ? name : `Section ${name}`);

/**
 * What a selection holds, in words for the Selection card: "Section 307, row L, seats 1–24" for a run of one row,
 * "Section 307, rows K–M, 72 seats" within a section, "72 seats in sections 307, 308" across a few sections and
 * "104 000 seats in 112 sections" beyond. `seats` is sorted (the engine's selection).
 */
export function describeSelection(m: SelectionModel, seats: ArrayLike<number>): string {
  const n = seats.length;
  if (n === 0) return 'No seats selected';
  const count = `${formatCount(n)} seat${n === 1 ? '' : 's'}`;
  const str = (i: number) => m.strings[i] ?? '';
  const firstRow = m.seatRow[seats[0]];
  let oneRow = true;
  let contiguous = true;
  const sections: number[] = [];
  const rows = new Set<number>();
  for (let k = 0; k < n; k++) {
    const row = m.seatRow[seats[k]];
    rows.add(row);
    if (row !== firstRow) oneRow = false;
    if (k > 0 && seats[k] !== seats[k - 1] + 1) contiguous = false;
    const sec = m.rowSection[row];
    if (!sections.includes(sec)) sections.push(sec);
  }
  if (sections.length === 1) {
    const section = sectionWords(str(m.sectionName[sections[0]]));
    if (oneRow) {
      const row = `row ${str(m.rowLabel[firstRow])}`;
      if (n === 1) return `${section}, ${row}, seat ${str(m.seatLabel[seats[0]])}`;
      if (contiguous) return `${section}, ${row}, seats ${str(m.seatLabel[seats[0]])}–${str(m.seatLabel[seats[n - 1]])}`;
      return `${section}, ${row}, ${count}`;
    }
    const sorted = [...rows].sort((a, b) => a - b);
    const runOfRows = sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
    const rowWords = runOfRows ? `rows ${str(m.rowLabel[sorted[0]])}–${str(m.rowLabel[sorted[sorted.length - 1]])}` : `${sorted.length} rows`;
    return `${section}, ${rowWords}, ${count}`;
  }
  if (sections.length <= 3) return `${count} in sections ${sections.map((s) => str(m.sectionName[s])).join(', ')}`;
  return `${count} in ${formatCount(sections.length)} sections`;
}
