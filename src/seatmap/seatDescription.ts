/** Words for a seat or section, for the aria-live announcement and tooltips' defaults. */
import type { VenueModel } from '../../workers/venue-map/venueModel';

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
  return count === 1 ? '1 seat selected' : `${count.toLocaleString('sv-SE')} seats selected`;
}
