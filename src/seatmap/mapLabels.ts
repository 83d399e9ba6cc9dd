/**
 * What text the engine draws over the map, pure: row labels at both ends of each row and seat numbers on the seats
 * when zoomed in far enough, a count on each section holding part of a large selection, and the name, capacity and
 * state of a standing area that is big on screen. Only what is in view is planned (culled by row and section bounds),
 * and seat numbers are capped, so a frame's text stays within the zoomed-in frame budget.
 *
 * A row whose end is off screen while some of its seats are in view keeps its label at that end pinned to the view's
 * edge: where the row (followed seat by seat, so curved rows too) crosses the view inset by ROW_PIN_INSET_EM label
 * sizes. Zoomed in on the middle of long rows, every row still says which it is at both edges of the map.
 */
import { SECTION_KIND_GENERAL_ADMISSION, type VenueModel } from '../../workers/venue-map/venueModel';
import type { CameraState, Rect, Viewport } from './Camera';
import { formatCount } from '../domain/money';

/** Row labels show when a typical seat's radius is at least this many CSS pixels (and seats are drawn). */
export const ROW_LABEL_MIN_SEAT_PX = 3.5;
/** Seat numbers show from this radius (a number fits inside the disc). */
export const SEAT_NUMBER_MIN_SEAT_PX = 7;
/** Never more seat numbers than this in one frame (the view holds fewer at the zoom they show). */
export const MAX_SEAT_NUMBERS = 2500;
/** A standing area is labelled when its box is at least this wide and half this tall on screen (CSS px). */
export const AREA_LABEL_MIN_PX = 140;
/** A standing area's label: font size (CSS px). */
export const AREA_LABEL_PX = 14;
/** Row labels' smallest font size (CSS px), at the smallest seats that have them. */
export const ROW_LABEL_MIN_PX = 10;
/** How far inside the view's edge (in label sizes) a pinned row label sits: a label of up to three characters fits. */
export const ROW_PIN_INSET_EM = 1.2;

export type LabelKind = 'row' | 'seat' | 'section' | 'area';

export interface MapLabel {
  kind: LabelKind;
  /** CSS pixels from the map's top-left corner: the label's centre. */
  x: number;
  y: number;
  /** One line, or several for an area (name, capacity, state). */
  lines: string[];
  /** Font size in CSS pixels. */
  size: number;
  /** Seat numbers: the seat (its colour picks the text colour); -1 otherwise. */
  seat: number;
  /** A row label held at the view's edge because that end of the row is off screen (drawn on a plate, over seats). */
  pinned?: boolean;
}

export interface LabelCounts {
  /** Row labels, pinned ones included. */
  rows: number;
  /** Row labels pinned to the view's edge. */
  pinnedRows: number;
  seats: number;
  sections: number;
  areas: number;
}

export interface LabelInput {
  model: VenueModel;
  camera: CameraState;
  viewport: Viewport;
  /**
   * minX, minY, maxX, maxY a row (seatCulling.computeRowBounds), asked for only when row labels are planned (seats
   * shown and big enough): the engine's are made on first use (SeatLayer.rows).
   */
  rowBounds: () => Float32Array;
  seatsShown: boolean;
  /** A typical seat's radius, map units. */
  seatRadius: number;
  /** Selected seats a section when the selection is shown by section (else null). */
  sectionCounts: Uint32Array | null;
  /** The caller's words for a standing area's state ("12 000 for sale"), or undefined. */
  describeArea?: (section: number) => string | undefined;
  /** CSS px along the view's right edge covered by the caller's controls (the zoom buttons): pinned labels stay left of it. */
  rightInsetPx?: number;
  /**
   * Which labels: every one (the default); 'unpinned', all but the row labels pinned to the view's edge, with seat
   * numbers and row-end labels also planned `marginPx` beyond each edge (a label canvas that follows the moving map by
   * a transform then has them ready where they come into view); 'pinned', those pinned to the edge alone (drawn for
   * the camera at every move, as they stay at the edge while the map moves under them).
   */
  part?: 'unpinned' | 'pinned';
  /** CSS px beyond each edge of the view where the 'unpinned' part plans seat numbers and row-end labels too. */
  marginPx?: number;
}

const fmt = (n: number) => formatCount(n);

/** A section's selected count: its font size, and the box its text takes on screen (a digit is about 0.62 em wide). */
export const SECTION_COUNT_PX = 12;
const countBox = (x: number, y: number, text: string): Rect => {
  const halfW = (text.length * SECTION_COUNT_PX * 0.62) / 2 + 3;
  const halfH = SECTION_COUNT_PX / 2 + 2;
  return { minX: x - halfW, minY: y - halfH, maxX: x + halfW, maxY: y + halfH };
};
const overlaps = (a: Rect, b: Rect) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

export function planLabels(input: LabelInput): { labels: MapLabel[]; counts: LabelCounts } {
  const { model: m, camera: c, viewport: vp } = input;
  const labels: MapLabel[] = [];
  const counts: LabelCounts = { rows: 0, pinnedRows: 0, seats: 0, sections: 0, areas: 0 };
  const s = c.scale;
  const view: Rect = { minX: -c.x / s, minY: -c.y / s, maxX: (vp.width - c.x) / s, maxY: (vp.height - c.y) / s };
  const toX = (x: number) => x * s + c.x;
  const toY = (y: number) => y * s + c.y;
  const onScreen = (x: number, y: number) => x >= 0 && y >= 0 && x <= vp.width && y <= vp.height;
  const seatPx = input.seatRadius * s;
  const unpinned = input.part !== 'pinned';
  const pinned = input.part !== 'unpinned';
  // Seat numbers and row-end labels are planned this far beyond the view (the 'unpinned' part); counted only on screen.
  const margin = input.part === 'unpinned' ? Math.max(input.marginPx ?? 0, 0) : 0;
  const inMargin = (x: number, y: number) => x >= -margin && y >= -margin && x <= vp.width + margin && y <= vp.height + margin;
  const rowView: Rect = { minX: view.minX - margin / s, minY: view.minY - margin / s, maxX: view.maxX + margin / s, maxY: view.maxY + margin / s };

  if (input.seatsShown && seatPx >= ROW_LABEL_MIN_SEAT_PX) {
    const rowSize = Math.min(Math.max(seatPx * 1.2, ROW_LABEL_MIN_PX), 16);
    const numbers = seatPx >= SEAT_NUMBER_MIN_SEAT_PX;
    const seatSize = Math.min(seatPx * 0.95, 14);
    const rowBounds = input.rowBounds();
    for (let r = 0; r < m.rowCount; r++) {
      const b = r * 4;
      const pad = input.seatRadius * 3;
      if (rowBounds[b] - pad > rowView.maxX || rowBounds[b + 2] + pad < rowView.minX || rowBounds[b + 1] - pad > rowView.maxY || rowBounds[b + 3] + pad < rowView.minY) continue;
      const first = m.rowFirstSeat[r];
      const n = m.rowSeatCount[r];
      if (n === 0) continue;
      const last = first + n - 1;
      const text = m.strings[m.rowLabel[r]] ?? '';
      if (text) {
        let dx = m.seatX[last] - m.seatX[first];
        let dy = m.seatY[last] - m.seatY[first];
        const len = Math.hypot(dx, dy);
        if (len > 0) {
          dx /= len;
          dy /= len;
        } else {
          dx = 1;
          dy = 0;
        }
        const off = (m.seatRadius[first] || input.seatRadius) * 1.4 + (rowSize * 0.9) / s;
        const ends: [number, number, 1 | -1][] = [
          [m.seatX[first] - dx * off, m.seatY[first] - dy * off, 1],
          [m.seatX[last] + dx * off, m.seatY[last] + dy * off, -1],
        ];
        for (const [wx, wy, step] of ends) {
          const x = toX(wx);
          const y = toY(wy);
          const shown = onScreen(x, y);
          if (unpinned && inMargin(x, y)) {
            labels.push({ kind: 'row', x, y, lines: [text], size: rowSize, seat: -1 });
            if (shown) counts.rows++;
          }
          if (shown || !pinned) continue;
          const inset = rowSize * ROW_PIN_INSET_EM;
          const at = pinRowEnd(x, y, step === 1 ? first : last, step, n, (k) => toX(m.seatX[k]), (k) => toY(m.seatY[k]), {
            minX: inset, minY: inset, maxX: vp.width - Math.max(input.rightInsetPx ?? 0, 0) - inset, maxY: vp.height - inset,
          });
          if (!at) continue;
          labels.push({ kind: 'row', x: at.x, y: at.y, lines: [text], size: rowSize, seat: -1, pinned: true });
          counts.rows++;
          counts.pinnedRows++;
        }
      }
      if (!numbers || !unpinned) continue;
      // The cap counts the numbers on screen, as without a margin; those in it come on top.
      for (let seat = first; seat <= last && counts.seats < MAX_SEAT_NUMBERS; seat++) {
        const x = toX(m.seatX[seat]);
        const y = toY(m.seatY[seat]);
        if (!inMargin(x, y)) continue;
        const label = m.strings[m.seatLabel[seat]] ?? '';
        if (!label) continue;
        labels.push({ kind: 'seat', x, y, lines: [label], size: label.length > 2 ? seatSize * 0.8 : seatSize, seat });
        if (onScreen(x, y)) counts.seats++;
      }
    }
  }
  if (!unpinned) return { labels, counts };

  const sb = m.sectionBounds;
  const placedCounts: Rect[] = [];
  for (let sec = 0; sec < m.sectionCount; sec++) {
    const minX = sb[sec * 4];
    const minY = sb[sec * 4 + 1];
    const maxX = sb[sec * 4 + 2];
    const maxY = sb[sec * 4 + 3];
    if (minX > view.maxX || maxX < view.minX || minY > view.maxY || maxY < view.minY) continue;
    const selected = input.sectionCounts?.[sec] ?? 0;
    if (selected > 0 && !input.seatsShown) {
      const x = toX((minX + maxX) / 2);
      const y = toY((minY + maxY) / 2);
      const text = fmt(selected);
      const box = countBox(x, y, text);
      // A count is drawn only inside its own section and clear of the counts already placed; the panel gives the total.
      const fits = box.maxX - box.minX <= (maxX - minX) * s && box.maxY - box.minY <= (maxY - minY) * s;
      if (onScreen(x, y) && fits && !placedCounts.some((b) => overlaps(b, box))) {
        placedCounts.push(box);
        labels.push({ kind: 'section', x, y, lines: [text], size: SECTION_COUNT_PX, seat: -1 });
        counts.sections++;
      }
    }
    if (m.sectionKind[sec] !== SECTION_KIND_GENERAL_ADMISSION) continue;
    if ((maxX - minX) * s < AREA_LABEL_MIN_PX || (maxY - minY) * s < AREA_LABEL_MIN_PX / 2) continue;
    // The centre of the part of the area in view, so an area filling the view is labelled in the middle of it.
    const x = toX((Math.max(minX, view.minX) + Math.min(maxX, view.maxX)) / 2);
    const y = toY((Math.max(minY, view.minY) + Math.min(maxY, view.maxY)) / 2);
    const lines = [m.strings[m.sectionName[sec]] ?? ''];
    const capacity = m.sectionCapacity[sec];
    if (capacity > 0) lines.push(`${fmt(capacity)} places`);
    const state = input.describeArea?.(sec);
    if (state) lines.push(state);
    labels.push({ kind: 'area', x, y: selected > 0 && !input.seatsShown ? y + 22 : y, lines, size: AREA_LABEL_PX, seat: -1 });
    counts.areas++;
  }
  return { labels, counts };
}

/**
 * Where a row label whose end of the row lies off screen is pinned (screen px), or null when no seat of the row is
 * inside `view` (the view inset by the label's room). Follows the row from its end (`fromX`, `fromY`: where the label
 * would be) seat by seat (`firstSeat`, then `step` +1 or -1, `count` seats; `sx`, `sy` give a seat's screen position)
 * to the first seat inside the view, and puts the label where that last stretch crosses the view's edge.
 */
export function pinRowEnd(
  fromX: number,
  fromY: number,
  firstSeat: number,
  step: 1 | -1,
  count: number,
  sx: (seat: number) => number,
  sy: (seat: number) => number,
  view: Rect,
): { x: number; y: number } | null {
  if (view.maxX < view.minX || view.maxY < view.minY) return null;
  let ax = fromX;
  let ay = fromY;
  for (let k = 0, seat = firstSeat; k < count; k++, seat += step) {
    const bx = sx(seat);
    const by = sy(seat);
    if (bx >= view.minX && bx <= view.maxX && by >= view.minY && by <= view.maxY) {
      // a is outside, b inside: the stretch enters the view at the largest of the entry parameters.
      let t = 0;
      if (ax < view.minX) t = Math.max(t, (view.minX - ax) / (bx - ax));
      else if (ax > view.maxX) t = Math.max(t, (view.maxX - ax) / (bx - ax));
      if (ay < view.minY) t = Math.max(t, (view.minY - ay) / (by - ay));
      else if (ay > view.maxY) t = Math.max(t, (view.maxY - ay) / (by - ay));
      return { x: ax + (bx - ax) * t, y: ay + (by - ay) * t };
    }
    ax = bx;
    ay = by;
  }
  return null;
}
