import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  combineFormDateTime,
  customerReportDefaultRange,
  EVENT_TIME_FILTERS,
  eachIsoDay,
  formatApiDateTime,
  formatDateIn,
  formatFaqDateTime,
  formatFormDate,
  formatFormTime,
  formatSeasonListDate,
  formDateError,
  formDateOutOfRangeMessage,
  formDateRange,
  isBeforeDay,
  isoDay,
  isSameDay,
  isValidDateRange,
  parseApiDate,
  parseApiDateTime,
  parseDateIn,
  parseFormDate,
  parseFormTime,
  parseIsoDay,
  timeFilterIsoDays,
  timeFilterRange,
  typedFormDay,
} from './dates';

const may5 = new Date(2024, 4, 5, 18, 7, 9); // Sunday 5 May 2024, 18:07:09 local

describe('formatting in the spec formats', () => {
  it('writes each format', () => {
    expect(formatFormDate(may5)).toBe('05.05.2024');
    expect(formatFormTime(may5)).toBe('18:07');
    expect(formatSeasonListDate(may5)).toBe('5/5/2024');
    expect(formatSeasonListDate(new Date(2024, 11, 31))).toBe('31/12/2024');
    expect(formatFaqDateTime(may5)).toBe('05/05/2024 18:07');
    expect(isoDay(may5)).toBe('2024-05-05');
    expect(formatApiDateTime(may5)).toBe('2024-05-05 18:07:09');
    expect(formatDateIn('eventApiDateTime', may5)).toBe('2024-05-05 18:07:00');
    expect(formatDateIn('validityDateTime', may5)).toBe('05.05.2024 18:07');
    expect(formatDateIn('duplicateDateTime', may5)).toBe('2024-05-05 18:07');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatFormDate(new Date(Number.NaN))).toBe('');
  });
});

describe('strict parsing', () => {
  it('reads dd.MM.yyyy at local midnight', () => {
    expect(parseFormDate('31.12.2024')).toEqual(new Date(2024, 11, 31));
    expect(parseFormDate(' 01.02.2024 ')).toEqual(new Date(2024, 1, 1));
  });

  it('refuses impossible or malformed dates', () => {
    expect(parseFormDate('31.02.2024')).toBeNull();
    expect(parseFormDate('29.02.2023')).toBeNull();
    expect(parseFormDate('29.02.2024')).toEqual(new Date(2024, 1, 29));
    expect(parseFormDate('1.2.2024')).toBeNull();
    expect(parseFormDate('2024-02-01')).toBeNull();
    expect(parseFormDate('')).toBeNull();
    expect(parseFormDate(null)).toBeNull();
    expect(parseFormDate(undefined)).toBeNull();
  });

  it('reads HH:mm between 00:00 and 23:59 only', () => {
    expect(parseFormTime('00:00')).toEqual({ hours: 0, minutes: 0 });
    expect(parseFormTime('23:59')).toEqual({ hours: 23, minutes: 59 });
    expect(parseFormTime('24:00')).toBeNull();
    expect(parseFormTime('12:60')).toBeNull();
    expect(parseFormTime('9:30')).toBeNull();
    expect(parseFormTime('')).toBeNull();
  });

  it('combines a form date and time', () => {
    expect(combineFormDateTime('05.05.2024', '18:07')).toEqual(new Date(2024, 4, 5, 18, 7));
    expect(combineFormDateTime('05.05.2024', '')).toBeNull();
    expect(combineFormDateTime('', '18:07')).toBeNull();
  });

  it('reads the other formats', () => {
    expect(parseIsoDay('2024-05-05')).toEqual(new Date(2024, 4, 5));
    expect(parseIsoDay('2024-5-5')).toBeNull();
    expect(parseApiDateTime('2024-05-05 18:07:09')).toEqual(may5);
    expect(parseApiDateTime('2024-05-05 18:07')).toBeNull();
    expect(parseDateIn('seasonListDate', '5/5/2024')).toEqual(new Date(2024, 4, 5));
    expect(parseDateIn('faqDateTime', '05/31/2024 10:00')).toEqual(new Date(2024, 4, 31, 10));
    expect(parseDateIn('eventApiDateTime', '2024-05-05 18:07:00')).toEqual(new Date(2024, 4, 5, 18, 7));
    expect(parseDateIn('eventApiDateTime', '2024-05-05 18:07:30')).toBeNull();
  });

  it('reads whatever date shape the API sends', () => {
    expect(parseApiDate('2024-05-05 18:07:09')).toEqual(may5);
    expect(parseApiDate('2024-05-05 18:07')).toEqual(new Date(2024, 4, 5, 18, 7));
    expect(parseApiDate('2024-05-05')).toEqual(new Date(2024, 4, 5));
    expect(parseApiDate('2024-05-05T16:07:09.000Z')?.getTime()).toBe(Date.UTC(2024, 4, 5, 16, 7, 9));
    expect(parseApiDate(may5)).toBe(may5);
    expect(parseApiDate('tomorrow')).toBeNull();
    expect(parseApiDate(null)).toBeNull();
  });

  it('reads the API\'s plain shapes as date-fns reads their formats, refusals included', () => {
    const days = ['2024-02-29', '2023-02-29', '2024-02-30', '2024-04-31', '2024-12-31', '2024-13-01', '2024-00-10', '2024-01-00', '0099-07-04', '1970-01-01', '2026-03-29', '2026-10-25'];
    const times = ['00:00:00', '02:30:00', '12:34:56', '23:59:59', '24:00:00', '12:60:00', '12:00:60'];
    for (const day of days) {
      expect(parseApiDate(day)).toEqual(parseDateIn('isoDay', day));
      for (const time of times) {
        expect(parseApiDate(`${day} ${time}`)).toEqual(parseDateIn('apiDateTime', `${day} ${time}`));
        expect(parseApiDate(`${day} ${time.slice(0, 5)}`)).toEqual(parseDateIn('duplicateDateTime', `${day} ${time.slice(0, 5)}`));
      }
    }
    expect(parseApiDate(' 2024-05-05 18:07:09 ')).toEqual(may5);
    expect(parseApiDate('2024-05-05 18:07:9')).toBeNull();
    expect(parseApiDate('2024-05-05  18:07:09')).toBeNull();
  });
});

describe('calendar days', () => {
  it('adds days across month ends and the spring DST change', () => {
    expect(addIsoDays('2024-01-31', 1)).toBe('2024-02-01');
    expect(addIsoDays('2024-03-30', 2)).toBe('2024-04-01');
    expect(addIsoDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(() => addIsoDays('31.01.2024', 1)).toThrow(RangeError);
  });

  it('lists every day of a range, both ends included', () => {
    expect(eachIsoDay('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(eachIsoDay('2024-03-02', '2024-03-02')).toEqual(['2024-03-02']);
    expect(eachIsoDay('2024-03-03', '2024-03-02')).toEqual([]);
    expect(eachIsoDay('bad', '2024-03-02')).toEqual([]);
  });

  it('compares days ignoring the time', () => {
    expect(isSameDay(new Date(2024, 4, 5, 0, 0), new Date(2024, 4, 5, 23, 59))).toBe(true);
    expect(isSameDay(new Date(2024, 4, 5), new Date(2024, 4, 6))).toBe(false);
    expect(isBeforeDay(new Date(2024, 4, 4, 23, 59), new Date(2024, 4, 5, 0, 1))).toBe(true);
    expect(isBeforeDay(new Date(2024, 4, 5, 0, 0), new Date(2024, 4, 5, 23, 0))).toBe(false);
  });

  it('accepts a range whose to date is not before its from date', () => {
    expect(isValidDateRange(new Date(2024, 4, 5, 10), new Date(2024, 4, 5, 9))).toBe(true);
    expect(isValidDateRange(new Date(2024, 4, 5), new Date(2024, 4, 4))).toBe(false);
    expect(isValidDateRange(null, new Date(2024, 4, 4))).toBe(true);
  });
});

describe('events time filter', () => {
  it('offers the spec labels', () => {
    expect(EVENT_TIME_FILTERS.map((filter) => filter.label)).toEqual(['Any time', 'This week', 'This month', 'This year']);
  });

  it('has no range for any time', () => {
    expect(timeFilterRange('any', may5)).toBeNull();
    expect(timeFilterIsoDays('any', may5)).toBeNull();
  });

  it('uses a Monday-to-Sunday week (Sunday belongs to the week that began on Monday)', () => {
    expect(timeFilterRange('week', may5)).toEqual({ from: new Date(2024, 3, 29), until: new Date(2024, 4, 6) });
    expect(timeFilterIsoDays('week', may5)).toEqual({ from: '2024-04-29', to: '2024-05-05' });
    expect(timeFilterIsoDays('week', new Date(2024, 4, 6))).toEqual({ from: '2024-05-06', to: '2024-05-12' });
  });

  it('uses the calendar month and year', () => {
    expect(timeFilterRange('month', may5)).toEqual({ from: new Date(2024, 4, 1), until: new Date(2024, 5, 1) });
    expect(timeFilterIsoDays('month', new Date(2024, 1, 10))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(timeFilterIsoDays('year', may5)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });
});

describe('customer report default range', () => {
  it('runs from six months back to today', () => {
    expect(customerReportDefaultRange(may5)).toEqual({ from: '2023-11-05', to: '2024-05-05' });
    expect(customerReportDefaultRange(new Date(2024, 7, 31))).toEqual({ from: '2024-02-29', to: '2024-08-31' });
  });
});

describe('typed form dates', () => {
  it('accepts 1 January ten years back to 31 December ten years ahead of today\'s year', () => {
    expect(formDateRange(may5)).toEqual({ min: new Date(2014, 0, 1), max: new Date(2034, 11, 31) });
    expect(formDateError('01.01.2014', may5)).toBeUndefined();
    expect(formDateError('31.12.2034', may5)).toBeUndefined();
  });

  it('names the range for a real day outside it', () => {
    expect(formDateOutOfRangeMessage(may5)).toBe('Enter a date from 01.01.2014 to 31.12.2034');
    expect(formDateError('31.12.2013', may5)).toBe('Enter a date from 01.01.2014 to 31.12.2034');
    expect(formDateError('01.01.2035', may5)).toBe('Enter a date from 01.01.2014 to 31.12.2034');
    expect(formDateError('01.01.0027', may5)).toBe('Enter a date from 01.01.2014 to 31.12.2034');
  });

  it('asks for dd.mm.yyyy for anything that is no such day', () => {
    for (const text of ['32.13.2026', '45.13.2026', '1.1.27', '31.02.2024', '2024-05-10', 'tomorrow', '10.05.24']) {
      expect(formDateError(text, may5), text).toBe('Enter a date as dd.mm.yyyy');
    }
  });

  it('gives the day a typed date stands for, as yyyy-MM-dd, and null for anything else', () => {
    expect(typedFormDay('15.12.2026', may5)).toBe('2026-12-15');
    expect(typedFormDay(' 15.12.2026 ', may5)).toBe('2026-12-15');
    expect(typedFormDay('45.13.2026', may5)).toBeNull();
    expect(typedFormDay('01.01.2040', may5)).toBeNull();
    expect(typedFormDay('', may5)).toBeNull();
  });

  it('leaves blank text to the caller (a filter may be empty, a form field may be required)', () => {
    expect(formDateError('', may5)).toBeUndefined();
    expect(formDateError('   ', may5)).toBeUndefined();
    expect(formDateError(null, may5)).toBeUndefined();
  });
});
