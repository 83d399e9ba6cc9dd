/**
 * The browser runs as metrics: `<figure>[.<peer>][.peers_best]`. No peer id = our map; no profile suffix = the
 * WebGL flags (CHROMIUM_ARGS), `.peers_best` = the peers' best profile (software raster for SVG and 2D canvas).
 * Budgets (PERFORMANCE.md) are attached to our figures under the WebGL flags only; peers' figures have none.
 */
import { median, metric, percentile, type Metric } from '../../lib/metric';
import type { MapBenchRun, NavigationRun, PanRun, RendererRun } from '../peers/node/results';

export const NAVIGATION_BUDGET_MS = 800;

/**
 * Long tasks that count against the budget: while the first frame settles (ours: from its first render), the idle
 * second after, and the real-input session. The measuring phases (hover, select, recolor, pan/zoom, heap) block on
 * the GPU or collect garbage on purpose; their long tasks are reported separately, for information.
 */
const USER_PHASES = new Set(['settle', 'idle', 'user_session']);

export function metricName(figure: string, run: Pick<RendererRun, 'renderer' | 'profile'>): string {
  return `${figure}${run.renderer === 'ours' ? '' : `.${run.renderer}`}${run.profile === 'webgl' ? '' : '.peers_best'}`;
}

const p95 = (v: number[]) => percentile(v, 95);
const p99 = (v: number[]) => percentile(v, 99);
const sum = (a: number[], b: number[]) => a.map((x, i) => x + (b[i] ?? 0));

export function runMetrics(run: RendererRun): Metric[] {
  const out: Metric[] = [];
  const ours = run.renderer === 'ours' && run.profile === 'webgl';
  const seats = run.seats;
  const add = (figure: string, value: number | undefined, unit: string, budget: number | null = null) => {
    if (value === undefined || Number.isNaN(value)) return;
    out.push(metric(metricName(figure, run), seats, value, unit, ours ? budget : null));
  };
  if (run.skipped) return out;
  if (run.openTimeoutMs !== undefined && run.opens.length === 0) {
    // The figure is the limit: a lower bound, said in the unit so nobody reads it as a measurement.
    add('open_to_pixels_ms.median', run.openTimeoutMs, 'ms (timed out: at least)');
    return out;
  }
  const opens = run.opens;
  const total = opens.map((o) => o.totalMs);
  const first = opens.map((o) => o.firstFrameMs);
  const lowerBound = opens.some((o) => o.settleTimedOut) ? ' (never settled: at least)' : '';
  add('open_to_pixels_ms.median', median(total), `ms${lowerBound}`);
  add('open_to_pixels_ms.p95', p95(total), `ms${lowerBound}`);
  add('first_frame_ms.median', median(first), `ms${lowerBound}`);
  add('first_frame_ms.p95', p95(first), `ms${lowerBound}`);
  add('first_frame_main_ms.median', median(opens.map((o) => o.firstFrameMainMs)), 'ms');
  add('first_frame.settle_frames', median(opens.map((o) => o.settleFrames)), 'frames');
  add('open.runs', opens.length, 'runs');
  if (run.renderer === 'ours') {
    add('worker_load_ms.median', median(opens.map((o) => o.parseMs ?? NaN)), 'ms');
    const handovers = opens.flatMap((o) => o.transferSamplesMs ?? [o.transferMs ?? NaN]);
    add('handover_ms.median', median(handovers), 'ms', 2);
    add('handover_ms.p95', p95(handovers), 'ms', 2);
    add('handover.samples', handovers.length, 'samples');
    // Each open's first sample, taken right after the model arrived: it carries one-off costs (code run for the first
    // time, what the open still has queued), so it is also shown on its own, for information.
    add('handover_ms.first_median', median(opens.map((o) => o.transferSamplesMs?.[0] ?? o.transferMs ?? NaN)), 'ms');
    add('first_frame_gpu_ms.median', median(opens.map((o) => o.firstFramePixelsMs ?? NaN)), 'ms');
    const cached = run.cachedOpens ?? [];
    if (cached.length) {
      // A reopen with the model in the browser's model cache (measureCachedOpens): download headers, cache read,
      // hand-over, engine, first frame; no parse.
      add('open_to_pixels_cached_ms.median', median(cached.map((o) => o.totalMs)), 'ms');
      add('open_to_pixels_cached_ms.p95', p95(cached.map((o) => o.totalMs)), 'ms');
      add('open_cached.from_cache', cached.filter((o) => o.cached).length / cached.length, 'ratio');
    }
  } else if (opens.some((o) => o.parseMs !== undefined)) {
    add('main_thread_parse_ms.median', median(opens.map((o) => o.parseMs ?? NaN)), 'ms');
  }
  panMetrics(add, 'pan_whole', run.panWhole, seats === 100_000 ? { frame: 100, js: 2 } : null);
  // The like-for-like figure (every seat drawn, whatever the level of detail would do): PERFORMANCE.md, issue 39.
  panMetrics(add, 'pan_whole_all_seats', run.panWholeAllSeats, seats >= 100_000 ? { frame: 33, js: null } : null);
  const zoomedOnScreen = run.panZoomed?.seatsOnScreen ?? Infinity;
  panMetrics(add, 'pan_zoomed', run.panZoomed, zoomedOnScreen <= 5000 ? { frame: 33, js: null } : null);
  if (run.hover && run.hover.ms.length > 0) {
    add('hover_ms.p99', p99(run.hover.ms), 'ms');
    add('hover_ms.median', median(run.hover.ms), 'ms');
    add('hover.samples', run.hover.n, 'samples');
    add('hover.hit_rate', run.hover.hits / Math.max(1, run.hover.n), 'fraction');
    // 1: the page was cross-origin isolated (clock steps of 5 µs); 0: steps of 0.1 ms, p99 a few steps at 20k.
    if (run.hover.isolated !== undefined) add('hover.fine_clock', run.hover.isolated ? 1 : 0, 'boolean');
  }
  const selects = run.selects.filter((s) => s.selected > 0);
  if (selects.length > 0) {
    add('select_row_ms.p95', p95(selects.map((s) => s.ms)), 'ms', 50);
    add('select_row_ms.median', median(selects.map((s) => s.ms)), 'ms');
    add('select_row_js_ms.p95', p95(selects.map((s) => s.jsMs)), 'ms');
    add('select_row.samples', selects.length, 'samples');
  }
  const clicks = run.clicks.filter((c) => c.selected > 0);
  if (clicks.length > 0) {
    const unreported = clicks.some((c) => !c.reported) ? ' (some under 16 ms, counted as 16)' : '';
    add('click_row_ms.p95', p95(clicks.map((c) => c.ms)), `ms${unreported}`);
    add('click_row_ms.median', median(clicks.map((c) => c.ms)), `ms${unreported}`);
    add('click_row_handlers_ms.p95', p95(clicks.map((c) => c.processingMs)), 'ms');
    add('click_row.samples', clicks.length, 'samples');
    if (clicks.length < run.clicks.length) add('click_row.missed', run.clicks.length - clicks.length, 'clicks');
  }
  if (run.recolors.length > 0) {
    const js = run.recolors.map((r) => r.jsMs);
    const total = sum(js, run.recolors.map((r) => r.nextRenderJsMs));
    add('recolor_ms.p95', p95(total), 'ms', 10);
    add('recolor_ms.median', median(total), 'ms');
    add('recolor_set_ms.p95', p95(js), 'ms');
    add('recolor.samples', run.recolors.length, 'samples');
  }
  if (run.phases.length > 0 && run.notes.every((n) => !n.includes('later cases not run'))) {
    const inPhases = (names: (name: string) => boolean) =>
      run.longTasks.filter((t) => run.phases.some((ph) => names(ph.name) && t.start >= ph.from && t.start < ph.to));
    if (run.phases.some((ph) => ph.name === 'user_session')) {
      const user = inPhases((n) => USER_PHASES.has(n));
      add('long_tasks.count', user.length, 'tasks', 0);
      add('long_tasks.max_ms', user.reduce((m, t) => Math.max(m, t.duration), 0), 'ms', 50);
    }
    // The browser putting our first render on screen (first render → the open's pixels): inside open_to_pixels.
    const presenting = inPhases((n) => n === 'first_presentation');
    add('long_tasks.before_pixels.count', presenting.length, 'tasks');
    add('long_tasks.before_pixels.max_ms', presenting.reduce((m, t) => Math.max(m, t.duration), 0), 'ms');
    const measuring = inPhases((n) => !USER_PHASES.has(n) && n !== 'heap' && n !== 'first_presentation');
    add('long_tasks.measuring_phases.count', measuring.length, 'tasks');
    add('long_tasks.measuring_phases.max_ms', measuring.reduce((m, t) => Math.max(m, t.duration), 0), 'ms');
  }
  if (run.heap) {
    const js = (run.heap.pageMB ?? 0) + run.heap.workersMB;
    add('heap_js_mb', js, 'MB', seats === 200_000 ? 150 : null);
    add('heap_dom_mb', run.heap.domMB, 'MB');
    add('heap_total_mb', js + run.heap.domMB, 'MB');
    if (run.renderer === 'ours') add('heap_worker_mb', run.heap.workersMB, 'MB');
  }
  return out;
}

type Add = (figure: string, value: number | undefined, unit: string, budget?: number | null) => void;

function panMetrics(add: Add, name: string, pan: PanRun | undefined, budget: { frame: number; js: number | null } | null): void {
  if (!pan || pan.frameMs.length === 0) return;
  add(`${name}_frame_ms.p95`, p95(pan.frameMs), 'ms', budget?.frame ?? null);
  add(`${name}_frame_ms.median`, median(pan.frameMs), 'ms');
  // Frame times come in whole vsyncs: the share over 20 ms is the figure (PERFORMANCE.md, zoomed in: at most 10 %).
  add(`${name}.missed_vsync_pct`, missedVsyncPct(pan.frameMs), '%', name === 'pan_zoomed' && budget ? 10 : null);
  add(`${name}_js_ms.p95`, p95(pan.jsMs), 'ms', budget?.js ?? null);
  if (pan.frameWorkMs) add(`${name}_main_ms.p95`, p95(sum(pan.jsMs, pan.frameWorkMs)), 'ms');
  if (pan.gpuMs && pan.gpuMs.length > 0) add(`${name}_gpu_ms.p95`, p95(pan.gpuMs), 'ms');
  add(`${name}.frames`, pan.frameMs.length, 'frames');
  add(`${name}.seats_on_screen`, pan.seatsOnScreen, 'seats');
  if (pan.seatsDrawn !== undefined) add(`${name}.seats_drawn`, pan.seatsDrawn ? 1 : 0, 'yes=1');
}

/** Share of frame intervals over 20 ms (a vsync missed at 60 Hz), in per cent. */
export function missedVsyncPct(frameMs: readonly number[]): number {
  if (frameMs.length === 0) return 0;
  return (frameMs.filter((ms) => ms > 20).length / frameMs.length) * 100;
}

export function navigationMetrics(seats: number, runs: NavigationRun[]): Metric[] {
  if (runs.length === 0) return [];
  const warm = runs.length > 1 ? runs.slice(1) : runs;
  const pixels = warm.map((r) => r.navToPixelsMs);
  return [
    metric('navigation_to_pixels_ms.median', seats, median(pixels), 'ms', NAVIGATION_BUDGET_MS),
    metric('navigation_to_pixels_ms.p95', seats, p95(pixels), 'ms', NAVIGATION_BUDGET_MS),
    metric('navigation_to_pixels_ms.cold', seats, runs[0]!.navToPixelsMs, 'ms', null),
    metric('navigation_to_first_render_ms.median', seats, median(warm.map((r) => r.navToFirstRenderMs)), 'ms', null),
    metric('navigation.dom_content_loaded_ms.median', seats, median(warm.map((r) => r.domContentLoadedMs)), 'ms', null),
    metric('navigation.worker_load_ms.median', seats, median(warm.map((r) => r.parseMs)), 'ms', null),
    metric('navigation.first_frame_ms.median', seats, median(warm.map((r) => r.firstFrameMs)), 'ms', null),
    metric('navigation.generate_excluded_ms.median', seats, median(warm.map((r) => r.generateMs)), 'ms', null),
    metric('navigation.runs', seats, runs.length, 'runs', null),
  ];
}

export function browserMetrics(bench: MapBenchRun): Metric[] {
  const out = bench.runs.flatMap(runMetrics);
  for (const b of bench.baselines) {
    if (b.frameMs.length === 0) continue;
    const suffix = b.profile === 'webgl' ? '' : '.peers_best';
    out.push(metric(`baseline_frame_ms.p95${suffix}`, null, p95(b.frameMs), 'ms', null), metric(`baseline_frame_ms.median${suffix}`, null, median(b.frameMs), 'ms', null));
    // The bare page's share of missed vsyncs in the same run: the machine's floor beside pan_zoomed.missed_vsync_pct.
    out.push(metric(`baseline.missed_vsync_pct${suffix}`, null, missedVsyncPct(b.frameMs), '%', null));
  }
  if (bench.navigation) out.push(...navigationMetrics(bench.navigation.seats, bench.navigation.runs));
  return out;
}
