import { editedSections, sectionEditErrors, type SectionEdit, type SectionKind } from '../../src/domain/venueSectionEdits';
import {
  SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED, type ImportReport, type ParseResult, type VenueModel,
} from './venueModel';
import { VenueSvgError } from './VenueSvgError';
import { unshared } from './xmlNames';

/**
 * Section edits made before saving (a new name, seated or standing), applied to a parsed map, and kept with the
 * stored SVG as a comment after its root element, so every later parse of the stored file (the console's map, the
 * server's checks) reads the same sections as the database:
 *
 *   <!-- arena-section-edits {"sections":[{"section":"Stalls","name":"Parkett","kind":"general_admission"}]} -->
 *
 * Only comments after the closing </svg> count; several apply in order (each to the result of the last). A seated
 * section set to standing loses its seats and keeps their outline, with as many standing places as it had seats;
 * a standing area set to seated has no seats (like the sections of a section-only map).
 */
const MARKER = '<!-- arena-section-edits ';

export function sectionEditsComment(edits: readonly SectionEdit[]): string {
  // "--" may not appear inside an XML comment: every "-" of the JSON is written as \u002d (JSON reads it back).
  return `\n${MARKER}${JSON.stringify({ sections: edits }).replace(/-/g, '\\u002d')} -->\n`;
}

/** The edits stored after the root element, in order; [] when there are none. */
export function readSectionEdits(text: string): SectionEdit[][] {
  const rootEnd = text.lastIndexOf('</svg');
  if (rootEnd < 0) return [];
  const found: SectionEdit[][] = [];
  for (let at = text.indexOf(MARKER, rootEnd); at >= 0; at = text.indexOf(MARKER, at + MARKER.length)) {
    const end = text.indexOf('-->', at + MARKER.length);
    if (end < 0) throw new VenueSvgError('The section edits after the map are not closed');
    let value: unknown;
    try {
      value = JSON.parse(text.slice(at + MARKER.length, end));
    } catch {
      throw new VenueSvgError('The section edits after the map are not valid JSON');
    }
    found.push(editsOf(value));
  }
  return found;
}

function editsOf(value: unknown): SectionEdit[] {
  const list = (value as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(list)) throw new VenueSvgError('The section edits after the map have no "sections" list');
  return list.map((e: unknown) => {
    const { section, name, kind } = (e ?? {}) as Record<string, unknown>;
    if (typeof section !== 'string' || (name !== undefined && typeof name !== 'string')
      || (kind !== undefined && kind !== 'seated' && kind !== 'general_admission')) {
      throw new VenueSvgError('A section edit after the map is not {section, name?, kind?}');
    }
    return { section, ...(name !== undefined ? { name } : {}), ...(kind !== undefined ? { kind: kind as SectionKind } : {}) };
  });
}

/**
 * The parse result with the edits applied: names, kinds, seats and rows of standing areas dropped, the report
 * (sections, totals, warnings' section names, a note per edit) to match. Throws VenueSvgError when an edit is
 * invalid (sectionEditErrors); the server checks the same rules first and answers 422 per field.
 */
export function applySectionEdits(result: ParseResult, edits: readonly SectionEdit[]): ParseResult {
  if (edits.length === 0) return result;
  const { model, report } = result;
  const errors = sectionEditErrors(report.sections, edits);
  const first = Object.entries(errors)[0];
  if (first) {
    const at = /^sections\.(\d+)\./.exec(first[0]);
    throw new VenueSvgError(`Section edit refused${at ? ` (section "${report.sections[Number(at[1])]!.name}")` : ''}: ${first[1]}`);
  }
  const after = editedSections(report.sections, edits);
  const strings = model.strings.slice();
  const sectionName = model.sectionName.slice();
  const sectionKind = model.sectionKind.slice();
  const sectionCapacity = model.sectionCapacity.slice();
  const notes: string[] = [];
  const renamed = new Map<string, string>();
  const drop = new Uint8Array(model.sectionCount);
  after.forEach((s, t) => {
    const before = report.sections[t]!;
    if (s.renamed) {
      sectionName[t] = strings.push(unshared(s.name)) - 1;
      renamed.set(before.name, s.name);
      notes.push(`Section "${before.name}" renamed "${s.name}" before the import`);
    }
    if (s.kind === before.kind) return;
    if (s.kind === 'general_admission') {
      sectionKind[t] = SECTION_KIND_GENERAL_ADMISSION;
      sectionCapacity[t] = model.sectionSeatCount[t]!;
      drop[t] = model.sectionSeatCount[t]! > 0 ? 1 : 0;
      notes.push(`Section "${s.name}" set to standing before the import: ${model.sectionSeatCount[t]} places`);
    } else {
      sectionKind[t] = SECTION_KIND_SEATED;
      sectionCapacity[t] = 0;
      notes.push(`Section "${s.name}" set to seated before the import (it has no seats)`);
    }
  });
  const edited: VenueModel = { ...dropSeats({ ...model, strings, sectionName, sectionKind, sectionCapacity }, drop) };
  const sections: ImportReport['sections'] = report.sections.map((s, t) => ({
    ...s,
    name: after[t]!.name,
    kind: edited.sectionKind[t] === SECTION_KIND_GENERAL_ADMISSION ? 'general_admission' : 'seated',
    seats: edited.sectionSeatCount[t]!,
    rows: edited.sectionRowCount[t]!,
    capacity: edited.sectionCapacity[t]!,
  }));
  return {
    model: edited,
    report: {
      ...report,
      seats: edited.seatCount,
      rows: edited.rowCount,
      sections,
      generalAdmissionAreas: sections.filter((s) => s.kind === 'general_admission').length,
      warnings: report.warnings.map((w) => {
        const named = w.section && renamed.has(w.section) ? { ...w, section: renamed.get(w.section) } : w;
        return named.seats ? { ...named, seats: seatsAfterDrop(model, drop, named.seats) } : named;
      }),
      notes: [...report.notes, ...notes],
    },
  };
}

/** Seats (model indices) in the model without the sections marked in `drop`: theirs gone, the others moved up. */
function seatsAfterDrop(model: VenueModel, drop: Uint8Array, seats: number[]): number[] {
  const shift = new Uint32Array(model.sectionCount);
  for (let t = 1; t < model.sectionCount; t++) shift[t] = shift[t - 1]! + (drop[t - 1] ? model.sectionSeatCount[t - 1]! : 0);
  const sectionOf = (i: number) => model.rowSection[model.seatRow[i]!]!;
  return seats.filter((i) => !drop[sectionOf(i)]).map((i) => i - shift[sectionOf(i)]!);
}

/** The model without the seats and rows of the sections marked in `drop` (order and invariants kept). */
function dropSeats(model: VenueModel, drop: Uint8Array): VenueModel {
  if (!drop.some((d) => d === 1)) return model;
  const rowMap = new Int32Array(model.rowCount).fill(-1);
  let rows = 0;
  for (let r = 0; r < model.rowCount; r++) if (!drop[model.rowSection[r]!]) rowMap[r] = rows++;
  let seats = 0;
  for (let i = 0; i < model.seatCount; i++) if (rowMap[model.seatRow[i]!]! >= 0) seats++;
  const seatX = new Float32Array(seats), seatY = new Float32Array(seats), seatRadius = new Float32Array(seats);
  const seatRow = new Uint32Array(seats), seatLabel = new Uint32Array(seats), seatFlags = new Uint8Array(seats);
  let k = 0;
  for (let i = 0; i < model.seatCount; i++) {
    const r = rowMap[model.seatRow[i]!]!;
    if (r < 0) continue;
    seatX[k] = model.seatX[i]!; seatY[k] = model.seatY[i]!; seatRadius[k] = model.seatRadius[i]!;
    seatRow[k] = r; seatLabel[k] = model.seatLabel[i]!; seatFlags[k] = model.seatFlags[i]!;
    k++;
  }
  const rowSection = new Uint32Array(rows), rowLabel = new Uint32Array(rows);
  const rowFirstSeat = new Uint32Array(rows), rowSeatCount = new Uint32Array(rows);
  let shift = 0;
  for (let r = 0; r < model.rowCount; r++) {
    const to = rowMap[r]!;
    if (to < 0) {
      shift += model.rowSeatCount[r]!;
      continue;
    }
    rowSection[to] = model.rowSection[r]!; rowLabel[to] = model.rowLabel[r]!;
    rowFirstSeat[to] = model.rowFirstSeat[r]! - shift; rowSeatCount[to] = model.rowSeatCount[r]!;
  }
  const sectionFirstRow = new Uint32Array(model.sectionCount), sectionRowCount = new Uint32Array(model.sectionCount);
  const sectionFirstSeat = new Uint32Array(model.sectionCount), sectionSeatCount = new Uint32Array(model.sectionCount);
  let row = 0;
  for (let t = 0; t < model.sectionCount; t++) {
    sectionFirstRow[t] = row;
    sectionFirstSeat[t] = row < rows ? rowFirstSeat[row]! : seats;
    while (row < rows && rowSection[row] === t) {
      sectionSeatCount[t] += rowSeatCount[row]!;
      row++;
    }
    sectionRowCount[t] = row - sectionFirstRow[t]!;
  }
  return {
    ...model, seatCount: seats, seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags,
    rowCount: rows, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    sectionFirstRow, sectionRowCount, sectionFirstSeat, sectionSeatCount,
  };
}
