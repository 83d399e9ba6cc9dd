import { seatHull } from './convexHull';
import { inferRows, inferSeatLabels } from './inferRows';
import { checkAgreement, mapConfidence, sectionConfidence, worseConfidence } from './importConfidence';
import { checkCountClaims, numberLabelsNotRead, tallyOf } from './importTally';
import {
  blocksInOneSection, boxAround, markersThatAreSections, resolveCandidates, zoneGroupsAsSections,
} from './seatCandidates';
import { DEFAULT_SECTION, PUBLIC_FLAGS, type VenueBuilder } from './VenueBuilder';
import { VenueSvgError } from './VenueSvgError';
import {
  SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED, type ImportReport, type ParseResult,
  type VenueBounds, type VenueModel,
} from './venueModel';
import { orderSeats } from './orderSeats';

/**
 * Turns what the walk found into the VenueModel and its report: decides whether unmarked shapes are seats, infers
 * missing rows and seat numbers, orders seats (sections in document order, rows contiguous, seats along the row),
 * drops duplicate seat keys (the first one wins) and lays out the typed arrays.
 */
const MAX_LISTED_DUPLICATES = 1000;

export function buildModel(b: VenueBuilder, name: string, viewBox: VenueBounds | null, src = ''): ParseResult {
  zoneGroupsAsSections(b);
  resolveCandidates(b, src);
  markersThatAreSections(b);
  blocksInOneSection(b);
  inferMissing(b);
  const { order, duplicates, duplicateSeats } = orderSeats(b);
  for (const i of duplicateSeats) {
    b.unread.add('seat', 'duplicate seat key (section, row, seat): the first was kept', b.seatSource[i]!);
    b.markUnread(i);
  }
  if (duplicateSeats.length > 0) {
    // Dropping a repeated key silently can halve a map (every seat of a row reading the same "number"): say so.
    const n = duplicateSeats.length;
    for (const i of duplicateSeats) b.sectionSeatsFrom.set(b.seatSection[i]!, 'guessed');
    b.warnings.push({ message: `${n} seat${n === 1 ? '' : 's'} repeat${n === 1 ? 's' : ''} the section, row and seat `
      + `number of an earlier seat and ${n === 1 ? 'was' : 'were'} not read (first: "${duplicates[0]}"): `
      + `${order.length} of ${order.length + n} seats read. Check the seat numbers`, at: boxAround(b, duplicateSeats[0]!) });
  }
  const seatCount = order.length;

  const keepSection = b.sectionName.map((_, s) => b.sectionDeclared[s]! || b.sectionOutline[s] !== null);
  for (let k = 0; k < seatCount; k++) keepSection[b.seatSection[order[k]!]!] = true;
  const sectionIndex = new Int32Array(b.sectionName.length).fill(-1);
  let sectionCount = 0;
  keepSection.forEach((keep, s) => { if (keep) sectionIndex[s] = sectionCount++; });
  if (seatCount === 0 && sectionCount === 0) {
    const numbers = b.numberLabels.length / 3;
    if (numbers >= 10) {
      throw new VenueSvgError(`The file has no seat shapes and no sections, but ${numbers} number labels: seat ` +
        'numbers drawn as text only are not read as seats. Draw a shape per seat (see docs/venue-svg.md)');
    }
    throw new VenueSvgError('The file has no seats and no sections: nothing in it is marked or shaped like a seat ' +
      '(circle, ellipse, rect, path or <use> in a section) or a section area. See docs/venue-svg.md for the format');
  }

  const { seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    seatBox } = copySeats(b, order, sectionIndex, sectionCount);

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
    writeBounds(sectionBounds, t, polygon, seatBox);
    const nameText = b.strings[nameId]!;
    const confidence = sectionConfidence(b, s, nameText);
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
  const numbersUnread = numberLabelsNotRead(b, model);
  checkCountClaims(b, order, report);
  checkAgreement(model, report, b.warnings);
  unreadWarnings(b);
  const confidence = mapConfidence(report);
  if (numbersUnread) {
    confidence.seats = 'guessed';
    confidence.map = worseConfidence(confidence.map, 'guessed');
  }
  return {
    model,
    report: {
      seats: seatCount, rows: rowSection.length, sections: report, generalAdmissionAreas, confidence,
      warnings: b.warnings, notes: b.notes,
      skipped: b.skipped.list(), duplicates: listed, conventions: [...b.conventions],
      tally: tallyOf(b, seatCount, src), unreadMarks: b.unreadMarks,
    },
  };
}

/**
 * Seat-like information present on most seat-like elements (or read like seat text in an unknown language) that no
 * rule used. Counted against the seat-like elements the attribute could have been on (every shape considered as a
 * seat), so the two numbers compare like with like.
 */
function unreadWarnings(b: VenueBuilder): void {
  const seen = b.seatCount;
  for (const [name, entry] of b.unreadAttributes) {
    const widespread = entry.count >= 3 && entry.count * 2 >= seen;
    if (!widespread && !(entry.sentence && entry.count >= 3)) continue;
    const r = 20;
    b.warnings.push({
      message: entry.sentence
        ? `Attribute "${name}" on ${entry.count} shapes reads like a seat description in words the importer does ` +
          'not know; it was not read'
        : `Attribute "${name}" is on ${entry.count} of the ${seen} seat-like shapes and no rule read it: check ` +
          'whether it names their section, row or seat',
      at: { minX: entry.x - r, minY: entry.y - r, maxX: entry.x + r, maxY: entry.y + r },
    });
  }
}

function inferMissing(b: VenueBuilder): void {
  // Only seats added without a row or a number can lack one (both are only ever filled in): no pass over every seat.
  if (b.seatsWithoutRow.length === 0 && b.seatsWithoutLabel.length === 0) return;
  const noRow = new Map<number, number[]>();
  for (const i of b.seatsWithoutRow) {
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
  for (const i of b.seatsWithoutLabel) {
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

function writeBounds(out: Float32Array, t: number, polygon: number[], seatBox: Float64Array): void {
  let minX = seatBox[t * 4]!, minY = seatBox[t * 4 + 1]!, maxX = seatBox[t * 4 + 2]!, maxY = seatBox[t * 4 + 3]!;
  for (let i = 0; i < polygon.length; i += 2) {
    minX = Math.min(minX, polygon[i]!); maxX = Math.max(maxX, polygon[i]!);
    minY = Math.min(minY, polygon[i + 1]!); maxY = Math.max(maxY, polygon[i + 1]!);
  }
  const empty = minX > maxX;
  out[t * 4] = empty ? 0 : minX; out[t * 4 + 1] = empty ? 0 : minY;
  out[t * 4 + 2] = empty ? 0 : maxX; out[t * 4 + 3] = empty ? 0 : maxY;
}

/**
 * The model's seat and row arrays in `order`, and each section's box of its seats' discs (minX, minY, maxX, maxY;
 * empty as +Infinity/-Infinity), in one pass. A function of its own: V8 optimises a small loop long before the
 * whole of buildModel, which matters in the console's worker, where every parse is the first.
 */
function copySeats(b: VenueBuilder, order: Uint32Array, sectionIndex: Int32Array, sectionCount: number) {
  const seatCount = order.length;
  const seatX = new Float32Array(seatCount), seatY = new Float32Array(seatCount);
  const seatRadius = new Float32Array(seatCount), seatRow = new Uint32Array(seatCount);
  const seatLabel = new Uint32Array(seatCount), seatFlags = new Uint8Array(seatCount);
  const rowSection: number[] = [], rowLabel: number[] = [], rowFirstSeat: number[] = [], rowSeatCount: number[] = [];
  const seatBox = new Float64Array(sectionCount * 4);
  for (let t = 0; t < sectionCount; t++) {
    seatBox[t * 4] = seatBox[t * 4 + 1] = Infinity;
    seatBox[t * 4 + 2] = seatBox[t * 4 + 3] = -Infinity;
  }
  const bx = b.seatX, by = b.seatY, br = b.seatRadius, bl = b.seatLabel, bf = b.seatFlags, brow = b.seatRow;
  let lastRow = -1, row = -1, o = 0, count = 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < seatCount; k++) {
    const i = order[k]!;
    const x = bx[i]!, y = by[i]!, r = br[i]!;
    seatX[k] = x;
    seatY[k] = y;
    seatRadius[k] = r;
    seatLabel[k] = bl[i]!;
    seatFlags[k] = bf[i]! & PUBLIC_FLAGS;
    const bRow = brow[i]!;
    if (bRow !== lastRow) {
      if (row >= 0) rowSeatCount[row] = count;
      const t = sectionIndex[b.rowSection[bRow]!]!;
      rowSection.push(t);
      rowLabel.push(b.rowLabel[bRow]!);
      rowFirstSeat.push(k);
      rowSeatCount.push(0);
      row++;
      count = 0;
      lastRow = bRow;
      if (o !== t * 4) {
        flushBox(seatBox, o, minX, minY, maxX, maxY);
        o = t * 4;
        minX = seatBox[o]!; minY = seatBox[o + 1]!; maxX = seatBox[o + 2]!; maxY = seatBox[o + 3]!;
      }
    }
    seatRow[k] = row;
    count++;
    // The same float32 values and sums as the model's arrays give, so the boxes are those of the model's seats.
    const sx = seatX[k]!, sy = seatY[k]!, sr = seatRadius[k]!;
    if (sx - sr < minX) minX = sx - sr;
    if (sx + sr > maxX) maxX = sx + sr;
    if (sy - sr < minY) minY = sy - sr;
    if (sy + sr > maxY) maxY = sy + sr;
  }
  if (row >= 0) rowSeatCount[row] = count;
  flushBox(seatBox, o, minX, minY, maxX, maxY);
  return { seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    seatBox };
}

function flushBox(box: Float64Array, o: number, minX: number, minY: number, maxX: number, maxY: number): void {
  if (box.length === 0) return;
  box[o] = Math.min(box[o]!, minX); box[o + 1] = Math.min(box[o + 1]!, minY);
  box[o + 2] = Math.max(box[o + 2]!, maxX); box[o + 3] = Math.max(box[o + 3]!, maxY);
}

function boundsOf(sectionBounds: Float32Array, count: number): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let t = 0; t < count; t++) {
    minX = Math.min(minX, sectionBounds[t * 4]!); minY = Math.min(minY, sectionBounds[t * 4 + 1]!);
    maxX = Math.max(maxX, sectionBounds[t * 4 + 2]!); maxY = Math.max(maxY, sectionBounds[t * 4 + 3]!);
  }
  return count ? { minX, minY, maxX, maxY } : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}
