import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatAmountGerman,
  formatReservationSek,
  formatPlainSek,
  formatSek,
  formatWholeSek,
  oreFromSek,
  parseAmountToOre,
  sekFromOre,
} from './money';

const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('oreFromSek', () => {
  it('rounds the typed decimal half away from zero, not its binary approximation', () => {
    expect(oreFromSek(12.5)).toBe(1250);
    expect(oreFromSek(1.005)).toBe(101); // 1.005 is 1.00499999… as a double
    expect(oreFromSek(2.675)).toBe(268);
    expect(oreFromSek(-1.005)).toBe(-101);
    expect(oreFromSek(0.125)).toBe(13);
    expect(oreFromSek(-0.125)).toBe(-13);
    expect(oreFromSek(0.124)).toBe(12);
    expect(oreFromSek(1234.5)).toBe(123450);
  });

  it('never returns negative zero', () => {
    expect(Object.is(oreFromSek(-0.004), 0)).toBe(true);
    expect(oreFromSek(1e-7)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => oreFromSek(Number.NaN)).toThrow(RangeError);
    expect(() => oreFromSek(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => oreFromSek(1e21)).toThrow(RangeError);
  });
});

describe('sekFromOre', () => {
  it('divides by 100 and refuses fractions of an öre', () => {
    expect(sekFromOre(123450)).toBe(1234.5);
    expect(sekFromOre(-5)).toBe(-0.05);
    expect(() => sekFromOre(1.5)).toThrow(RangeError);
  });
});

describe('Swedish formatting', () => {
  it('groups thousands with no-break spaces and shows 2 decimals with a comma', () => {
    expect(formatSek(123450)).toBe(`1${NBSP}234,50${NBSP}kr`);
    expect(formatSek(0)).toBe(`0,00${NBSP}kr`);
    expect(formatSek(123456789)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}kr`);
    expect(formatAmount(99999)).toBe('999,99');
    expect(formatAmount(100000)).toBe(`1${NBSP}000,00`);
    expect(formatAmount(7)).toBe('0,07');
  });

  it('uses the minus sign for negative amounts', () => {
    expect(formatSek(-5)).toBe(`${MINUS}0,05${NBSP}kr`);
    expect(formatAmount(-123450)).toBe(`${MINUS}1${NBSP}234,50`);
  });

  it('refuses fractions of an öre instead of hiding them', () => {
    expect(() => formatSek(10.5)).toThrow(RangeError);
  });

  it('rounds to whole kronor, half away from zero, for projections', () => {
    expect(formatWholeSek(123456789)).toBe(`1${NBSP}234${NBSP}568${NBSP}kr`);
    expect(formatWholeSek(149)).toBe(`1${NBSP}kr`);
    expect(formatWholeSek(150)).toBe(`2${NBSP}kr`);
    expect(formatWholeSek(-150)).toBe(`${MINUS}2${NBSP}kr`);
    expect(formatWholeSek(49)).toBe(`0${NBSP}kr`);
  });
});

describe('formatCount (counts without Intl)', () => {
  it('groups a whole number as Swedish text does: no-break spaces, the minus sign', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe(`1${NBSP}000`);
    expect(formatCount(104000)).toBe(`104${NBSP}000`);
    expect(formatCount(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatCount(-3)).toBe(`${MINUS}3`);
    expect(formatCount(-12345)).toBe(`${MINUS}12${NBSP}345`);
  });

  it("writes every whole number as Intl 'sv-SE' does", () => {
    for (const n of [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 65535, 104000, 999999, 1000000, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1000, -104000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('sv-SE'));
    }
  });

  it('leaves a number that is not whole to Intl', () => {
    expect(formatCount(12.5)).toBe((12.5).toLocaleString('sv-SE'));
  });
});

describe('German-style formatting (reservation screens)', () => {
  it('groups with dots and uses a decimal comma', () => {
    expect(formatAmountGerman(123450)).toBe('1.234,50');
    expect(formatAmountGerman(123456789)).toBe('1.234.567,89');
    expect(formatAmountGerman(-123450)).toBe('-1.234,50');
    expect(formatAmountGerman(50)).toBe('0,50');
  });
});

describe('formatPlainSek', () => {
  it('writes machine-readable SEK', () => {
    expect(formatPlainSek(123450)).toBe('1234.50');
    expect(formatPlainSek(-5)).toBe('-0.05');
    expect(formatPlainSek(100)).toBe('1.00');
  });
});

describe('parseAmountToOre', () => {
  it('reads a comma or a dot as the decimal point', () => {
    expect(parseAmountToOre('12,5')).toBe(1250);
    expect(parseAmountToOre('12.5')).toBe(1250);
    expect(parseAmountToOre('12,05')).toBe(1205);
    expect(parseAmountToOre('12')).toBe(1200);
    expect(parseAmountToOre(',5')).toBe(50);
    expect(parseAmountToOre('  450 ')).toBe(45000);
  });

  it('accepts the group separators our own formats print', () => {
    expect(parseAmountToOre(`1${NBSP}234,50`)).toBe(123450);
    expect(parseAmountToOre('1 234,50')).toBe(123450);
    expect(parseAmountToOre('1.234,50')).toBe(123450);
    expect(parseAmountToOre('1,234.50')).toBe(123450);
    expect(parseAmountToOre('1.234.567')).toBe(123456700);
  });

  it('accepts a leading minus', () => {
    expect(parseAmountToOre('-12,5')).toBe(-1250);
    expect(parseAmountToOre(`${MINUS}1${NBSP}234,50`)).toBe(-123450);
    expect(Object.is(parseAmountToOre('-0'), 0)).toBe(true);
  });

  it('refuses more than 2 decimals and anything that is not an amount', () => {
    expect(parseAmountToOre('12,345')).toBeNull();
    expect(parseAmountToOre('1.234')).toBeNull(); // a decimal point with 3 decimals, not a guess at 1234
    expect(parseAmountToOre('')).toBeNull();
    expect(parseAmountToOre('-')).toBeNull();
    expect(parseAmountToOre('abc')).toBeNull();
    expect(parseAmountToOre('1e5')).toBeNull();
    expect(parseAmountToOre('1,2,3')).toBeNull();
    expect(parseAmountToOre('12,3.4')).toBeNull();
    expect(parseAmountToOre('99999999999999999999')).toBeNull();
  });
});

describe('formatPriceInput', () => {
  it('shows a price as an input does: decimal comma, no grouping, no trailing zeros', async () => {
    const { formatPriceInput } = await import('./money');
    expect(formatPriceInput(39500)).toBe('395');
    expect(formatPriceInput(39550)).toBe('395,5');
    expect(formatPriceInput(123405)).toBe('1234,05');
  });
});

describe('formatReservationSek (001 §9, reservation screens)', () => {
  it('groups thousands with dots, 2 decimals after a comma, then kr after a no-break space', () => {
    expect(formatReservationSek(123450)).toBe('1.234,50\u00a0kr');
    expect(formatReservationSek(39500)).toBe('395,00\u00a0kr');
    expect(formatReservationSek(0)).toBe('0,00\u00a0kr');
    expect(formatReservationSek(-250)).toBe('-2,50\u00a0kr');
  });
});
