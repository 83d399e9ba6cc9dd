import { describe, expect, it } from 'vitest';
import { serviceFeeSchemeProblems, serviceFeeSchemeRowErrors } from './serviceFeeScheme';

describe('serviceFeeSchemeProblems', () => {
  it('accepts contiguous bands from 0 with an open top band, in any typed order', () => {
    expect(serviceFeeSchemeProblems([
      { price_min: 200, price_max: 500, fixed: 25 },
      { price_min: 0, price_max: 200, fixed: 15 },
      { price_min: 500, price_max: null, fixed: 40 },
    ])).toEqual([]);
    expect(serviceFeeSchemeProblems([])).toEqual([]);
  });

  it('names the row that overlaps the band below it', () => {
    expect(serviceFeeSchemeProblems([
      { price_min: 0, price_max: 200, fixed: 15 },
      { price_min: 150, price_max: 500, fixed: 25 },
    ])).toEqual([{ row: 1, field: 'price_min', message: 'Overlaps row 1 (150,00 SEK to 200,00 SEK)' }]);
  });

  it('names the row after a hole, and a lowest band that does not start at 0', () => {
    expect(serviceFeeSchemeProblems([
      { price_min: 0, price_max: 200, fixed: 15 },
      { price_min: 300, price_max: '', fixed: 25 },
    ])[0]).toMatchObject({ row: 1, message: 'Leaves a gap after row 1: 200,00 SEK to 300,00 SEK has no fee' });
    expect(serviceFeeSchemeProblems([{ price_min: '50', price_max: null, fixed: 5 }])[0].message).toMatch(/^Prices from 0 to 50,00 SEK have no fee/);
  });

  it('refuses an open band below another band', () => {
    expect(serviceFeeSchemeProblems([
      { price_min: 0, price_max: null, fixed: 15 },
      { price_min: 100, price_max: 200, fixed: 25 },
    ])[0]).toMatchObject({ row: 1, message: 'Overlaps row 1, which has no maximum: only the highest band may be open' });
  });

  it('gives final-form row errors at the typed index', () => {
    expect(serviceFeeSchemeRowErrors([{ price_min: 0, price_max: 100, fixed: 1 }])).toBeUndefined();
    const errors = serviceFeeSchemeRowErrors([
      { price_min: 0, price_max: 100, fixed: 1 },
      { price_min: 50, price_max: 100, fixed: 1 },
    ]);
    expect(errors?.[0]).toBeUndefined();
    expect(errors?.[1]?.price_min).toMatch(/^Overlaps row 1/);
  });
});
