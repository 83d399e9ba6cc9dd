import { describe, expect, it } from 'vitest';
import { VAT_RATES, exclFromIncl, formatVatPercent, isVatRate, totalVatPercent, vatChoices, vatRow } from './vat';

describe('vatRow', () => {
  // Expectations worked out by hand: excl = incl / (1 + rate/100) rounded to öre, vat = incl − excl.
  it.each([
    [12500, 25, 2500, 10000], // 125,00 incl 25 %: exactly 100,00 excl
    [10000, 25, 2000, 8000], // 100,00 / 1,25 = 80,00
    [10000, 12, 1071, 8929], // 100,00 / 1,12 = 89,2857… → 89,29
    [10000, 6, 566, 9434], // 100,00 / 1,06 = 94,3396… → 94,34
    [10000, 0, 0, 10000],
    [9999, 25, 2000, 7999], // 99,99 / 1,25 = 79,992 → 79,99
    [3, 25, 1, 2], // 0,03 / 1,25 = 0,024 → 0,02
    [1, 25, 0, 1], // 0,01 / 1,25 = 0,008 → 0,01
    [1125, 12.5, 125, 1000], // a rate typed into the editable dropdown
  ])('%i öre at %d %% → vat %i, excl %i', (incl, rate, vat, excl) => {
    expect(vatRow(incl, rate)).toEqual({ vatOre: vat, exclOre: excl });
  });

  it('rounds an exact half öre away from zero on excl and gives VAT the remainder, so the row adds up', () => {
    // 0,14 / 1,12 = 0,125 exactly: excl 0,13 and vat 0,01 (rounding both would give 0,13 + 0,02 = 0,15).
    expect(vatRow(14, 12)).toEqual({ vatOre: 1, exclOre: 13 });
    expect(vatRow(-14, 12)).toEqual({ vatOre: -1, exclOre: -13 });
  });

  it('handles refunds (negative prices) symmetrically', () => {
    expect(vatRow(-10000, 6)).toEqual({ vatOre: -566, exclOre: -9434 });
  });

  it('stays exact beyond the range where incl × 10000 fits a double', () => {
    // (1e15 + 3) / 1,25 = 8e14 + 2,4 → 800000000000002
    expect(vatRow(1e15 + 3, 25)).toEqual({ vatOre: 200000000000001, exclOre: 800000000000002 });
  });

  it('always satisfies vat + excl = incl', () => {
    for (let incl = -2000; incl <= 2000; incl += 7) {
      for (const rate of VAT_RATES) {
        const { vatOre, exclOre } = vatRow(incl, rate);
        expect(vatOre + exclOre).toBe(incl);
      }
    }
  });

  it('refuses fractions of an öre and impossible rates', () => {
    expect(() => vatRow(10.5, 25)).toThrow(RangeError);
    expect(() => vatRow(100, -5)).toThrow(RangeError);
    expect(() => exclFromIncl(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('totalVatPercent', () => {
  it('derives the rate from the sums', () => {
    expect(totalVatPercent(12500, 10000)).toBe(25);
    // 125,00 at 25 % and 106,00 at 6 %: 231,00 incl, 200,00 excl → 15,5 %
    expect(totalVatPercent(23100, 20000)).toBe(15.5);
    // 100,00 at 25 % (excl 80,00) and 100,00 at 12 % (excl 89,29): 30,71 / 169,29 = 18,1404… %
    expect(totalVatPercent(20000, 16929)).toBe(18.14);
  });

  it('rounds to 2 decimals half away from zero', () => {
    expect(totalVatPercent(20001, 20000)).toBe(0.01); // 0,005 %
    expect(totalVatPercent(19999, 20000)).toBe(-0.01);
    expect(totalVatPercent(-20001, -20000)).toBe(0.01); // a refunds table
  });

  it('is 0 when nothing is excluding VAT', () => {
    expect(totalVatPercent(0, 0)).toBe(0);
  });
});

describe('rates and their display', () => {
  it('knows the dropdown rates', () => {
    expect([...VAT_RATES]).toEqual([0, 6, 12, 25]);
    expect(isVatRate(12)).toBe(true);
    expect(isVatRate(13)).toBe(false);
  });

  it('shows 2 decimals with a decimal comma', () => {
    expect(formatVatPercent(25)).toBe('25,00');
    expect(formatVatPercent(18.14)).toBe('18,14');
    expect(formatVatPercent(0.5)).toBe('0,50');
    expect(formatVatPercent(-0.01)).toBe('\u22120,01');
  });
});

describe('vatChoices', () => {
  it('offers the categories\' rates once each, in order, with the row\'s own rate', () => {
    expect(vatChoices([25, 6, 0, 12, 25, 6, 13], 12)).toEqual([0, 6, 12, 13, 25]);
    expect(vatChoices([0, 6, 12, 25], 7.5)).toEqual([0, 6, 7.5, 12, 25]);
  });
  it('offers the row\'s own rate while the categories load', () => {
    expect(vatChoices([], 25)).toEqual([25]);
  });
});
