import { sectionEditErrors, type SectionEdit } from '../../src/domain/venueSectionEdits';
import { parseVenueSvg, VenueSvgError } from '../../workers/venue-map/parseVenueSvg';
import { applySectionEdits, sectionEditsComment } from '../../workers/venue-map/sectionEdits';
import { SEAT_FLAG_ACCESSIBLE, SECTION_KIND_GENERAL_ADMISSION, type ImportReport, type VenueModel } from '../../workers/venue-map/venueModel';
import type { Queryable } from '../db/database';
import { HttpError, throwIfInvalid } from '../httpErrors';

export interface ImportedMap {
  mapId: number;
  report: ImportReport;
}

/** Parses with the console's own importer; a file it cannot read becomes a 422 with the importer's message and line. */
export function parseForImport(svg: string) {
  try {
    return parseVenueSvg(svg);
  } catch (err) {
    if (err instanceof VenueSvgError) throw new HttpError(422, 'invalid_venue_svg', err.message);
    throw err;
  }
}

/**
 * Stores a venue map: the SVG as uploaded, its sections and every seat, in three set-based statements (arrays
 * through unnest), so a 200,000-seat stadium is three round trips. Run it inside a transaction: a failure leaves
 * nothing half-imported.
 */
export async function importVenueMap(tx: Queryable, opts: { venueId: number; name: string; svg: string;
  /** False: a map whose report has warnings is refused (422 venue_map_warnings) before anything is written. */
  acceptWarnings?: boolean;
  /**
   * Renames and kinds chosen before saving (/venues): checked against the parsed sections (422 per field,
   * `sections.<position>.name`), applied to what is stored, and kept after the SVG's root element so every later
   * parse of the stored file reads the same sections (workers/venue-map/sectionEdits.ts).
   */
  sections?: SectionEdit[] }): Promise<ImportedMap> {
  const edits = opts.sections ?? [];
  const parsed = parseForImport(opts.svg);
  if (edits.length > 0) throwIfInvalid(sectionEditErrors(parsed.report.sections, edits));
  const { model, report } = applySectionEdits(parsed, edits);
  const svg = edits.length > 0 ? opts.svg + sectionEditsComment(edits) : opts.svg;
  if (opts.acceptWarnings === false && report.warnings.length > 0) {
    throw new HttpError(422, 'venue_map_warnings', `The map has ${report.warnings.length} warning(s): ` +
      `${report.warnings.map((w) => w.message).join('; ')}. Check the map and accept the warnings to import it.`);
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO venue_maps (venue_id, name, svg, seat_count, section_count, import_report)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [opts.venueId, opts.name, svg, model.seatCount, model.sectionCount, JSON.stringify(report)],
  );
  const mapId = Number(rows[0].id);
  await insertSections(tx, mapId, model);
  await insertSeats(tx, mapId, model);
  return { mapId, report };
}

async function insertSections(tx: Queryable, mapId: number, model: VenueModel) {
  const names: string[] = [];
  const ga: boolean[] = [];
  const capacity: number[] = [];
  const seats: number[] = [];
  for (let s = 0; s < model.sectionCount; s++) {
    names.push(model.strings[model.sectionName[s]]);
    ga.push(model.sectionKind[s] === SECTION_KIND_GENERAL_ADMISSION);
    capacity.push(model.sectionCapacity[s]);
    seats.push(model.sectionSeatCount[s]);
  }
  await tx.query(
    `INSERT INTO map_sections (map_id, position, name, general_admission, capacity, seat_count)
     SELECT $1, ord - 1, name, ga, cap, n FROM unnest($2::text[], $3::boolean[], $4::int[], $5::int[]) WITH ORDINALITY AS t(name, ga, cap, n, ord)`,
    [mapId, names, ga, capacity, seats],
  );
}

async function insertSeats(tx: Queryable, mapId: number, model: VenueModel) {
  if (model.seatCount === 0) return;
  const sectionOf = new Int32Array(model.seatCount);
  const rowLabels: string[] = new Array(model.seatCount);
  const seatLabels: string[] = new Array(model.seatCount);
  const accessible: boolean[] = new Array(model.seatCount);
  for (let i = 0; i < model.seatCount; i++) {
    const row = model.seatRow[i];
    sectionOf[i] = model.rowSection[row];
    rowLabels[i] = model.strings[model.rowLabel[row]];
    seatLabels[i] = model.strings[model.seatLabel[i]];
    accessible[i] = (model.seatFlags[i] & SEAT_FLAG_ACCESSIBLE) !== 0;
  }
  await tx.query(
    `INSERT INTO map_seats (map_id, section_id, seat_index, row_label, seat_label, accessible)
     SELECT $1, s.id, t.ord - 1, t.row_label, t.seat_label, t.accessible
       FROM unnest($2::int[], $3::text[], $4::text[], $5::boolean[]) WITH ORDINALITY AS t(section_pos, row_label, seat_label, accessible, ord)
       JOIN map_sections s ON s.map_id = $1 AND s.position = t.section_pos`,
    [mapId, Array.from(sectionOf), rowLabels, seatLabels, accessible],
  );
}
