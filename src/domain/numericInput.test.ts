import { describe, expect, it } from 'vitest';
import {
  clamp,
  commitNumericInput,
  committedNumericText,
  formatAmountInput,
  formatNumericInput,
  numericRangeText,
  filterNumericInput,
  isAcceptableNumericText,
  isDigitsOnly,
  parseDecimal,
  roundTo,
} from './numericInput';

describe('parseDecimal', () => {
  it.each([
    ['12', 12],
    ['12,5', 12.5],
    ['12.50', 12.5],
    [',5', 0.5],
    ['.5', 0.5],
    ['12,', 12],
    ['-3', -3],
    ['+3', 3],
    ['0', 0],
    [' 1 000,50 ', 1000.5],
    ['1\u00a0000,50', 1000.5],
  ])('%j → %d', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '12a', '1,2,3', '1.2.3', '1,000.50', '--1', '1e3', ',', '-'])('%j is unreadable', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });

  it('passes finite numbers through and refuses the rest', () => {
    expect(parseDecimal(4.25)).toBe(4.25);
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });
});

describe('roundTo', () => {
  it('rounds half away from zero without float surprises', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.004, 2)).toBe(1);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(-0.001, 2)).toBe(0);
  });
});

describe('clamp', () => {
  it('keeps values within the bounds, open when a bound is missing', () => {
    expect(clamp(5, 1, 10)).toBe(5);
    expect(clamp(0, 1, 10)).toBe(1);
    expect(clamp(11, 1, 10)).toBe(10);
    expect(clamp(-100, undefined, 10)).toBe(-100);
    expect(clamp(1e9, 0)).toBe(1e9);
  });
});

describe('typing filter', () => {
  it('accepts a comma or dot with at most 2 decimals', () => {
    expect(isAcceptableNumericText('12,34')).toBe(true);
    expect(isAcceptableNumericText('12.3')).toBe(true);
    expect(isAcceptableNumericText('12,')).toBe(true);
    expect(isAcceptableNumericText('')).toBe(true);
    expect(isAcceptableNumericText('12,345')).toBe(false);
    expect(isAcceptableNumericText('12,3,4')).toBe(false);
    expect(isAcceptableNumericText('1a')).toBe(false);
  });

  it('allows a minus only when the minimum is negative', () => {
    expect(isAcceptableNumericText('-1')).toBe(false);
    expect(isAcceptableNumericText('-1', { min: 0 })).toBe(false);
    expect(isAcceptableNumericText('-1', { min: -10 })).toBe(true);
    expect(isAcceptableNumericText('-', { min: -10 })).toBe(true);
  });

  it('follows the decimals option', () => {
    expect(isAcceptableNumericText('1,5', { decimals: 0 })).toBe(false);
    expect(isAcceptableNumericText('15', { decimals: 0 })).toBe(true);
    expect(isAcceptableNumericText('1,555', { decimals: 3 })).toBe(true);
  });

  it('refuses a keystroke by keeping the previous text', () => {
    expect(filterNumericInput('12,345', '12,34')).toBe('12,34');
    expect(filterNumericInput('12,3', '12,')).toBe('12,3');
    expect(filterNumericInput('1 000', '1 00')).toBe('1 000');
  });
});

describe('commitNumericInput', () => {
  it('reads, rounds and clamps', () => {
    expect(commitNumericInput('12,5')).toBe(12.5);
    expect(commitNumericInput('12,555')).toBe(12.56);
    expect(commitNumericInput('0', { min: 1, max: 10 })).toBe(1);
    expect(commitNumericInput('99', { min: 1, max: 10 })).toBe(10);
    expect(commitNumericInput('10', { min: 1, max: 10 })).toBe(10);
    expect(commitNumericInput('2,4', { decimals: 0 })).toBe(2);
    expect(commitNumericInput(7, { max: 5 })).toBe(5);
  });

  it('gives null for empty or unreadable text', () => {
    expect(commitNumericInput('')).toBeNull();
    expect(commitNumericInput('x', { min: 1 })).toBeNull();
    expect(commitNumericInput(null)).toBeNull();
  });
});

describe('isDigitsOnly', () => {
  it('accepts plain digits only', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('')).toBe(false);
    expect(isDigitsOnly('1.0')).toBe(false);
    expect(isDigitsOnly('-1')).toBe(false);
    expect(isDigitsOnly('1e3')).toBe(false);
  });
});

describe('committedNumericText', () => {
  it('keeps what the user typed when it is a number in range, and writes the bound when it is out of range', () => {
    expect(committedNumericText('12,50', { min: 0, max: 100 })).toBe('12,50');
    expect(committedNumericText('0', { min: 1, max: 10 })).toBe('1');
    expect(committedNumericText('250', { min: 0, max: 100 })).toBe('100');
    expect(committedNumericText('12,555', { min: 0 })).toBe('12,56');
    expect(committedNumericText('0,5', { min: 0, max: 0.25 })).toBe('0,25');
    expect(committedNumericText('', { min: 1 })).toBeNull();
    expect(committedNumericText('-', { min: -5 })).toBeNull();
  });

  it('formats with a decimal comma and names the range', () => {
    expect(formatNumericInput(1000.5)).toBe('1000,5');
    expect(formatAmountInput(1000.5)).toBe('1000,50');
    expect(formatAmountInput(450)).toBe('450,00');
    expect(formatAmountInput(1.005)).toBe('1,01');
    expect(formatAmountInput(0)).toBe('0,00');
    expect(numericRangeText({ min: 1, max: 12 })).toBe('1–12');
    expect(numericRangeText({ min: 1 })).toBe('from 1');
    expect(numericRangeText({ min: 0 })).toBe('');
    expect(numericRangeText({ min: 0, max: 100 })).toBe('0–100');
    expect(numericRangeText({ max: 99.5 })).toBe('up to 99,5');
    expect(numericRangeText({})).toBe('');
  });
});
