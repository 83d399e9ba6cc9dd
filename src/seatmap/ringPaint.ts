/**
 * The ring shader's geometry (RING_FRAGMENT: the selection's and the hover's rings), for the rings drawn outside the
 * WebGL scene: the selection overlay's canvas (SelectionOverlay) and the hover ring's element (HoverRing).
 */

/** One ring's paint, device pixels from the seat's centre: a disc or annulus of `color` and one of white. */
export interface RingPaint {
  /** Ring mode (seat large enough for a ring around it) or dot mode. */
  ring: boolean;
  /** The accent colour from `colorFrom` to `colorTo` (dot mode: from 0). */
  colorFrom: number;
  colorTo: number;
  /** The white band (ring mode) or rim (dot mode); drawn under the colour, whose edge blends into it as the shader's ramp. */
  whiteFrom: number;
  whiteTo: number;
}

/**
 * The ring shader's geometry for a seat of `seatPx` device pixels of radius and a ring of `widthPx` (each edge of the
 * shader a one-pixel ramp, taken at its middle). Ring mode, seat ≥ 2.5 px: nothing over the seat, a white band from
 * seat + 0.75 to seat + 1.75, the colour from there to seat + 1.25 + width. Dot mode: the colour to 0.75 + width, a
 * white rim to 2 + width.
 */
export function ringPaint(seatPx: number, widthPx: number): RingPaint {
  if (seatPx >= 2.5) {
    return { ring: true, colorFrom: seatPx + 1.75, colorTo: seatPx + 1.25 + widthPx, whiteFrom: seatPx + 0.75, whiteTo: seatPx + 1.75 };
  }
  return { ring: false, colorFrom: 0, colorTo: 0.75 + widthPx, whiteFrom: 0.75 + widthPx, whiteTo: 2 + widthPx };
}
