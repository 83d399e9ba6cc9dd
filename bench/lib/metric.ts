/**
 * One measured figure, as every bench prints it and writes it to JSON: the value beside its PERFORMANCE.md budget.
 * Timed figures are "lower is better", so within_budget is value <= budget (null when the figure has no budget).
 * Shared by the Node benches and the browser map bench.
 */
export interface Metric {
  metric: string;
  seats: number | null;
  /** Rows of a report bench; map benches leave it out. */
  rows?: number | null;
  value: number;
  unit: string;
  budget: number | null;
  within_budget: boolean | null;
}

export function metric(name: string, seats: number | null, value: number, unit: string, budget: number | null): Metric {
  return {
    metric: name,
    seats,
    value: Math.round(value * 10000) / 10000,
    unit,
    budget,
    within_budget: budget === null ? null : value <= budget,
  };
}

/** The p-th percentile (nearest rank) of some samples, p in 0..100. */
export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

/** A fixed-width table: figure, seats, value, budget, verdict. */
export function formatMetrics(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => [
    m.metric,
    m.seats === null ? '' : m.seats.toLocaleString('en-US'),
    `${formatValue(m.value)} ${m.unit}`,
    m.budget === null ? '' : `≤ ${formatValue(m.budget)} ${m.unit}`,
    m.within_budget === null ? '' : m.within_budget ? 'ok' : 'OVER',
  ]);
  const header = ['figure', 'seats', 'value', 'budget', ''];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  return [header, ...rows].map((r) => r.map((cell, c) => (c === 1 || c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd()).join('\n');
}

function formatValue(v: number): string {
  if (v >= 100) return v.toFixed(0);
  if (v >= 1) return v.toFixed(2);
  return v.toPrecision(2);
}
