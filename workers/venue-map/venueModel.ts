/**
 * The parsed venue map: everything the console, the server and the bench need, as typed arrays so it
 * crosses threads as transferred buffers (never copied) and draws as one batched PixiJS object.
 *
 * Ordering invariants (the importer guarantees them, everything else relies on them):
 * - seats of one row are contiguous and ordered along the row (seat label order, else geometry);
 * - rows of one section are contiguous; sections are in document order;
 * - seat i belongs to row seatRow[i]; row r belongs to section rowSection[r];
 * - so row r's seats are [rowFirstSeat[r], rowFirstSeat[r] + rowSeatCount[r]).
 *
 * Coordinates are map units after every SVG transform, in the root viewBox's space.
 * Strings (section names, row labels, seat labels) are interned in `strings`; fields named *Label/*Name
 * hold indexes into it.
 */
export const SECTION_KIND_SEATED = 0;
export const SECTION_KIND_GENERAL_ADMISSION = 1;

export interface VenueBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface VenueModel {
  /** The map's name (root <svg> data-name or <title>), may be empty. */
  name: string;
  /** The root viewBox (or width/height when it has none). */
  viewBox: VenueBounds;
  strings: string[];

  seatCount: number;
  /** Seat centre, map units. */
  seatX: Float32Array;
  seatY: Float32Array;
  /** Half the seat's size (radius of a circle, half the larger side of a rect/shape), map units. */
  seatRadius: Float32Array;
  /** Row index of each seat. */
  seatRow: Uint32Array;
  /** Seat label (string index), e.g. "12". Unique within its row. */
  seatLabel: Uint32Array;
  /** Bit flags per seat: SEAT_FLAG_* below (marked in the file, e.g. accessible, unavailable). */
  seatFlags: Uint8Array;

  rowCount: number;
  rowSection: Uint32Array;
  /** Row label (string index), e.g. "A" or "9A". Unique within its section. */
  rowLabel: Uint32Array;
  rowFirstSeat: Uint32Array;
  rowSeatCount: Uint32Array;

  sectionCount: number;
  /** Section name (string index), unique within the map: the label used by the API (`section`). */
  sectionName: Uint32Array;
  /** SECTION_KIND_SEATED or SECTION_KIND_GENERAL_ADMISSION. */
  sectionKind: Uint8Array;
  /** Places of a general-admission area from the file (data-capacity), 0 when unknown or seated. */
  sectionCapacity: Uint32Array;
  sectionFirstRow: Uint32Array;
  sectionRowCount: Uint32Array;
  sectionFirstSeat: Uint32Array;
  sectionSeatCount: Uint32Array;
  /** minX, minY, maxX, maxY per section (4 floats a section): outline and seats together. */
  sectionBounds: Float32Array;
  /**
   * Section outlines as polygons: section s owns points
   * [sectionOutlineStart[s], sectionOutlineStart[s + 1]) of outlinePoints (x, y pairs, so 2 floats a point).
   * A section without a drawn outline gets its seats' convex hull or bounding box.
   */
  sectionOutlineStart: Uint32Array;
  outlinePoints: Float32Array;
}

export const SEAT_FLAG_ACCESSIBLE = 1;
/** Marked unavailable in the source file (e.g. class "unavailable"). */
export const SEAT_FLAG_UNAVAILABLE = 2;

/** What the importer could not read, and why; reported, never silently dropped. */
export interface SkippedElement {
  element: string;
  /** 1-based line in the source, when known. */
  line?: number;
  reason: string;
}

/**
 * How the importer knows: `marked` (the file says so: attributes, ids, classes, groups), `inferred` (read from
 * geometry: seat-sized shapes, rows along lines or arcs, numbers from order) or `guessed` (a default or a choice
 * between competing readings; check it on the map).
 */
export type ImportConfidence = 'marked' | 'inferred' | 'guessed';

export interface SectionConfidence {
  section: ImportConfidence;
  seats: ImportConfidence;
  rows: ImportConfidence;
}

/** Something seat-like the importer did not read, or a choice it made: an import with warnings needs a person's yes. */
export interface ImportWarning {
  message: string;
  /** The section it concerns, when one. */
  section?: string;
  /** Where on the map (map units) to look. */
  at?: VenueBounds;
  /**
   * The seats it is about, when it is about particular seats (indices into the model's seat arrays, ascending, at
   * most 5,000): the import screen marks exactly these, not every seat in `at`.
   */
  seats?: number[];
}

export interface ImportReport {
  seats: number;
  rows: number;
  sections: { name: string; kind: 'seated' | 'general_admission'; seats: number; rows: number; capacity: number;
    confidence: SectionConfidence }[];
  /** The whole map's confidence: the least certain of its sections'. */
  confidence: SectionConfidence & { map: ImportConfidence };
  warnings: ImportWarning[];
  /** What was read from geometry rather than marks, said plainly ("rows of North inferred along an arc"). */
  notes: string[];
  generalAdmissionAreas: number;
  skipped: SkippedElement[];
  /** Seat keys (section/row/seat) seen more than once; the first occurrence is kept. */
  duplicates: string[];
  /** Which convention(s) the importer recognised, e.g. "canonical", "nested-data-init", "inkscape-layers". */
  conventions: string[];
  /** What looked like a seat or a section and what became of it: `seatsRead` + the `notRead` counts = `seatLike`. */
  tally: ImportTally;
  /**
   * Where the seat-like elements that were not read stand: x, y, radius triples in map units (at most 5,000 of
   * them), so the import screen can draw a miss over the map.
   */
  unreadMarks: number[];
}

/** Elements of one kind left unread for one reason, with the id (or line) of the first one to look at. */
export interface UnreadElements {
  /** What they looked like: "seat-like shape", "number label", "seat marker", "section shape", "decoration group". */
  kind: string;
  reason: string;
  count: number;
  /** The first one's id in the file, when it has one. */
  sampleId: string | null;
  /** The first one's 1-based line. */
  line?: number;
}

/**
 * The import's accounting. Seat-like: every element the importer considered as a seat (marked seats, seat groups,
 * seat-sized unmarked shapes, <use>s, number labels standing where no seat is). Each one is read as a seat or listed
 * in `notRead` with its reason, so `seatsRead + sum(notRead[].count) === seatLike` always holds.
 */
export interface ImportTally {
  seatLike: number;
  seatsRead: number;
  notRead: UnreadElements[];
  /** Section-like elements (section shapes, zone groups, bands, walls) that were not read as sections. */
  sectionsNotRead: UnreadElements[];
}

export interface ParseResult {
  model: VenueModel;
  report: ImportReport;
}

/** Every typed array of a model, for `Comlink.transfer(model, venueModelBuffers(model))`. */
export function venueModelBuffers(model: VenueModel): ArrayBuffer[] {
  const arrays = [
    model.seatX, model.seatY, model.seatRadius, model.seatRow, model.seatLabel, model.seatFlags,
    model.rowSection, model.rowLabel, model.rowFirstSeat, model.rowSeatCount,
    model.sectionName, model.sectionKind, model.sectionCapacity, model.sectionFirstRow, model.sectionRowCount,
    model.sectionFirstSeat, model.sectionSeatCount, model.sectionBounds, model.sectionOutlineStart,
    model.outlinePoints,
  ];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

/**
 * Every seat of the row of `seat`, in order along the row (row selection): arithmetic on the ordering invariants
 * above.
 */
export function rowSeatsOf(model: Pick<VenueModel, 'seatCount' | 'seatRow' | 'rowFirstSeat' | 'rowSeatCount'>, seat: number): Uint32Array {
  if (!(seat >= 0 && seat < model.seatCount)) return new Uint32Array(0);
  const row = model.seatRow[seat]!;
  const first = model.rowFirstSeat[row]!;
  const out = new Uint32Array(model.rowSeatCount[row]!);
  for (let k = 0; k < out.length; k++) out[k] = first + k;
  return out;
}

/** The query side of the spatial index (venueIndex.ts: packed in the worker, queried where the model lives). */
export interface VenueIndexQueries {
  /** Seat under the point (closest centre within its radius), or -1. */
  seatAt(x: number, y: number): number;
  /** Section whose outline contains the point, or -1. */
  sectionAt(x: number, y: number): number;
  /** Seat indexes whose centres fall in the rectangle. */
  seatsInRect(minX: number, minY: number, maxX: number, maxY: number): Uint32Array;
}
