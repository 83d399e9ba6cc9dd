/**
 * Level of detail, pure: when seats are drawn instead of sections alone, and when seated sections keep
 * a tint under their seats. A software rasteriser pays about a microsecond a seat, so seats show only
 * when they are big enough to see and few enough to draw; once shown they stay until the view holds
 * somewhat more than the budget, so panning along the threshold does not flicker.
 */
export interface LodSettings {
  /** Seats are drawn when a typical seat's radius is at least this many CSS pixels ... */
  minSeatRadiusPx: number;
  /** ... and at most this many seats are in view. */
  seatBudget: number;
}

export const DEFAULT_LOD: LodSettings = { minSeatRadiusPx: 1, seatBudget: 20_000 };
export const SEAT_BUDGET_HYSTERESIS = 1.15;
/** Seated sections keep a tint of their pricing colour under seats smaller than this (CSS px radius). */
export const TINT_MAX_SEAT_RADIUS_PX = 4;

/** `countInView` is only called when the seat size allows seats at all. */
export function seatsShouldShow(seatRadiusPx: number, countInView: () => number, shownNow: boolean, lod: LodSettings): boolean {
  if (seatRadiusPx < lod.minSeatRadiusPx) return false;
  const budget = shownNow ? lod.seatBudget * SEAT_BUDGET_HYSTERESIS : lod.seatBudget;
  return countInView() <= budget;
}

/**
 * Whether a view of the whole venue (the camera a map opens at) may draw seats: never when the venue holds more seats
 * than the budget, whatever their size, since every seat is then in view. A renderer prepared before the first frame
 * builds the seats' pipeline only when it may (prepareSeatMapRenderer).
 */
export function seatsMayShowInWholeVenue(seatCount: number, lod: LodSettings = DEFAULT_LOD): boolean {
  return seatCount <= lod.seatBudget;
}

export function sectionsTinted(seatRadiusPx: number): boolean {
  return seatRadiusPx < TINT_MAX_SEAT_RADIUS_PX;
}
