/**
 * How a selection is ringed, pure. A selection up to RING_LIMIT seats has a ring on every seat. A larger one is shown
 * at overview as tinted sections with a count (selectedPerSection); with seats drawn, only the selected seats in a
 * window around the view are ringed, and the window is widened again only when the view leaves it (ringWindow), so a
 * pan across 100,000 selected seats does not refill the rings on every frame.
 */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { Rect } from './Camera';

/** Selections larger than this are shown at overview as tinted sections with a count, not as rings. */
export const RING_LIMIT = 500;

/**
 * Selections up to this many seats are ringed on the overlay over the map (SelectionOverlay: a click's frame redraws
 * no seat), larger ones in the WebGL scene. All that RING_LIMIT rings: measured, 500 rings on the overlay cost a moving
 * frame at most about 2 ms more of the renderer's CPU and no more of the GPU process's than in the scene
 * (docs/venue-map-journal.md, "The shift-click row at 20k ahead of canvas 2D", fifth session), where a selection's change in
 * the scene costs a frame of every seat in view.
 */
export const OVERLAY_MAX_RINGS = RING_LIMIT;

/**
 * Where a selection of `count` seats is drawn: 'overlay' (rings over the map, SelectionOverlay), 'scene' (rings in the
 * WebGL scene), or 'sections' (tinted sections with a count, and with seats drawn the rings in and around the view in
 * the scene: ringWindow).
 */
export function selectionShownOn(count: number): 'overlay' | 'scene' | 'sections' {
  if (count > RING_LIMIT) return 'sections';
  return count <= OVERLAY_MAX_RINGS ? 'overlay' : 'scene';
}

/** Selected seats in each section (the selection is a sorted seat list). */
export function selectedPerSection(m: Pick<VenueModel, 'sectionCount' | 'seatRow' | 'rowSection'>, selected: ArrayLike<number>): Uint32Array {
  const out = new Uint32Array(m.sectionCount);
  for (let k = 0; k < selected.length; k++) out[m.rowSection[m.seatRow[selected[k]]]]++;
  return out;
}

/** The selected seats whose centres lie in `rect` (map units). */
export function selectedInRect(m: Pick<VenueModel, 'seatX' | 'seatY'>, selected: ArrayLike<number>, rect: Rect): Uint32Array {
  const out: number[] = [];
  for (let k = 0; k < selected.length; k++) {
    const s = selected[k];
    const x = m.seatX[s];
    const y = m.seatY[s];
    if (x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY) out.push(s);
  }
  return Uint32Array.from(out);
}

/**
 * The window of a large selection whose seats to ring for this view: null while the view stays inside the window
 * ringed now (nothing to do), else the view widened by half its size on each side.
 */
export function ringWindow(view: Rect, ringed: Rect | null): Rect | null {
  if (ringed && view.minX >= ringed.minX && view.minY >= ringed.minY && view.maxX <= ringed.maxX && view.maxY <= ringed.maxY) return null;
  const w = (view.maxX - view.minX) / 2;
  const h = (view.maxY - view.minY) / 2;
  return { minX: view.minX - w, minY: view.minY - h, maxX: view.maxX + w, maxY: view.maxY + h };
}
