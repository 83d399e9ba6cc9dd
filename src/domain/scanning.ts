/**
 * The Scanned Items Report's total row and "% scanned" (issue 24). Counts come from the report query as they are;
 * the total row adds them up and every row's share is scanned / total, one decimal, half away from zero (0 of 0
 * items: 0 %).
 */
export interface ScanCounts {
  scan_count: number;
  not_scan_count: number;
  total_count: number;
}

/** Percent scanned with one decimal (12.5 means 12,5 %). */
export function scannedPercent(scanned: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((scanned * 1000) / total) / 10;
}

/** Each row with its percent scanned, and the total row over all of them. */
export function withScanTotals<Row extends ScanCounts>(rows: readonly Row[]): {
  rows: (Row & { scanned_percent: number })[];
  total: ScanCounts & { scanned_percent: number };
} {
  const total = rows.reduce(
    (t, r) => ({ scan_count: t.scan_count + r.scan_count, not_scan_count: t.not_scan_count + r.not_scan_count, total_count: t.total_count + r.total_count }),
    { scan_count: 0, not_scan_count: 0, total_count: 0 },
  );
  return {
    rows: rows.map((r) => ({ ...r, scanned_percent: scannedPercent(r.scan_count, r.total_count) })),
    total: { ...total, scanned_percent: scannedPercent(total.scan_count, total.total_count) },
  };
}
