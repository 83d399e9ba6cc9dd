import { describe, expect, it } from 'vitest';
import { formatDateIn } from './dates';
import { displayDateTime, displayDateTimeSeconds, displayDay } from './displayDates';

describe('one display format for a day: dd.mm.yyyy', () => {
  it('reads every API form', () => {
    expect(displayDay('2026-03-07')).toBe('07.03.2026');
    expect(displayDay('2026-03-07 19:30:00')).toBe('07.03.2026');
    expect(displayDay(new Date(2026, 2, 7, 12))).toBe('07.03.2026');
  });
  it('a dash when there is no date', () => {
    expect(displayDay(null)).toBe('—');
    expect(displayDay('soon')).toBe('—');
  });
  it('the spec\'s own formats stay where it names them', () => {
    expect(formatDateIn('seasonListDate', new Date(2024, 1, 1))).toBe('1/2/2024');
    expect(formatDateIn('faqDateTime', new Date(2024, 11, 31, 18, 30))).toBe('12/31/2024 18:30');
  });
});

describe('one display format for a moment: dd.mm.yyyy HH:mm', () => {
  it('reads what the database answers, fractions of a second included', () => {
    expect(displayDateTime('2026-11-28 04:05:06.123456')).toBe('28.11.2026 04:05');
    expect(displayDateTime('2026-11-28 04:05')).toBe('28.11.2026 04:05');
    expect(displayDateTime(null)).toBe('—');
  });
});

describe('a moment to the second: dd.mm.yyyy HH:mm:ss', () => {
  it('reads the API\'s date-times, fractions dropped', () => {
    expect(displayDateTimeSeconds('2026-11-30 00:02:47')).toBe('30.11.2026 00:02:47');
    expect(displayDateTimeSeconds('2026-11-30 00:02:47.123456')).toBe('30.11.2026 00:02:47');
    expect(displayDateTimeSeconds(null)).toBe('—');
  });
});
