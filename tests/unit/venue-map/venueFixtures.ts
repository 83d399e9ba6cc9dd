import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseVenueSvg, type ParseVenueSvgOptions } from '../../../workers/venue-map/parseVenueSvg';
import type { ParseResult, VenueModel } from '../../../workers/venue-map/venueModel';

/** Test helpers: read a fixture, parse it, and view the model as plain section → row → seat data. */
export function fixtureText(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../../fixtures/venues/${name}`, import.meta.url)), 'utf8');
}

export function parseFixture(name: string, options?: ParseVenueSvgOptions): ParseResult {
  return parseVenueSvg(fixtureText(name), options);
}

export interface SeatView {
  index: number;
  label: string;
  x: number;
  y: number;
  r: number;
  flags: number;
}

export interface SectionView {
  name: string;
  kind: number;
  capacity: number;
  rows: { label: string; seats: SeatView[] }[];
}

export function sectionsOf(model: VenueModel): SectionView[] {
  const out: SectionView[] = [];
  for (let s = 0; s < model.sectionCount; s++) {
    const rows: SectionView['rows'] = [];
    for (let r = model.sectionFirstRow[s]!; r < model.sectionFirstRow[s]! + model.sectionRowCount[s]!; r++) {
      const seats: SeatView[] = [];
      for (let i = model.rowFirstSeat[r]!; i < model.rowFirstSeat[r]! + model.rowSeatCount[r]!; i++) {
        seats.push({ index: i, label: model.strings[model.seatLabel[i]!]!, x: model.seatX[i]!, y: model.seatY[i]!,
          r: model.seatRadius[i]!, flags: model.seatFlags[i]! });
      }
      rows.push({ label: model.strings[model.rowLabel[r]!]!, seats });
    }
    out.push({ name: model.strings[model.sectionName[s]!]!, kind: model.sectionKind[s]!,
      capacity: model.sectionCapacity[s]!, rows });
  }
  return out;
}

/** "Section/Row: seat seat seat" lines, the shape people read a seating plan in. */
export function seatingPlan(model: VenueModel): string[] {
  return sectionsOf(model).flatMap((s) => s.rows.map((r) => `${s.name}/${r.label}: ${r.seats.map((x) => x.label).join(' ')}`));
}

export function seatAtKey(model: VenueModel, section: string, row: string, seat: string): SeatView {
  const found = sectionsOf(model).find((s) => s.name === section)?.rows.find((r) => r.label === row)?.seats
    .find((x) => x.label === seat);
  if (!found) throw new Error(`no seat ${section}/${row}/${seat}`);
  return found;
}

/** The model's ordering invariants, checked on any parsed map. */
export function expectInvariants(model: VenueModel, expect: (v: unknown) => { toBe(v: unknown): void }): void {
  let seat = 0;
  for (let r = 0; r < model.rowCount; r++) {
    expect(model.rowFirstSeat[r]).toBe(seat);
    for (let i = seat; i < seat + model.rowSeatCount[r]!; i++) expect(model.seatRow[i]).toBe(r);
    seat += model.rowSeatCount[r]!;
  }
  expect(seat).toBe(model.seatCount);
  let row = 0;
  for (let s = 0; s < model.sectionCount; s++) {
    expect(model.sectionFirstRow[s]).toBe(row);
    for (let r = row; r < row + model.sectionRowCount[s]!; r++) expect(model.rowSection[r]).toBe(s);
    row += model.sectionRowCount[s]!;
  }
  expect(row).toBe(model.rowCount);
  expect(model.sectionOutlineStart.length).toBe(model.sectionCount + 1);
}
