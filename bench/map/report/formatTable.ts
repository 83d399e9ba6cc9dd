/** Plain-text tables for stdout: the flat list with verdicts, and ours beside the peers. */
import type { Metric } from '../../lib/metric';
import { RATIO_FIGURES, RATIO_SIZES, ratioBudget } from './ratios';

export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return v.toPrecision(2);
}

const isRatio = (m: Metric) => m.metric.startsWith('ratio.');

export function verdict(m: Metric): string {
  return m.within_budget === null ? '' : m.within_budget ? '✓' : '✗';
}

export function budgetText(m: Metric): string {
  if (m.budget === null) return '';
  return isRatio(m) ? `≥ ${formatValue(m.budget)}×` : `≤ ${formatValue(m.budget)}`;
}

function grid(header: string[], rows: string[][], right: Set<number>): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** figure, seats, value, unit, budget, ✓/✗ */
export function formatMetricTable(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => [m.metric, m.seats === null ? '' : m.seats.toLocaleString('en-US'), formatValue(m.value), m.unit, budgetText(m), verdict(m)]);
  return grid(['figure', 'seats', 'value', 'unit', 'budget', ''], rows, new Set([1, 2]));
}

const SIDE_BY_SIDE = [
  ['open → pixels, median (ms)', 'open_to_pixels_ms.median'],
  ['  ours reopened, model cached (ms)', 'open_to_pixels_cached_ms.median'],
  ['first frame main thread, median (ms)', 'first_frame_main_ms.median'],
  ['pan whole venue, frame p95 (ms)', 'pan_whole_frame_ms.p95'],
  ['  ours drawing every seat (ms)', 'pan_whole_all_seats_frame_ms.p95'],
  ['  frames measured', 'pan_whole.frames'],
  ['pan zoomed in, frame p95 (ms)', 'pan_zoomed_frame_ms.p95'],
  ['  frames measured', 'pan_zoomed.frames'],
  ['hover → seat, p99 (ms)', 'hover_ms.p99'],
  ['shift-click row (mouse) → presented, p95 (ms)', 'click_row_ms.p95'],
  ['shift-click row → drawn, own end point, p95 (ms)', 'select_row_ms.p95'],
  ['re-colour → next frame work, p95 (ms)', 'recolor_ms.p95'],
  ['long tasks after ready (count)', 'long_tasks.count'],
  ['memory, JS + DOM (MB)', 'heap_total_mb'],
] as const;

/** One block per profile: each figure at 20k/100k/200k, ours and every peer. */
export function formatSideBySide(metrics: readonly Metric[], peers: readonly string[], suffix: '' | '.peers_best'): string {
  const get = (name: string, seats: number) => metrics.find((m) => m.metric === name && m.seats === seats);
  const cell = (m: Metric | undefined) => (m ? `${m.unit.includes('at least') ? '≥ ' : ''}${formatValue(m.value)}` : '–');
  const rows: string[][] = [];
  for (const [label, figure] of SIDE_BY_SIDE) {
    for (const seats of RATIO_SIZES) {
      const ours = get(`${figure}${suffix}`, seats);
      const theirs = peers.map((p) => get(`${figure}.${p}${suffix}`, seats));
      if (!ours && theirs.every((t) => !t)) continue;
      rows.push([label, seats.toLocaleString('en-US'), cell(ours), ...theirs.map(cell)]);
    }
  }
  return grid(['figure', 'seats', 'ours', ...peers], rows, new Set([1, 2, ...peers.map((_, i) => i + 3)]));
}

/** Ratios (peer ÷ ours, higher is better) per figure: one column per peer, ✓/✗ against the minimum. */
export function formatRatios(metrics: readonly Metric[], peers: readonly string[], suffix: '' | '.peers_best'): string {
  const get = (name: string, seats: number) => metrics.find((m) => m.metric === name && m.seats === seats);
  const rows: string[][] = [];
  for (const f of RATIO_FIGURES) {
    for (const seats of RATIO_SIZES) {
      const cells = peers.map((p) => {
        const m = get(`ratio.${f.key}.${p}${suffix}`, seats);
        return m ? `${m.unit.includes('at least') ? '≥' : ''}${formatValue(m.value)}× ${verdict(m)}`.trim() : '–';
      });
      if (cells.every((c) => c === '–')) continue;
      const min = ratioBudget(f, seats);
      const budget = min === null ? 'info' : `≥ ${min}×`;
      rows.push([f.key, seats.toLocaleString('en-US'), budget, ...cells]);
    }
  }
  return grid(['ratio (peer ÷ ours)', 'seats', 'needs', ...peers], rows, new Set([1, ...peers.map((_, i) => i + 3)]));
}

export function missedBudgets(metrics: readonly Metric[]): Metric[] {
  return metrics.filter((m) => m.within_budget === false);
}
