import { describe, expect, it } from 'vitest';
import { fillDays, type SalesOverviewTable } from './fillDays';

const header = ['Date', 'Sales', 'Tickets'];

describe('fillDays, isolated', () => {
  it('fills missing days with zeros', () => {
    const table: SalesOverviewTable = [header, ['2024-01-02', 100, 2], ['2024-01-04', 50, 1]];
    expect(fillDays(table, '2024-01-01', '2024-01-05', 'isolated')).toEqual([
      header,
      ['2024-01-01', 0, 0],
      ['2024-01-02', 100, 2],
      ['2024-01-03', 0, 0],
      ['2024-01-04', 50, 1],
      ['2024-01-05', 0, 0],
    ]);
  });

  it('gives a period without data one zero row per day', () => {
    expect(fillDays([header], '2024-12-31', '2025-01-01', 'isolated')).toEqual([
      header,
      ['2024-12-31', 0, 0],
      ['2025-01-01', 0, 0],
    ]);
  });
});

describe('fillDays, accumulated', () => {
  it("repeats the previous day's values, and zeros before any data", () => {
    const table: SalesOverviewTable = [header, ['2024-01-02', 100, 2], ['2024-01-04', 150, 3]];
    expect(fillDays(table, '2024-01-01', '2024-01-06', 'accumulated')).toEqual([
      header,
      ['2024-01-01', 0, 0],
      ['2024-01-02', 100, 2],
      ['2024-01-03', 100, 2],
      ['2024-01-04', 150, 3],
      ['2024-01-05', 150, 3],
      ['2024-01-06', 150, 3],
    ]);
  });

  it('carries values from a row before the period into it', () => {
    const table: SalesOverviewTable = [header, ['2023-12-30', 70, 1]];
    expect(fillDays(table, '2024-01-01', '2024-01-02', 'accumulated')).toEqual([
      header,
      ['2023-12-30', 70, 1],
      ['2024-01-01', 70, 1],
      ['2024-01-02', 70, 1],
    ]);
  });
});

describe('fillDays, calendar and input', () => {
  it('walks over a leap day and the spring DST change by calendar days', () => {
    const leap = fillDays([header], '2024-02-28', '2024-03-01', 'isolated').slice(1).map((r) => r[0]);
    expect(leap).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    const dst = fillDays([header], '2024-03-30', '2024-04-01', 'isolated').slice(1).map((r) => r[0]);
    expect(dst).toEqual(['2024-03-30', '2024-03-31', '2024-04-01']);
  });

  it('orders unsorted rows, keeps date-times as given, and lets a later duplicate win', () => {
    const table: SalesOverviewTable = [header, ['2024-01-03', 3, 3], ['2024-01-01 00:00:00', 1, 1], ['2024-01-03', 4, 4]];
    expect(fillDays(table, '2024-01-01', '2024-01-03', 'isolated')).toEqual([
      header,
      ['2024-01-01 00:00:00', 1, 1],
      ['2024-01-02', 0, 0],
      ['2024-01-03', 4, 4],
    ]);
  });

  it('refuses a bad period or a row without a day', () => {
    expect(() => fillDays([header], '2024-01-05', '2024-01-01', 'isolated')).toThrow(/before it starts/);
    expect(() => fillDays([header], '2024-02-30', '2024-03-01', 'isolated')).toThrow(RangeError);
    expect(() => fillDays([header, ['Total', 1, 1]], '2024-01-01', '2024-01-02', 'isolated')).toThrow(/row 1/);
  });
});
