import { describe, expect, it } from 'vitest';
import { scannedPercent, withScanTotals } from './scanning';

describe('scanning totals', () => {
  it('gives the percent scanned with one decimal, and 0 % of nothing', () => {
    expect(scannedPercent(92, 100)).toBe(92);
    expect(scannedPercent(1, 3)).toBe(33.3);
    expect(scannedPercent(2, 3)).toBe(66.7);
    expect(scannedPercent(1, 8)).toBe(12.5);
    expect(scannedPercent(0, 0)).toBe(0);
  });

  it('adds the rows up into a total row whose percent is of the sums, not an average of the percents', () => {
    const { rows, total } = withScanTotals([
      { item_name: 'Adult', scan_count: 90, not_scan_count: 10, total_count: 100 },
      { item_name: 'Child', scan_count: 0, not_scan_count: 1, total_count: 1 },
    ]);
    expect(rows.map((r) => r.scanned_percent)).toEqual([90, 0]);
    expect(total).toEqual({ scan_count: 90, not_scan_count: 11, total_count: 101, scanned_percent: 89.1 });
  });
});
