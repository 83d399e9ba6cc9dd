/**
 * Keyboard navigation over seats, pure: left/right walk the focus seat along its row, up/down move to the
 * nearest seat of the adjacent row in the same section. Directions are read from the geometry (a row drawn
 * right-to-left still moves right on ArrowRight); rows drawn sideways fall back to file order. At a section's
 * edge an arrow goes on to the nearest seat of another section that lies that way on screen.
 */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { Rect } from './Camera';

export type NavModel = Pick<
  VenueModel,
  'seatCount' | 'seatX' | 'seatY' | 'seatRow' | 'rowFirstSeat' | 'rowSeatCount' | 'rowSection' | 'sectionFirstRow' | 'sectionRowCount'
>;

export type NavDirection = 'left' | 'right' | 'up' | 'down' | 'rowStart' | 'rowEnd';

export function navDirectionForKey(key: string): NavDirection | null {
  switch (key) {
    case 'ArrowLeft': return 'left';
    case 'ArrowRight': return 'right';
    case 'ArrowUp': return 'up';
    case 'ArrowDown': return 'down';
    case 'Home': return 'rowStart';
    case 'End': return 'rowEnd';
    default: return null;
  }
}

/** The seat one step along the row, or `seat` itself at the row's end. */
export function seatAlongRow(m: NavModel, seat: number, dir: 'left' | 'right'): number {
  const row = m.seatRow[seat];
  const first = m.rowFirstSeat[row];
  const last = first + m.rowSeatCount[row] - 1;
  const prev = seat > first ? seat - 1 : -1;
  const next = seat < last ? seat + 1 : -1;
  const ref = next >= 0 ? next : prev;
  if (ref < 0) return seat;
  const dx = (m.seatX[ref] - m.seatX[seat]) * (ref === next ? 1 : -1);
  const dy = (m.seatY[ref] - m.seatY[seat]) * (ref === next ? 1 : -1);
  // Which way does the row run? Horizontal rows follow x; sideways rows follow file order.
  const forwardIsRight = Math.abs(dx) >= Math.abs(dy) ? dx >= 0 : true;
  const wantForward = (dir === 'right') === forwardIsRight;
  const target = wantForward ? next : prev;
  return target >= 0 ? target : seat;
}

/** The left or right end of the seat's row ("left" as ArrowLeft understands it). */
export function rowEndSeat(m: NavModel, seat: number, which: 'rowStart' | 'rowEnd'): number {
  const row = m.seatRow[seat];
  const first = m.rowFirstSeat[row];
  const last = first + m.rowSeatCount[row] - 1;
  if (first === last) return first;
  const fileOrderRunsRight = seatAlongRow(m, first, 'right') === first + 1;
  const leftEnd = fileOrderRunsRight ? first : last;
  const rightEnd = fileOrderRunsRight ? last : first;
  return which === 'rowStart' ? leftEnd : rightEnd;
}

/** The seat of `row` nearest to (x, y). */
export function nearestSeatInRow(m: NavModel, row: number, x: number, y: number): number {
  const first = m.rowFirstSeat[row];
  const end = first + m.rowSeatCount[row];
  let best = -1;
  let bestD = Infinity;
  for (let s = first; s < end; s++) {
    const dx = m.seatX[s] - x;
    const dy = m.seatY[s] - y;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  return best;
}

/** The nearest seat in the row above or below, within the same section; `seat` itself when there is none. */
export function seatInAdjacentRow(m: NavModel, seat: number, dir: 'up' | 'down'): number {
  const row = m.seatRow[seat];
  const section = m.rowSection[row];
  const firstRow = m.sectionFirstRow[section];
  const lastRow = firstRow + m.sectionRowCount[section] - 1;
  const x = m.seatX[seat];
  const y = m.seatY[seat];
  const candidates: { seat: number; dx: number; dy: number; fileOrder: -1 | 1 }[] = [];
  for (const [r, order] of [[row - 1, -1], [row + 1, 1]] as const) {
    if (r < firstRow || r > lastRow || m.rowSeatCount[r] === 0) continue;
    const s = nearestSeatInRow(m, r, x, y);
    candidates.push({ seat: s, dx: m.seatX[s] - x, dy: m.seatY[s] - y, fileOrder: order });
  }
  if (candidates.length === 0) return seat;
  const vertical = candidates.filter((c) => Math.abs(c.dy) >= Math.abs(c.dx));
  if (vertical.length > 0) {
    const sign = dir === 'up' ? -1 : 1;
    let best = seat;
    let bestD = Infinity;
    for (const c of vertical) {
      if (Math.sign(c.dy) !== sign) continue;
      if (Math.abs(c.dy) < bestD) {
        bestD = Math.abs(c.dy);
        best = c.seat;
      }
    }
    return best;
  }
  const want = dir === 'up' ? -1 : 1;
  return candidates.find((c) => c.fileOrder === want)?.seat ?? seat;
}

const SCREEN_DIRECTIONS = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] } as const;

/**
 * The seat of another section that an arrow reaches from `seat`: among the seats within 45° of the arrow's screen
 * direction, the one with the least distance along it plus twice the distance across (so a seat straight ahead wins
 * over a nearer one off to the side); `seat` itself when no other section lies that way. One pass over the seats:
 * it runs only at a section's edge, on a key press.
 */
export function seatBeyondSection(m: NavModel, seat: number, dir: 'left' | 'right' | 'up' | 'down'): number {
  const [ux, uy] = SCREEN_DIRECTIONS[dir];
  const { seatX, seatY, seatRow, rowSection } = m;
  const section = rowSection[seatRow[seat]];
  const x = seatX[seat];
  const y = seatY[seat];
  let best = seat;
  let bestScore = Infinity;
  for (let s = 0; s < m.seatCount; s++) {
    const dx = seatX[s] - x;
    const dy = seatY[s] - y;
    const along = dx * ux + dy * uy;
    if (along <= 0) continue;
    const across = Math.abs(dx * uy - dy * ux);
    const score = along + 2 * across;
    if (across > along || score >= bestScore || rowSection[seatRow[s]] === section) continue;
    bestScore = score;
    best = s;
  }
  return best;
}

export function navigate(m: NavModel, seat: number, dir: NavDirection): number {
  if (seat < 0 || seat >= m.seatCount) return seat;
  if (dir === 'rowStart' || dir === 'rowEnd') return rowEndSeat(m, seat, dir);
  const next = dir === 'left' || dir === 'right' ? seatAlongRow(m, seat, dir) : seatInAdjacentRow(m, seat, dir);
  return next === seat ? seatBeyondSection(m, seat, dir) : next;
}

/** The seat nearest to the centre of `rect` among seats inside it, or -1 (where keyboard focus starts). */
export function seatNearestCenter(m: Pick<NavModel, 'seatCount' | 'seatX' | 'seatY'>, rect: Rect): number {
  const cx = (rect.minX + rect.maxX) / 2;
  const cy = (rect.minY + rect.maxY) / 2;
  const { seatX, seatY } = m;
  let best = -1;
  let bestD = Infinity;
  for (let s = 0; s < m.seatCount; s++) {
    const x = seatX[s];
    const y = seatY[s];
    if (x < rect.minX || x > rect.maxX || y < rect.minY || y > rect.maxY) continue;
    const d = (x - cx) * (x - cx) + (y - cy) * (y - cy);
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  return best;
}

/**
 * Where the first arrow key starts: the first seat (in file order: first row, first seat) of the section in view,
 * that is the caller's selected section when it meets the view, else the section of the seat nearest the middle.
 * -1 when no seat is in view.
 */
export function firstSeatOfSectionInView(
  m: Pick<VenueModel, 'seatCount' | 'seatX' | 'seatY' | 'seatRow' | 'rowSection' | 'sectionFirstSeat' | 'sectionSeatCount' | 'sectionBounds'>,
  rect: Rect,
  selectedSection = -1,
): number {
  const b = m.sectionBounds;
  const s = selectedSection;
  if (s >= 0 && s < m.sectionSeatCount.length && m.sectionSeatCount[s] > 0 && b[s * 4] <= rect.maxX && b[s * 4 + 2] >= rect.minX && b[s * 4 + 1] <= rect.maxY && b[s * 4 + 3] >= rect.minY) {
    return m.sectionFirstSeat[s];
  }
  const seat = seatNearestCenter(m, rect);
  return seat < 0 ? -1 : m.sectionFirstSeat[m.rowSection[m.seatRow[seat]]];
}
