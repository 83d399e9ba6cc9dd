import { seatHull } from './convexHull';
import { inferRows, inferSeatLabels } from './inferRows';
import { checkAgreement, mapConfidence, sectionConfidence, worseConfidence } from './importConfidence';
import { checkCountClaims, malformedSeatsNotRead, numberLabelsNotRead, tallyOf } from './importTally';
import {
  blocksInOneSection, boxAround, markersThatAreSections, resolveCandidates, zoneGroupsAsSections,
} from './seatCandidates';
import { DEFAULT_SECTION, PUBLIC_FLAGS, type VenueBuilder } from './VenueBuilder';
import { VenueSvgError } from './VenueSvgError';
import {
  SECTION_KIND_GENERAL_ADMISSION, SECTION_KIND_SEATED, type ImportReport, type ImportWarning, type ParseResult,
  type VenueBounds, type VenueModel,
} from './venueModel';
import { orderSeats, type SeatOrder } from './orderSeats';
import { unshared } from './xmlNames';

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
  const warnedSeats = new Map<ImportWarning, number[]>();
  inferMissing(b, warnedSeats);
  const seatOrder = orderSeats(b);
  const { order, duplicates, duplicateSeats } = seatOrder;
  placeWarnedSeats(warnedSeats, order, b.seatCount);
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
  malformedSeatsNotRead(b, src);
  const seatCount = order.length;

  // Seats and rows in the model's order; rows still carry the builder's section, and the seat boxes are per builder
  // section, so the sections kept are known from the rows (a seat's row is always of the seat's section).
  const { seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    builderBox } = copySeats(b, seatOrder);
  const keepSection = b.sectionName.map((_, s) => b.sectionDeclared[s]! || b.sectionOutline[s] !== null);
  for (const s of rowSection) keepSection[s] = true;
  const sectionIndex = new Int32Array(b.sectionName.length).fill(-1);
  let sectionCount = 0;
  keepSection.forEach((keep, s) => { if (keep) sectionIndex[s] = sectionCount++; });
  for (let r = 0; r < rowSection.length; r++) rowSection[r] = sectionIndex[rowSection[r]!]!;
  const seatBox = new Float64Array(sectionCount * 4);
  for (let s = 0; s < sectionIndex.length; s++) {
    const t = sectionIndex[s]!;
    if (t >= 0) seatBox.set(builderBox.subarray(s * 4, s * 4 + 4), t * 4);
  }
  if (seatCount === 0 && sectionCount === 0) {
    const numbers = b.numberLabels.length / 3;
    if (numbers >= 10) {
      throw new VenueSvgError(`The file has no seat shapes and no sections, but ${numbers} number labels: seat ` +
        'numbers drawn as text only are not read as seats. Draw a shape per seat (see docs/venue-svg.md)');
    }
    throw new VenueSvgError('The file has no seats and no sections: nothing in it is marked or shaped like a seat ' +
      '(circle, ellipse, rect, path or <use> in a section) or a section area. See docs/venue-svg.md for the format');
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
    name: unshared(name),
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

/** Most seats a warning lists (`ImportWarning.seats`); its box holds them all. */
const MAX_WARNED_SEATS = 5000;

/** Each warning about particular builder seats gets their places in the model (`order`: place → builder seat). */
function placeWarnedSeats(warned: Map<ImportWarning, number[]>, order: Uint32Array, builderSeats: number): void {
  if (warned.size === 0) return;
  const place = new Int32Array(builderSeats).fill(-1);
  order.forEach((i, k) => { place[i] = k; });
  for (const [warning, seats] of warned) {
    const placed = seats.map((i) => place[i]!).filter((k) => k >= 0).sort((p, q) => p - q);
    warning.seats = placed.slice(0, MAX_WARNED_SEATS);
  }
}

/** Rows and seat numbers the file does not give; `warnedSeats` gets the seats of each warning about some of them. */
function inferMissing(b: VenueBuilder, warnedSeats: Map<ImportWarning, number[]>): void {
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
    const { how, split, banded, arcs } = inferRows(b, section, seats);
    b.rowsInferred.add(section);
    const name = b.strings[b.sectionName[section]!]!;
    if (banded.length > 0) {
      const warning = { message: `Rows of section "${name}": ${rowGroups(split)} held seats along several lines and ` +
        `${split.length === 1 ? 'was' : 'were'} split into them, but ${banded.length} of ${split.length === 1 ? 'its' :
          'their'} seats lie along no line found (boxes or blocks drawn tightly?) and were put in rows by their ` +
        'height on the map: check the rows', section: name, at: boxOf(b, banded) };
      b.warnings.push(warning);
      warnedSeats.set(warning, banded);
    } else if (split.length > 0) {
      b.notes.push(`Rows of section "${name}": ${rowGroups(split)} held seats along several lines and ` +
        `${split.length === 1 ? 'was' : 'were'} split into them`);
    }
    if (how === 'unclear') {
      b.warnings.push({ message: `Rows of section "${name}" could not be told apart from geometry: check the rows`,
        section: name });
    } else if (arcs) {
      const naming = arcs.named === 0 ? 'numbered from it outwards' : arcs.named === arcs.rows
        ? 'each named by the label beside its ends'
        : `${arcs.named} named by the label beside their ends, the others numbered`;
      b.notes.push(`Rows of section "${name}" inferred from geometry (${arcs.rows} arcs round one centre, ${naming}; ` +
        'seats numbered along each arc)');
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

/** "1 of the file's row groups (379 seats)": the groups a row message is about. */
function rowGroups(groups: number[][]): string {
  return `${groups.length} of the file's row groups (${groups.reduce((sum, g) => sum + g.length, 0)} seats)`;
}

function boxOf(b: VenueBuilder, seats: number[]): VenueBounds {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const i of seats) {
    const r = b.seatRadius[i]!;
    minX = Math.min(minX, b.seatX[i]! - r); maxX = Math.max(maxX, b.seatX[i]! + r);
    minY = Math.min(minY, b.seatY[i]! - r); maxY = Math.max(maxY, b.seatY[i]! + r);
  }
  return { minX, minY, maxX, maxY };
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
 * The model's seat and row arrays in the seat order, with each row's builder section (rowSection, mapped to model
 * sections by the caller) and each builder section's box of its seats' discs (minX, minY, maxX, maxY; empty as
 * +Infinity/-Infinity). A function of its own: V8 optimises a small loop long before the whole of buildModel, which
 * matters in the console's worker, where every parse is the first.
 */
function copySeats(b: VenueBuilder, seatOrder: SeatOrder) {
  const { order } = seatOrder;
  const seatCount = order.length;
  // A file already in order whose seats kept all had their row from the file (canonical maps, perhaps with a few
  // decoration shapes dropped): whole columns copied natively between the dropped seats, rows from the builder's
  // counts, boxes as the builder kept them; no pass over the seats in JavaScript, which in a cold worker runs mostly
  // before the JIT has compiled the loop.
  if (seatOrder.inOrder && b.droppedSeats.length <= MAX_DROPPED_FOR_COPY
    && b.seatsWithoutRow.every((i) => b.seatSection[i]! < 0)) {
    return copyInOrder(b, seatOrder.rowsInOrder, seatCount);
  }
  const seatX = new Float32Array(seatCount), seatY = new Float32Array(seatCount);
  const seatRadius = new Float32Array(seatCount), seatRow = new Uint32Array(seatCount);
  const seatLabel = new Uint32Array(seatCount), seatFlags = new Uint8Array(seatCount);
  const rowSection: number[] = [], rowLabel: number[] = [], rowFirstSeat: number[] = [], rowSeatCount: number[] = [];
  const sections = b.sectionName.length;
  const builderBox = new Float64Array(sections * 4);
  for (let s = 0; s < sections; s++) {
    builderBox[s * 4] = builderBox[s * 4 + 1] = Infinity;
    builderBox[s * 4 + 2] = builderBox[s * 4 + 3] = -Infinity;
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
      const s = b.rowSection[bRow]!;
      rowSection.push(s);
      rowLabel.push(b.rowLabel[bRow]!);
      rowFirstSeat.push(k);
      rowSeatCount.push(0);
      row++;
      count = 0;
      lastRow = bRow;
      if (o !== s * 4) {
        flushBox(builderBox, o, minX, minY, maxX, maxY);
        o = s * 4;
        minX = builderBox[o]!; minY = builderBox[o + 1]!; maxX = builderBox[o + 2]!; maxY = builderBox[o + 3]!;
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
  flushBox(builderBox, o, minX, minY, maxX, maxY);
  return { seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    builderBox };
}

/** Most dropped seats for copyInOrder: each is a gap between column copies. */
const MAX_DROPPED_FOR_COPY = 4096;

/**
 * copySeats for builder seats kept in the builder's order (order is increasing; the seats not kept are
 * b.droppedSeats) whose rows all came from the file: each row's kept seats are consecutive and the rows come in
 * `rowsInOrder`, so the row arrays follow from the builder's counts per row, and the seat columns are copies of the
 * stretches between dropped seats.
 */
function copyInOrder(b: VenueBuilder, rowsInOrder: number[], seatCount: number) {
  const dropped = Uint32Array.from(b.droppedSeats).sort();
  const seatX = new Float32Array(seatCount), seatY = new Float32Array(seatCount);
  const seatRadius = new Float32Array(seatCount), seatLabel = new Uint32Array(seatCount);
  const seatFlags = new Uint8Array(seatCount);
  let from = 0, to = 0;
  for (let g = 0; g <= dropped.length; g++) {
    const end = g < dropped.length ? dropped[g]! : b.seatCount;
    if (end > from) {
      seatX.set(b.seatX.subarray(from, end), to);
      seatY.set(b.seatY.subarray(from, end), to);
      seatRadius.set(b.seatRadius.subarray(from, end), to);
      seatLabel.set(b.seatLabel.subarray(from, end), to);
      seatFlags.set(b.seatFlags.subarray(from, end), to);
      to += end - from;
    }
    from = end + 1;
  }
  // Only candidates carry the builder's own flag bits; a kept one's place is its builder index less the seats
  // dropped before it (both lists ascend).
  let d = 0;
  for (const i of b.candidateSeats) {
    while (d < dropped.length && dropped[d]! < i) d++;
    if (d < dropped.length && dropped[d] === i) continue;
    seatFlags[i - d] = seatFlags[i - d]! & PUBLIC_FLAGS;
  }
  const rowCounts = Int32Array.from(b.rowSeatsAdded);
  for (const i of b.droppedSeats) if (b.seatRow[i]! >= 0) rowCounts[b.seatRow[i]!]--;
  const seatRow = new Uint32Array(seatCount);
  const rowSection: number[] = [], rowLabel: number[] = [], rowFirstSeat: number[] = [], rowSeatCount: number[] = [];
  let first = 0;
  for (const r of rowsInOrder) {
    const count = rowCounts[r]!;
    if (count === 0) continue;
    seatRow.fill(rowSection.length, first, first + count);
    rowSection.push(b.rowSection[r]!);
    rowLabel.push(b.rowLabel[r]!);
    rowFirstSeat.push(first);
    rowSeatCount.push(count);
    first += count;
  }
  const builderBox = Float64Array.from(b.sectionSeatBox);
  // The builder's boxes count every seat added: those of sections that lost a seat are taken again from the seats kept.
  for (const s of b.sectionsWithDrops) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let r = 0; r < rowSection.length; r++) {
      if (rowSection[r] !== s) continue;
      for (let k = rowFirstSeat[r]!, end = k + rowSeatCount[r]!; k < end; k++) {
        const sx = seatX[k]!, sy = seatY[k]!, sr = seatRadius[k]!;
        if (sx - sr < minX) minX = sx - sr;
        if (sx + sr > maxX) maxX = sx + sr;
        if (sy - sr < minY) minY = sy - sr;
        if (sy + sr > maxY) maxY = sy + sr;
      }
    }
    builderBox[s * 4] = minX; builderBox[s * 4 + 1] = minY; builderBox[s * 4 + 2] = maxX; builderBox[s * 4 + 3] = maxY;
  }
  return { seatX, seatY, seatRadius, seatRow, seatLabel, seatFlags, rowSection, rowLabel, rowFirstSeat, rowSeatCount,
    builderBox };
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
