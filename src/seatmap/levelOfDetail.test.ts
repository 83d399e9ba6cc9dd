import { describe, expect, it } from 'vitest';
import { DEFAULT_LOD, seatsMayShowInWholeVenue, seatsShouldShow, sectionsTinted } from './levelOfDetail';

describe('level of detail', () => {
  it('when a whole venue is in view, then seats may show only for a venue within the budget, and any size agrees with the rule for its count in view', () => {
    expect(seatsMayShowInWholeVenue(20_000)).toBe(true);
    expect(seatsMayShowInWholeVenue(20_001)).toBe(false);
    expect(seatsMayShowInWholeVenue(104_000)).toBe(false);
    expect(seatsMayShowInWholeVenue(30_000, { minSeatRadiusPx: 1, seatBudget: 50_000 })).toBe(true);
    for (const seats of [1_000, 20_000, 20_001, 200_000]) {
      // Seats big enough: the whole venue's first frame shows them exactly when it may.
      expect(seatsShouldShow(8, () => seats, false, DEFAULT_LOD)).toBe(seatsMayShowInWholeVenue(seats));
    }
  });

  it('shows seats only when they are big enough and few enough', () => {
    expect(seatsShouldShow(0.8, () => 10, false, DEFAULT_LOD)).toBe(false);
    expect(seatsShouldShow(2, () => 19_000, false, DEFAULT_LOD)).toBe(true);
    expect(seatsShouldShow(2, () => 21_000, false, DEFAULT_LOD)).toBe(false);
  });

  it('keeps seats shown a little past the budget (no flicker at the threshold)', () => {
    expect(seatsShouldShow(2, () => 22_000, true, DEFAULT_LOD)).toBe(true);
    expect(seatsShouldShow(2, () => 24_000, true, DEFAULT_LOD)).toBe(false);
  });

  it('does not count seats when they are too small anyway', () => {
    let counted = false;
    seatsShouldShow(0.5, () => ((counted = true), 0), false, DEFAULT_LOD);
    expect(counted).toBe(false);
  });

  it('can be told to always draw seats', () => {
    expect(seatsShouldShow(0.01, () => 1e9, false, { minSeatRadiusPx: 0, seatBudget: Infinity })).toBe(true);
  });

  it('tints sections under small seats only', () => {
    expect(sectionsTinted(2)).toBe(true);
    expect(sectionsTinted(6)).toBe(false);
  });
});
