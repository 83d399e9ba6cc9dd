import { pointInPolygon } from './pointInPolygon';
import { idAt, lineOf, MALFORMED_SEAT_ID } from './UnreadLog';
import { worseConfidence } from './importConfidence';
import type { VenueBuilder } from './VenueBuilder';
import type { ImportReport, ImportTally, VenueModel } from './venueModel';

/**
 * The report's accounting and its cross-checks: what looked like a seat and what became of it (ImportTally), number
 * labels that stand where no seat is, and the counts a file declares (data-seat-count) against the seats read.
 */

/** Number labels standing where no seat is, when there are many: seat numbers drawn as text only. */
const MIN_UNREAD_NUMBERS = 10;

export function tallyOf(b: VenueBuilder, seatsRead: number, src: string): ImportTally {
  return {
    seatLike: b.seatCount + b.seenNotAdded,
    seatsRead,
    notRead: b.unread.list(src),
    sectionsNotRead: b.sectionsUnread.list(src),
  };
}

/**
 * Number-only <text> labels that stand where no seat was read (not on a seat, not a section's own label) are
 * counted as seat-like elements not read, with a warning, when there are many of them: a map whose seats are drawn
 * only as their numbers. A few (row numbers at the ends of rows) are not.
 */
export function numberLabelsNotRead(b: VenueBuilder, model: VenueModel): boolean {
  const labels = b.numberLabels;
  const count = labels.length / 3;
  // Too few to matter beside the seats read (a big map's section numbers): nothing to look up.
  if (count < MIN_UNREAD_NUMBERS || count * 4 < model.seatCount) return false;
  let rSum = 0;
  for (let k = 0; k < model.seatCount; k++) rSum += model.seatRadius[k]!;
  const reach = model.seatCount ? Math.max((rSum / model.seatCount) * 2.5, 1e-6) : 0;
  const grid = new Map<number, number[]>();
  for (let k = 0; reach > 0 && k < model.seatCount; k++) {
    const key = cellKey(Math.floor(model.seatX[k]! / reach), Math.floor(model.seatY[k]! / reach));
    const list = grid.get(key);
    if (list) list.push(k);
    else grid.set(key, [k]);
  }
  const emptyOutlines: number[][] = [];
  for (let s = 0; s < model.sectionCount; s++) {
    if (model.sectionSeatCount[s] === 0) {
      const from = model.sectionOutlineStart[s]! * 2, to = model.sectionOutlineStart[s + 1]! * 2;
      emptyOutlines.push(Array.from(model.outlinePoints.subarray(from, to)));
    }
  }
  // A section drawn without seats holds its own name or number: one or two labels inside it are that, not seats.
  const inside = new Map<number, number[]>();
  const loose: number[] = [];
  for (let k = 0; k < labels.length; k += 3) {
    const x = labels[k]!, y = labels[k + 1]!;
    if (onSeat(model, grid, reach, x, y)) continue;
    const o = emptyOutlines.findIndex((p) => pointInPolygon(p, 0, p.length / 2, x, y));
    if (o < 0) loose.push(k);
    else {
      const list = inside.get(o);
      if (list) list.push(k);
      else inside.set(o, [k]);
    }
  }
  for (const list of inside.values()) if (list.length > 2) loose.push(...list);
  loose.sort((p, q) => p - q);
  const unread = loose.length;
  const k0 = loose[0] ?? 0;
  const first = labels[k0 + 2] ?? -1, fx = labels[k0] ?? 0, fy = labels[k0 + 1] ?? 0;
  if (unread < MIN_UNREAD_NUMBERS || unread * 4 < model.seatCount) return false;
  b.seenNotAdded += unread;
  b.unread.add('number label', 'a number drawn as text where no seat shape is (a seat drawn only as its number?)',
    first, unread);
  const r = Math.max(reach * 4, 20);
  b.warnings.push({
    message: `${unread} number labels were not read: they stand where no seat shape is. If they are the seats ` +
      '(seat numbers drawn as text only), draw a shape per seat; otherwise accept the map without them',
    at: { minX: fx - r, minY: fy - r, maxX: fx + r, maxY: fy + r },
  });
  return true;
}

function onSeat(model: VenueModel, grid: Map<number, number[]>, reach: number, x: number, y: number): boolean {
  if (reach <= 0) return false;
  const gx = Math.floor(x / reach), gy = Math.floor(y / reach);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const k of grid.get(cellKey(gx + dx, gy + dy)) ?? []) {
        if (Math.hypot(model.seatX[k]! - x, model.seatY[k]! - y) <= reach) return true;
      }
    }
  }
  return false;
}

/**
 * Groups that declare their seat (and row) count: the seats read inside them must agree. A disagreement is a
 * warning and the sections concerned lose their `marked` seat confidence; an agreement is a note.
 */
export function checkCountClaims(b: VenueBuilder, order: Uint32Array, sections: ImportReport['sections']): void {
  if (b.countClaims.length === 0) return;
  const read = new Uint8Array(b.seatCount);
  for (const i of order) read[i] = 1;
  for (const claim of b.countClaims) {
    let seats = 0;
    const rows = new Set<number>();
    const sectionNames = new Set<string>();
    for (let i = claim.firstSeat; i < claim.endSeat; i++) {
      if (!read[i]) continue;
      seats++;
      rows.add(b.seatRow[i]!);
      sectionNames.add(b.strings[b.sectionName[b.seatSection[i]!]!]!);
    }
    const seatsAgree = claim.seats < 0 || claim.seats === seats;
    const rowsAgree = claim.rows < 0 || claim.rows === rows.size;
    const says = [claim.seats >= 0 ? plural(claim.seats, 'seat') : '', claim.rows >= 0 ? plural(claim.rows, 'row') : '']
      .filter(Boolean).join(' and ');
    const found = `${plural(seats, 'seat')}${claim.rows >= 0 ? ` in ${plural(rows.size, 'row')}` : ''}`;
    if (seatsAgree && rowsAgree) {
      b.notes.push(`Group "${claim.name}" says it holds ${says}; ${found} were read in it, as it says`);
      continue;
    }
    b.warnings.push({ message: `Group "${claim.name}" says it holds ${says}, but ${found} were read in it: check ` +
      'the seats there', section: sectionNames.size === 1 ? [...sectionNames][0] : undefined });
    for (const s of sections) {
      if (sectionNames.has(s.name)) s.confidence.seats = worseConfidence(s.confidence.seats, 'guessed');
    }
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A grid cell's key: exact for cells within ±1e5 of the origin; a collision further out only costs a few checks. */
function cellKey(gx: number, gy: number): number {
  return (gx + 100_000) * 200_003 + gy;
}

/**
 * Seats whose ids look like seat ids but cannot be read ("p-10--6", "data-init" that is not JSON) are not imported:
 * say so with the first one and its line, so a seat that went missing is never only a line in the tally.
 */
export function malformedSeatsNotRead(b: VenueBuilder, src: string): void {
  const found = b.unread.byReason(MALFORMED_SEAT_ID);
  if (found === null) return;
  const id = found.offset >= 0 ? idAt(src, found.offset) : null;
  const where = found.offset >= 0 ? `${id !== null ? `"${id}", ` : ''}line ${lineOf(src, found.offset)}` : '';
  const n = found.count;
  b.warnings.push({ message: `${plural(n, 'seat')} could not be read: ${n === 1 ? 'its id is' : 'their ids are'} ` +
    `malformed${where ? ` (first: ${where})` : ''}, so ${n === 1 ? 'it was' : 'they were'} not imported. ` +
    'Correct the ids, or accept the map without them' });
}
