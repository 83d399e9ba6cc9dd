/**
 * Hand-made VenueModels for unit tests: sections of rows given as seat coordinates, everything else
 * derived the way the importer would (contiguous rows and seats, interned labels).
 */
import { SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED, type VenueModel } from '../../../workers/venue-map/venueModel';

export interface TinySection {
  name: string;
  /** Rows in file order; each row is its seats in file order as [x, y]. */
  rows: { label: string; seats: [number, number][] }[];
  generalAdmission?: boolean;
  outline?: [number, number][];
}

export function tinyVenue(sections: TinySection[], radius = 4): VenueModel {
  const strings: string[] = [];
  const str = (s: string) => {
    const i = strings.indexOf(s);
    return i >= 0 ? i : strings.push(s) - 1;
  };
  const seats: { x: number; y: number; row: number; label: number }[] = [];
  const rows: { section: number; label: number; first: number; count: number }[] = [];
  const outline: number[] = [];
  const outlineStart: number[] = [];
  const bounds: number[] = [];
  sections.forEach((sec, s) => {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const row of sec.rows) {
      rows.push({ section: s, label: str(row.label), first: seats.length, count: row.seats.length });
      row.seats.forEach(([x, y], k) => {
        seats.push({ x, y, row: rows.length - 1, label: str(String(k + 1)) });
        [minX, minY, maxX, maxY] = [Math.min(minX, x - radius), Math.min(minY, y - radius), Math.max(maxX, x + radius), Math.max(maxY, y + radius)];
      });
    }
    outlineStart.push(outline.length / 2);
    for (const [x, y] of sec.outline ?? []) {
      outline.push(x, y);
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
    bounds.push(minX, minY, maxX, maxY);
  });
  outlineStart.push(outline.length / 2);
  let firstRow = 0;
  let firstSeat = 0;
  const sectionFirstRow: number[] = [];
  const sectionFirstSeat: number[] = [];
  for (const sec of sections) {
    sectionFirstRow.push(firstRow);
    sectionFirstSeat.push(firstSeat);
    firstRow += sec.rows.length;
    firstSeat += sec.rows.reduce((n, r) => n + r.seats.length, 0);
  }
  return {
    name: 'tiny',
    viewBox: { minX: 0, minY: 0, maxX: 1000, maxY: 1000 },
    strings,
    seatCount: seats.length,
    seatX: Float32Array.from(seats, (s) => s.x),
    seatY: Float32Array.from(seats, (s) => s.y),
    seatRadius: new Float32Array(seats.length).fill(radius),
    seatRow: Uint32Array.from(seats, (s) => s.row),
    seatLabel: Uint32Array.from(seats, (s) => s.label),
    seatFlags: new Uint8Array(seats.length),
    rowCount: rows.length,
    rowSection: Uint32Array.from(rows, (r) => r.section),
    rowLabel: Uint32Array.from(rows, (r) => r.label),
    rowFirstSeat: Uint32Array.from(rows, (r) => r.first),
    rowSeatCount: Uint32Array.from(rows, (r) => r.count),
    sectionCount: sections.length,
    sectionName: Uint32Array.from(sections, (s) => str(s.name)),
    sectionKind: Uint8Array.from(sections, (s) => (s.generalAdmission ? SECTION_KIND_GENERAL_ADMISSION : SECTION_KIND_SEATED)),
    sectionCapacity: new Uint32Array(sections.length),
    sectionFirstRow: Uint32Array.from(sectionFirstRow),
    sectionRowCount: Uint32Array.from(sections, (s) => s.rows.length),
    sectionFirstSeat: Uint32Array.from(sectionFirstSeat),
    sectionSeatCount: Uint32Array.from(sections, (s) => s.rows.reduce((n, r) => n + r.seats.length, 0)),
    sectionBounds: Float32Array.from(bounds),
    sectionOutlineStart: Uint32Array.from(outlineStart),
    outlinePoints: Float32Array.from(outline),
  };
}

/** A row of `count` seats from (x0, y) stepping `dx` along x. */
export function straightRow(label: string, count: number, x0: number, y: number, dx = 10): TinySection['rows'][number] {
  return { label, seats: Array.from({ length: count }, (_, k) => [x0 + k * dx, y] as [number, number]) };
}
