import { describe, expect, it } from 'vitest';
import {
  isValidPhone,
  looksLikePhone,
  normalizeReservationPhone,
  normalizeUserSearchPhone,
  phoneDigits,
  reservationPhoneQuery,
  shouldShowPressEnterHint,
} from './phone';

describe('normalizeReservationPhone (001 §5)', () => {
  it.each([
    ['0701234567', '+46701234567'],
    ['07', '+467'],
    ['0101234567', '+46101234567'],
    ['010', '+4610'],
    ['00701234567', '+46701234567'],
    ['00', '+46'],
    ['0046701234567', '+46701234567'],
    ['46701234567', '+46701234567'],
    ['4915112345678', '+4915112345678'],
    ['+46701234567', '+46701234567'],
    ['+4915112345678', '+4915112345678'],
    ['070-123 45 67', '+46701234567'],
    ['(070) 123.45.67', '+46701234567'],
    ['+07 012', '+467012'],
    ['0812345', '+0812345'],
    ['', ''],
    ['+', '+'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeReservationPhone(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const input of ['0701234567', '0101234', '00123', '46701234567', '+4610', '0', '01']) {
      const once = normalizeReservationPhone(input);
      expect(normalizeReservationPhone(once)).toBe(once);
    }
  });

  it('gives the right number when normalised on every keystroke', () => {
    let shown = '';
    for (const digit of '0701234567') shown = normalizeReservationPhone(shown + digit);
    expect(shown).toBe('+46701234567');
    shown = '';
    for (const digit of '0101234567') shown = normalizeReservationPhone(shown + digit);
    expect(shown).toBe('+46101234567');
  });
});

describe('reservation phone query', () => {
  it('sends digits only', () => {
    expect(phoneDigits('+46 70-123')).toBe('4670123');
    expect(reservationPhoneQuery('070 123 45 67')).toEqual({
      shown: '+46701234567',
      digits: '46701234567',
      pressEnterHint: true,
    });
  });

  it('hints to press ENTER from 11 characters on', () => {
    expect(shouldShowPressEnterHint('+4670123456')).toBe(true); // 11
    expect(shouldShowPressEnterHint('+467012345')).toBe(false); // 10
    expect(reservationPhoneQuery('0701234').pressEnterHint).toBe(false);
    expect(reservationPhoneQuery('07012345').pressEnterHint).toBe(false); // +467012345
    expect(reservationPhoneQuery('070123456').pressEnterHint).toBe(true); // +4670123456
  });
});

describe('normalizeUserSearchPhone (002 §5)', () => {
  it.each([
    ['0701234567', '46701234567'],
    ['+0701234567', '46701234567'],
    ['4607012345', '467012345'],
    ['+4607012345', '467012345'],
    ['00701234567', '46701234567'],
    ['0046701234567', '46701234567'],
    ['0101234567', '46101234567'],
    ['+46701234567', '46701234567'],
    ['+4915112345678', '4915112345678'],
    ['070 123 45 67', '46701234567'],
    ['  0812345 ', '0812345'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeUserSearchPhone(input)).toBe(expected);
  });

  it('leaves names and emails alone, only trimmed', () => {
    expect(normalizeUserSearchPhone(' Anna Svensson ')).toBe('Anna Svensson');
    expect(normalizeUserSearchPhone('anna@example.se')).toBe('anna@example.se');
    expect(normalizeUserSearchPhone('07 Anna')).toBe('07 Anna');
    expect(normalizeUserSearchPhone('')).toBe('');
  });

  it('tells phone numbers from other search text', () => {
    expect(looksLikePhone('+46 70-123')).toBe(true);
    expect(looksLikePhone('+')).toBe(false);
    expect(looksLikePhone('abc')).toBe(false);
  });
});

describe('isValidPhone', () => {
  it('accepts 7 to 15 digits with an optional plus', () => {
    expect(isValidPhone('+46701234567')).toBe(true);
    expect(isValidPhone('070-123 45 67')).toBe(true);
    expect(isValidPhone('1234567')).toBe(true);
    expect(isValidPhone('123456')).toBe(false);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('07012a4567')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});
