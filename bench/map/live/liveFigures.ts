/** The figures the live page shows after each run, beside PERFORMANCE.md's budgets where one applies. */
export interface LiveFigure {
  name: string;
  value: number;
  unit: string;
  /** Lower is better; null: shown for information. */
  budget: number | null;
  note?: string;
}

export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

/** Budgets that depend on the venue size (PERFORMANCE.md names them at 100k / 200k seats). */
export function panWholeBudgets(seats: number): { frame: number | null; js: number | null } {
  return seats === 100_000 ? { frame: 100, js: 2 } : { frame: null, js: null };
}

export function verdict(f: LiveFigure): string {
  if (f.budget === null || Number.isNaN(f.value)) return '';
  return f.value <= f.budget ? '✓' : '✗';
}

export function formatMs(v: number): string {
  if (Number.isNaN(v)) return '–';
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}
