import { describe, expect, it } from 'vitest';
import { DEFAULT_LOD, seatsShouldShow, sectionsTinted } from './levelOfDetail';

describe('level of detail', () => {
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
