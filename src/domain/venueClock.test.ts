import { describe, expect, it } from 'vitest';
import { venueDateTime, venueDay, venueDateTimeSeconds, venueIsoToday, venueTime, venueToday, venueWallClock } from './venueClock';

describe('the venue clock (Stockholm) in the console formats', () => {
  it('shows a moment as dd.MM.yyyy HH:mm and HH:mm on the venue clock, summer and winter time', () => {
    expect(venueDateTime('2026-06-20T16:30:00.000Z')).toBe('20.06.2026 18:30');
    expect(venueTime('2026-06-20T16:30:00.000Z')).toBe('18:30');
    expect(venueDateTime('2026-11-28T22:45:00.000Z')).toBe('28.11.2026 23:45');
    // Past midnight in Stockholm while still the day before in UTC.
    expect(venueDateTime('2026-12-31T23:05:00.000Z')).toBe('01.01.2027 00:05');
  });

  it('gives nothing for no moment or an unreadable one', () => {
    expect(venueTime(undefined)).toBe('');
    expect(venueDateTime('soon')).toBe('');
  });

  it('reads the wall clock fields of a moment', () => {
    expect(new Date(venueWallClock(Date.parse('2026-06-20T16:30:00.000Z'))).toISOString()).toBe('2026-06-20T18:30:00.000Z');
  });
});

describe('a moment to the second on the venue clock', () => {
  it('shows dd.MM.yyyy HH:mm:ss in Stockholm time, not the browser\'s zone nor a Swedish ISO-like shape', () => {
    expect(venueDateTimeSeconds('2026-11-29T17:30:05.000Z')).toBe('29.11.2026 18:30:05');
    expect(venueDateTimeSeconds('2026-06-20T16:30:59.400Z')).toBe('20.06.2026 18:30:59');
    expect(venueDateTimeSeconds(null)).toBe('');
  });
});

describe('the venue\'s day', () => {
  it('is Stockholm\'s date, which is the next day from 23:00 UTC in winter (the server schedules on it)', () => {
    expect(venueDay('2026-11-29T23:30:00Z')).toBe('30.11.2026');
    expect(venueDay('2026-11-29T22:59:00Z')).toBe('29.11.2026');
    expect(venueDay(null)).toBe('');
  });
});

describe('the venue\'s today, as the date rules take it', () => {
  it('is Stockholm\'s calendar day at local midnight, whatever the process\'s zone: the next day from 23:00 UTC in winter, from 22:00 in summer', () => {
    const day = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
    expect(day(venueToday(Date.parse('2026-11-29T23:30:00Z')))).toEqual([2026, 11, 30, 0, 0]);
    expect(day(venueToday(Date.parse('2026-11-29T22:59:00Z')))).toEqual([2026, 11, 29, 0, 0]);
    expect(day(venueToday(Date.parse('2026-06-20T22:10:00Z')))).toEqual([2026, 6, 21, 0, 0]);
    expect(venueIsoToday(Date.parse('2026-12-31T23:05:00Z'))).toBe('2027-01-01');
    expect(venueIsoToday(Date.parse('2026-12-31T22:55:00Z'))).toBe('2026-12-31');
  });
});
