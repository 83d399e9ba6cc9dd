/**
 * The cameras the bench looks through, computed as our engine computes them (src/seatmap/CameraController:
 * fit with 24 px padding; a section fitted but zoomed in at least until a typical seat is 1 px), so a peer
 * page opened on its own shows the same views. The runner passes our engine's exact cameras when it has them.
 */
import { centerOn, fitBounds, type CameraState, type Rect, type Viewport } from '../../../../src/seatmap/Camera';
import { typicalSeatRadius, venueBounds } from '../../../../src/seatmap/venueExtent';
import type { VenueModel } from '../../../../workers/venue-map/venueModel';

const FIT_PADDING_PX = 24;
const MIN_SEAT_RADIUS_PX = 1;

/** The section the zoomed-in measures look at: the middle one, as the harness picks it. */
export function middleSection(m: VenueModel): number {
  const s = Math.floor(m.sectionCount / 2);
  const seat = m.sectionFirstSeat[s] + Math.floor(m.sectionSeatCount[s] / 2);
  return m.rowSection[m.seatRow[seat]];
}

export function sectionRect(m: VenueModel, section: number): Rect {
  const b = m.sectionBounds;
  return { minX: b[section * 4], minY: b[section * 4 + 1], maxX: b[section * 4 + 2], maxY: b[section * 4 + 3] };
}

export function wholeVenueCamera(m: VenueModel, vp: Viewport): CameraState {
  return fitBounds(venueBounds(m), vp, FIT_PADDING_PX);
}

export function sectionCamera(m: VenueModel, vp: Viewport, section: number): CameraState {
  const rect = sectionRect(m, section);
  const fit = fitBounds(rect, vp, FIT_PADDING_PX);
  const scale = Math.max(fit.scale, (MIN_SEAT_RADIUS_PX / typicalSeatRadius(m)) * 1.05);
  return centerOn({ ...fit, scale }, vp, (rect.minX + rect.maxX) / 2, (rect.minY + rect.maxY) / 2);
}

/** The harness's pan/zoom path: a circle of 8 % of the viewport and ±4 % zoom, one step an animation frame. */
export function pathCamera(start: CameraState, vp: Viewport, frame: number): CameraState {
  const amplitude = Math.min(vp.width, vp.height) * 0.08;
  const a = (frame / 30) * Math.PI * 2;
  const zoom = 1 + 0.04 * Math.sin(a / 2);
  return { x: start.x + Math.cos(a) * amplitude, y: start.y + Math.sin(a) * amplitude, scale: start.scale * zoom };
}

export function seatsInView(m: VenueModel, c: CameraState, vp: Viewport): number {
  const minX = -c.x / c.scale;
  const minY = -c.y / c.scale;
  const maxX = (vp.width - c.x) / c.scale;
  const maxY = (vp.height - c.y) / c.scale;
  let n = 0;
  for (let i = 0; i < m.seatCount; i++) {
    const x = m.seatX[i];
    const y = m.seatY[i];
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) n++;
  }
  return n;
}
