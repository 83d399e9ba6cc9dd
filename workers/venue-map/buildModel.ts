import { seatHull } from './convexHull';
import { inferRows, inferSeatLabels } from './inferRows';
import { DEFAULT_SECTION, PUBLIC_FLAGS, SEAT_CANDIDATE, SEAT_GUESSED, type VenueBuilder } from './VenueBuilder';
import { VenueSvgError } from './VenueSvgError';
import {
  SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED, type ImportConfidence, type ImportReport, type ParseResult,
  type SectionConfidence, type VenueBounds, type VenueModel,
} from './venueModel';
import { orderSeats } from './orderSeats';

/**
 * Turns what the walk found into the VenueModel and its report: decides whether unmarked shapes are seats, infers
 * missing rows and seat numbers, orders seats (sections in document order, rows contiguous, seats along the row),
 * drops duplicate seat keys (the first one wins) and lays out the typed arrays.
 */
const MAX_LISTED_DUPLICATES = 1000;

export function buildModel(b: VenueBuilder, name: string, viewBox: VenueBounds | null): ParseResult {
  resolveCandidates(b);
  markersThatAreSections(b);
  inferMissing(b);
  const { order, duplicates } = orderSeats(b);
  const seatCount = order.length;

  const keepSection = b.sectionName.map((_, s) => b.sectionDeclared[s]! || b.sectionOutline[s] !== null);
  for (let k = 0; k < seatCount; k++) keepSection[b.seatSection[order[k]!]!] = true;
  const sectionIndex = new Int32Array(b.sectionName.length).fill(-1);
  let sectionCount = 0;
  keepSection.forEach((keep, s) => { if (keep) sectionIndex[s] = sectionCount++; });
  if (seatCount === 0 && sectionCount === 0) {
    throw new VenueSvgError('The file has no seats and no sections: nothing in it is marked or shaped like a seat ' +
      '(circle, ellipse, rect, path or <use> in a section) or a section area. See docs/venue-svg.md for the format');
  }

  const seatX = new Float32Array(seatCount), seatY = new Float32Array(seatCount);
  const seatRadius = new Float32Array(seatCount), seatRow = new Uint32Array(seatCount);
  const seatLabel = new Uint32Array(seatCount), seatFlags = new Uint8Array(seatCount);
  const rowSection: number[] = [], rowLabel: number[] = [], rowFirstSeat: number[] = [], rowSeatCount: number[] = [];
  let lastRow = -1;
  for (let k = 0; k < seatCount; k++) {
    const i = order[k]!;
    seatX[k] = b.seatX[i]!;
    seatY[k] = b.seatY[i]!;
    seatRadius[k] = b.seatRadius[i]!;
    seatLabel[k] = b.seatLabel[i]!;
    seatFlags[k] = b.seatFlags[i]! & PUBLIC_FLAGS;
    const row = b.seatRow[i]!;
    if (row !== lastRow) {
      rowSection.push(sectionIndex[b.rowSection[row]!]!);
      rowLabel.push(b.rowLabel[row]!);
      rowFirstSeat.push(k);
      rowSeatCount.push(0);
      lastRow = row;
    }
    seatRow[k] = rowSection.length - 1;
    rowSeatCount[rowSeatCount.length - 1]!++;
  }

  const sectionName = new Uint32Array(sectionCount), sectionKind = new Uint8Array(sectionCount);
  const sectionCapacity = new Uint32Array(sectionCount), sectionFirstRow = new Uint32Array(sectionCount);
  const sectionRowCount = new Uint32Array(sectionCount), sectionFirstSeat = new Uint32Array(sectionCount);
  const sectionSeatCount = new Uint32Array(sectionCount), sectionBounds = new Float32Array(sectionCount * 4);
  const sectionOutlineStart = new Uint32Array(sectionCount + 1);
  const outline: number[] = [];
  const report: ImportReport['sections'] = [];
  let row = 0;
  let generalAdmissionAreas = 0;
  b.sectionName.forEach((nameId, s) => {
    const t = sectionIndex[s]!;
    if (t < 0) return;
    if (b.strings[nameId] === DEFAULT_SECTION) b.conventions.add('no-sections');
    sectionName[t] = nameId;
    sectionFirstRow[t] = row;
    sectionFirstSeat[t] = row < rowSection.length ? rowFirstSeat[row]! : seatCount;
    while (row < rowSection.length && rowSection[row] === t) {
      sectionSeatCount[t] += rowSeatCount[row]!;
      row++;
    }
    sectionRowCount[t] = row - sectionFirstRow[t]!;
    const seats = sectionSeatCount[t]!;
    const ga = seats === 0 && (b.sectionGeneralAdmission[s]! || b.sectionCapacity[s]! > 0);
    if (seats > 0 && b.sectionGeneralAdmission[s]) {
      b.skipped.add('g', `section "${b.strings[nameId]}" is marked general admission but has seats; ` +
        'imported as seated');
    }
    sectionKind[t] = ga ? SECTION_KIND_GENERAL_ADMISSION : SECTION_KIND_SEATED;
    sectionCapacity[t] = ga ? b.sectionCapacity[s]! : 0;
    if (ga) generalAdmissionAreas++;
    const first = sectionFirstSeat[t]!;
    const polygon = b.sectionOutline[s] ?? (seats > 0 ? seatHull(seatX, seatY, seatRadius, first, seats) : []);
    sectionOutlineStart[t] = outline.length / 2;
    for (const v of polygon) outline.push(v);
    writeBounds(sectionBounds, t, polygon, seatX, seatY, seatRadius, first, seats);
    const nameText = b.strings[nameId]!;
    const confidence: SectionConfidence = {
      section: b.sectionGuessed.has(s) || nameText === DEFAULT_SECTION ? 'guessed'
        : b.sectionInferred.has(s) ? 'inferred' : 'marked',
      seats: b.sectionGuessed.has(s) ? 'guessed' : b.sectionSeatsFrom.get(s) ?? 'marked',
      rows: b.rowsInferred.has(s) ? 'inferred' : 'marked',
    };
    report.push({ name: nameText, kind: ga ? 'general_admission' : 'seated', seats,
      rows: sectionRowCount[t]!, capacity: sectionCapacity[t]!, confidence });
  });
  sectionOutlineStart[sectionCount] = outline.length / 2;

  const listed = duplicates.slice(0, MAX_LISTED_DUPLICATES);
  if (duplicates.length > listed.length) {
    b.skipped.add('seat', `${duplicates.length - listed.length} more duplicate seat keys not listed`);
  }
  const model: VenueModel = {
    name,
    viewBox: viewBox ?? boundsOf(sectionBounds, sectionCount),
    strings: b.strings,
    seatCount, seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags,
    rowCount: rowSection.length,
    rowSection: Uint32Array.from(rowSection), rowLabel: Uint32Array.from(rowLabel),
    rowFirstSeat: Uint32Array.from(rowFirstSeat), rowSeatCount: Uint32Array.from(rowSeatCount),
    sectionCount, sectionName, sectionKind, sectionCapacity, sectionFirstRow, sectionRowCount, sectionFirstSeat,
    sectionSeatCount, sectionBounds, sectionOutlineStart, outlinePoints: Float32Array.from(outline),
  };
  unreadWarnings(b, seatCount);
  const overall = (key: keyof SectionConfidence): ImportConfidence =>
    report.reduce<ImportConfidence>((worst, r) => (RANK[r.confidence[key]] > RANK[worst] ? r.confidence[key] : worst),
      'marked');
  const confidence = { section: overall('section'), seats: overall('seats'), rows: overall('rows'),
    map: 'marked' as ImportConfidence };
  for (const key of ['section', 'seats', 'rows'] as const) {
    if (RANK[confidence[key]] > RANK[confidence.map]) confidence.map = confidence[key];
  }
  return {
    model,
    report: {
      seats: seatCount, rows: rowSection.length, sections: report, generalAdmissionAreas, confidence,
      warnings: b.warnings, notes: b.notes,
      skipped: b.skipped.list(), duplicates: listed, conventions: [...b.conventions],
    },
  };
}

/**
 * Unmarked shapes (candidates) become seats only after vetting:
 * - in a map whose seats are marked, only those of the marked seats' size (a plaque or an aisle marker is not);
 *   they are kept as guessed seats and the report warns;
 * - in a map without any marked seat (bare geometry), those of the common seat size; when smaller shapes sit on
 *   larger ones (digit glyphs drawn on chairs in CAD exports) the enclosing shape is the seat and the glyph its label.
 */
function resolveCandidates(b: VenueBuilder): void {
  const candidates: number[] = [];
  const markedRadii: number[] = [];
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatFlags[i]! & SEAT_CANDIDATE) candidates.push(i);
    else markedRadii.push(b.seatRadius[i]!);
  }
  if (candidates.length === 0) return;
  const drop = (i: number) => { b.seatSection[i] = -1; };
  if (markedRadii.length > 0) {
    const median = medianOf(markedRadii);
    let kept = 0, dropped = 0, first = -1;
    for (const i of candidates) {
      const r = b.seatRadius[i]!;
      if (r >= median * 0.75 && r <= median * 1.33) {
        b.seatFlags[i] = (b.seatFlags[i]! & ~SEAT_CANDIDATE) | SEAT_GUESSED;
        b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
        if (first < 0) first = i;
        kept++;
      } else {
        drop(i);
        dropped++;
      }
    }
    if (dropped > 0) {
      b.skipped.add('shape', 'shape without seat marking and not of the marked seats\' size (a plaque, label or ' +
        'decoration)', undefined, dropped);
    }
    if (kept > 0) {
      b.warnings.push({ message: `${kept} unmarked ${kept === 1 ? 'shape' : 'shapes'} of the marked seats' size ` +
        'taken as seats in a map whose other seats are marked: check they are seats', at: boxAround(b, first) });
    }
    return;
  }
  const radii = candidates.map((i) => b.seatRadius[i]!);
  let median = medianOf(radii);
  const labels = glyphsOnChairs(b, candidates, median);
  if (labels !== null) {
    let chairs = 0;
    for (const i of labels) drop(i);
    const rest = candidates.filter((i) => b.seatSection[i]! >= 0);
    median = medianOf(rest.map((i) => b.seatRadius[i]!));
    chairs = rest.length;
    b.skipped.add('shape', 'glyph drawn on a chair (its label): the enclosing shape is the seat', undefined, labels.length);
    b.warnings.push({ message: `Two candidate seat shapes: ${labels.length} small shapes (digit glyphs) sit on ` +
      `${chairs} larger ones; the enclosing shapes were taken as seats and the glyphs as their labels`,
    at: boxAround(b, rest[0] ?? -1) });
    b.conventions.add('glyphs-on-chairs');
  }
  const seatSized = (r: number): boolean => r >= median / 2 && r <= median * 2;
  let kept = 0, inRows = true;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (seatSized(b.seatRadius[i]!)) kept++;
    if (b.seatRow[i]! < 0) inRows = false;
  }
  // Shapes in the file's own row groups need no crowd to be seats; loose ones need a few of one size.
  const useThem = kept >= 4 || (kept > 0 && inRows);
  let dropped = 0;
  for (const i of candidates) {
    if (b.seatSection[i]! < 0) continue;
    if (useThem && seatSized(b.seatRadius[i]!)) {
      b.seatFlags[i] = b.seatFlags[i]! & ~SEAT_CANDIDATE;
      if (!b.sectionSeatsFrom.has(b.seatSection[i]!)) b.sectionSeatsFrom.set(b.seatSection[i]!, labels ? 'guessed' : 'inferred');
    } else {
      drop(i);
      dropped++;
    }
  }
  if (useThem) b.conventions.add('bare-geometry');
  if (dropped > 0) {
    b.skipped.add('shape', 'shape not of seat size, or too few seat-like shapes to be seats (decoration)', undefined,
      dropped);
  }
}

/**
 * CAD exports draw each seat number as outlined glyphs on top of the chair: more glyphs than chairs, so the most
 * common size is the glyph's. When most shapes of the common size sit inside a larger shape, those are labels.
 * Returns the label shapes, or null when the map is not drawn that way.
 */
function glyphsOnChairs(b: VenueBuilder, candidates: number[], median: number): number[] | null {
  const large = candidates.filter((i) => b.seatRadius[i]! >= median * 1.5);
  if (large.length < 4) return null;
  let maxR = 0;
  for (const i of large) maxR = Math.max(maxR, b.seatRadius[i]!);
  const cell = maxR * 2;
  const grid = new Map<string, number[]>();
  for (const i of large) {
    const key = `${Math.floor(b.seatX[i]! / cell)},${Math.floor(b.seatY[i]! / cell)}`;
    const list = grid.get(key);
    if (list) list.push(i);
    else grid.set(key, [i]);
  }
  const labels: number[] = [];
  let small = 0;
  for (const i of candidates) {
    const r = b.seatRadius[i]!;
    if (r >= median * 1.5) continue;
    small++;
    const x = b.seatX[i]!, y = b.seatY[i]!;
    const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
    let inside = false;
    for (let dx = -1; dx <= 1 && !inside; dx++) {
      for (let dy = -1; dy <= 1 && !inside; dy++) {
        for (const j of grid.get(`${gx + dx},${gy + dy}`) ?? []) {
          const R = b.seatRadius[j]!;
          if (R >= r * 1.5 && Math.abs(b.seatX[j]! - x) + r <= R * 1.05 && Math.abs(b.seatY[j]! - y) + r <= R * 1.05) {
            inside = true;
            break;
          }
        }
      }
    }
    if (inside) labels.push(i);
  }
  return labels.length >= small / 2 && labels.length >= 4 ? labels : null;
}

/**
 * A marker alone is not proof: a shape marked like a seat but far larger than the map's seats, or the only shape of
 * a section group, is a section (data-seat="category-1" on a block of a section-only map).
 */
function markersThatAreSections(b: VenueBuilder): void {
  const radii: number[] = [];
  const perSection = new Map<number, number[]>();
  for (let i = 0; i < b.seatCount; i++) {
    const s = b.seatSection[i]!;
    if (s < 0) continue;
    radii.push(b.seatRadius[i]!);
    const list = perSection.get(s);
    if (list) list.push(i);
    else perSection.set(s, [i]);
  }
  if (radii.length === 0) return;
  const median = medianOf(radii);
  const lone = [...perSection.entries()].filter(([s, seats]) => seats.length === 1 && b.sectionDeclared[s]);
  const loneAreSections = lone.length >= 2 && lone.length === perSection.size;
  let converted = 0, first = -1;
  for (const [s, seats] of perSection) {
    for (const i of seats) {
      const big = radii.length >= 3 && b.seatRadius[i]! > median * 4;
      const alone = seats.length === 1 && b.sectionDeclared[s]! && (loneAreSections || !/^\d+[a-z]?$/i.test(labelOf(b, i)));
      if (!big && !alone) continue;
      // Its drawn shape when the walk kept it (seatOutline), else its box.
      const polygon = b.seatOutline.get(i) ?? boxPolygon(b, i);
      let target = s;
      if (seats.length > 1) {
        const label = labelOf(b, i) || `Section ${b.sectionName.length + 1}`;
        target = b.section(b.hasSection(label) ? `${label} (${b.sectionName.length + 1})` : label);
      }
      b.sectionDeclared[target] = true;
      if (b.sectionOutline[target] === null) b.sectionOutline[target] = polygon;
      b.sectionGuessed.add(target);
      b.seatSection[i] = -1;
      if (first < 0) first = target;
      converted++;
    }
  }
  if (converted > 0) {
    b.conventions.add('seat-marker-sections');
    const o = polygonBounds(b.sectionOutline[first]!);
    b.warnings.push({ message: `${converted} ${converted === 1 ? 'shape' : 'shapes'} marked like a seat read as ` +
      `${converted === 1 ? 'a section' : 'sections'} (far larger than the map's seats, or the only shape of a section ` +
      'group)', section: b.strings[b.sectionName[first]!], at: o });
  }
}

function polygonBounds(points: number[]): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < points.length; k += 2) {
    minX = Math.min(minX, points[k]!); maxX = Math.max(maxX, points[k]!);
    minY = Math.min(minY, points[k + 1]!); maxY = Math.max(maxY, points[k + 1]!);
  }
  return { minX, minY, maxX, maxY };
}

function labelOf(b: VenueBuilder, i: number): string {
  return b.seatLabel[i]! >= 0 ? b.strings[b.seatLabel[i]!]! : '';
}

function boxPolygon(b: VenueBuilder, i: number): number[] {
  const x = b.seatX[i]!, y = b.seatY[i]!, r = b.seatRadius[i]!;
  return [x - r, y - r, x + r, y - r, x + r, y + r, x - r, y + r];
}

function boxAround(b: VenueBuilder, i: number): VenueBounds | undefined {
  if (i < 0) return undefined;
  const r = Math.max(b.seatRadius[i]! * 6, 1e-3);
  return { minX: b.seatX[i]! - r, minY: b.seatY[i]! - r, maxX: b.seatX[i]! + r, maxY: b.seatY[i]! + r };
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}

const RANK: Record<ImportConfidence, number> = { marked: 0, inferred: 1, guessed: 2 };

/** Seat-like information present on most seats (or read like seat text in an unknown language) that no rule used. */
function unreadWarnings(b: VenueBuilder, seatCount: number): void {
  for (const [name, entry] of b.unreadAttributes) {
    const widespread = entry.count >= 3 && entry.count * 2 >= seatCount;
    if (!widespread && !(entry.sentence && entry.count >= 3)) continue;
    const r = 20;
    b.warnings.push({
      message: entry.sentence
        ? `Attribute "${name}" on ${entry.count} shapes reads like a seat description in words the importer does ` +
          'not know; it was not read'
        : `Attribute "${name}" is on ${entry.count} of ${seatCount} seats and no rule read it`,
      at: { minX: entry.x - r, minY: entry.y - r, maxX: entry.x + r, maxY: entry.y + r },
    });
  }
}

function inferMissing(b: VenueBuilder): void {
  const noRow = new Map<number, number[]>();
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! < 0 || b.seatRow[i]! >= 0) continue;
    const s = b.seatSection[i]!;
    const list = noRow.get(s);
    if (list) list.push(i);
    else noRow.set(s, [i]);
  }
  for (const [section, seats] of noRow) {
    const how = inferRows(b, section, seats);
    b.rowsInferred.add(section);
    const name = b.strings[b.sectionName[section]!]!;
    if (how === 'unclear') {
      b.warnings.push({ message: `Rows of section "${name}" could not be told apart from geometry: check the rows`,
        section: name });
    } else {
      b.notes.push(`Rows of section "${name}" inferred from geometry (${how === 'arc' ? 'along an arc' : how})`);
    }
  }
  if (noRow.size > 0) b.conventions.add('inferred-rows');
  const unlabelledRows = new Set<number>();
  for (let i = 0; i < b.seatCount; i++) {
    if (b.seatSection[i]! >= 0 && b.seatLabel[i]! < 0) unlabelledRows.add(b.seatRow[i]!);
  }
  if (unlabelledRows.size === 0) return;
  const byRow = new Map<number, number[]>();
  for (let i = 0; i < b.seatCount; i++) {
    const r = b.seatRow[i]!;
    if (b.seatSection[i]! >= 0 && unlabelledRows.has(r)) {
      const list = byRow.get(r);
      if (list) list.push(i);
      else byRow.set(r, [i]);
    }
  }
  for (const [r, seats] of byRow) {
    inferSeatLabels(b, seats);
    b.rowsInferred.add(b.rowSection[r]!);
  }
  b.notes.push(`Seat numbers of ${byRow.size} ${byRow.size === 1 ? 'row' : 'rows'} inferred from order along the row`);
  b.conventions.add('inferred-seat-numbers');
}

function writeBounds(out: Float32Array, t: number, polygon: number[], xs: Float32Array, ys: Float32Array,
  rs: Float32Array, first: number, count: number): void {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < polygon.length; i += 2) {
    minX = Math.min(minX, polygon[i]!); maxX = Math.max(maxX, polygon[i]!);
    minY = Math.min(minY, polygon[i + 1]!); maxY = Math.max(maxY, polygon[i + 1]!);
  }
  for (let k = first; k < first + count; k++) {
    const r = rs[k]!;
    if (xs[k]! - r < minX) minX = xs[k]! - r;
    if (xs[k]! + r > maxX) maxX = xs[k]! + r;
    if (ys[k]! - r < minY) minY = ys[k]! - r;
    if (ys[k]! + r > maxY) maxY = ys[k]! + r;
  }
  const empty = minX > maxX;
  out[t * 4] = empty ? 0 : minX; out[t * 4 + 1] = empty ? 0 : minY;
  out[t * 4 + 2] = empty ? 0 : maxX; out[t * 4 + 3] = empty ? 0 : maxY;
}

function boundsOf(sectionBounds: Float32Array, count: number): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let t = 0; t < count; t++) {
    minX = Math.min(minX, sectionBounds[t * 4]!); minY = Math.min(minY, sectionBounds[t * 4 + 1]!);
    maxX = Math.max(maxX, sectionBounds[t * 4 + 2]!); maxY = Math.max(maxY, sectionBounds[t * 4 + 3]!);
  }
  return count ? { minX, minY, maxX, maxY } : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}
