import { describe, expect, it } from 'vitest';
import { coverCrop } from './imageThumbnail';

describe('coverCrop', () => {
  it('keeps the middle of a wide image at the thumbnail’s 3:2', () => {
    // 2200×1100 (2:1) → the full height, 1650 px of width from x 275.
    expect(coverCrop({ width: 2200, height: 1100 }, { width: 120, height: 80 })).toEqual({ sx: 275, sy: 0, sw: 1650, sh: 1100 });
  });

  it('keeps the middle of a tall image', () => {
    expect(coverCrop({ width: 300, height: 600 }, { width: 120, height: 80 })).toEqual({ sx: 0, sy: 200, sw: 300, sh: 200 });
  });

  it('takes an image of the same shape whole', () => {
    expect(coverCrop({ width: 60, height: 40 }, { width: 120, height: 80 })).toEqual({ sx: 0, sy: 0, sw: 60, sh: 40 });
  });
});
