/**
 * Ours against each peer, same venue, same run, same flags: ratio = peer's figure / ours, so higher is better and
 * 2 means "we take half the time". The budget of a ratio is a minimum (PERFORMANCE.md: ahead on every figure at
 * 20k, 100k and 200k; at 100k ≥ 2× on whole-venue frame p95 and ≥ 3× on zoomed-in frame p95; open → pixels cold
 * ≥ 1.0× at 20k and ≥ 1.5× at 100k and 200k (issue 39); ≥ 3× at 100k on open → pixels with our model cached),
 * so `within_budget` is value ≥ budget here, unlike every other metric.
 */
import type { Metric } from '../../lib/metric';

export const RATIO_SIZES = [20_000, 100_000, 200_000];

interface RatioFigure {
  key: string;
  peer: string;
  ours: string;
  /** Minimum by seat count (a size not named: 1, ahead); null = shown for information, no budget. */
  min?: Partial<Record<number, number>> | null;
  what: string;
}

export const RATIO_FIGURES: RatioFigure[] = [
  { key: 'open_to_pixels', peer: 'open_to_pixels_ms.median', ours: 'open_to_pixels_ms.median', min: { 100_000: 1.5, 200_000: 1.5 }, what: 'open → pixels on screen from the SVG\'s bytes, as a download hands them over (ours: transferred to the worker, decoded and parsed there + hand-over + engine; peers: decoded and parsed by the same importer on the main thread + mount)' },
  { key: 'open_to_pixels_cached', peer: 'open_to_pixels_ms.median', ours: 'open_to_pixels_cached_ms.median', min: { 100_000: 3 }, what: 'open → pixels, ours with the model in the browser\'s model cache (a reopen: the map downloaded from a URL, its body skipped, no parse) against the peers\' open from the SVG\'s bytes (they keep nothing between opens)' },
  { key: 'first_frame', peer: 'first_frame_ms.median', ours: 'first_frame_ms.median', what: 'renderer created → pixels on screen (data in hand)' },
  { key: 'first_frame_main', peer: 'first_frame_main_ms.median', ours: 'first_frame_main_ms.median', what: 'renderer created → first frame done on the main thread' },
  { key: 'pan_whole_frame_p95', peer: 'pan_whole_frame_ms.p95', ours: 'pan_whole_frame_ms.p95', min: { 100_000: 2 }, what: 'whole venue, frame p95 (ours as users see it: level of detail)' },
  { key: 'pan_whole_all_seats_frame_p95', peer: 'pan_whole_frame_ms.p95', ours: 'pan_whole_all_seats_frame_ms.p95', min: null, what: 'whole venue, frame p95, ours drawing every seat too (like for like)' },
  { key: 'pan_whole_main_p95', peer: 'pan_whole_main_ms.p95', ours: 'pan_whole_js_ms.p95', what: 'whole venue, main thread per frame p95 (peers: JS + style/layout/paint)' },
  { key: 'pan_zoomed_frame_p95', peer: 'pan_zoomed_frame_ms.p95', ours: 'pan_zoomed_frame_ms.p95', min: { 100_000: 3 }, what: 'zoomed in, frame p95' },
  { key: 'pan_zoomed_main_p95', peer: 'pan_zoomed_main_ms.p95', ours: 'pan_zoomed_js_ms.p95', what: 'zoomed in, main thread per frame p95' },
  { key: 'hover_p99', peer: 'hover_ms.p99', ours: 'hover_ms.p99', what: 'hover → seat found, p99 (ours: pointer event → seatHover, the index queried on the main thread)' },
  { key: 'click_row_p95', peer: 'click_row_ms.p95', ours: 'click_row_ms.p95', what: 'shift-click a row with the mouse → next frame presented, p95 (the browser’s Event Timing: one measure for every renderer)' },
  { key: 'select_row_p95', peer: 'select_row_ms.p95', ours: 'select_row_ms.p95', min: null, what: 'shift-click row → selection drawn, p95, each renderer’s own end point (ours until the GPU finished; DOM peers until their main-thread frame work is done, rasterisation not included): information, not like for like' },
  { key: 'select_row_main_p95', peer: 'select_row_ms.p95', ours: 'select_row_js_ms.p95', min: null, what: 'shift-click row → main thread done, p95 (ours: selection applied and render call returned): like for like with the DOM peers' },
  { key: 'recolor_p95', peer: 'recolor_ms.p95', ours: 'recolor_ms.p95', what: 're-colour every seat → next frame’s work, p95' },
  { key: 'heap_total', peer: 'heap_total_mb', ours: 'heap_total_mb', what: 'memory with the map open (JS incl. workers + DOM)' },
];

/** A figure's minimum ratio at a size, or null when it is shown for information. */
export const ratioBudget = (f: RatioFigure, seats: number): number | null => (f.min === null ? null : f.min?.[seats] ?? 1);

export function ratioMetrics(metrics: readonly Metric[], peers: readonly string[]): Metric[] {
  const find = (name: string, seats: number) => metrics.find((m) => m.metric === name && m.seats === seats);
  const out: Metric[] = [];
  for (const suffix of ['', '.peers_best']) {
    for (const seats of RATIO_SIZES) {
      for (const peer of peers) {
        for (const f of RATIO_FIGURES) {
          const ours = find(`${f.ours}${suffix}`, seats);
          const theirs = find(`${f.peer}.${peer}${suffix}`, seats);
          if (!ours || !theirs || !(ours.value > 0)) continue;
          // Judged on the value as printed (two decimals): frame times are whole vsync steps, so an exact 3× can
          // come out as 2.9999 from timestamp jitter.
          const value = Math.round((theirs.value / ours.value) * 100) / 100;
          const budget = ratioBudget(f, seats);
          const atLeast = theirs.unit.includes('at least');
          out.push({
            metric: `ratio.${f.key}.${peer}${suffix}`,
            seats,
            value,
            unit: atLeast ? '× (at least: the peer timed out)' : '×',
            budget,
            within_budget: budget === null ? null : value >= budget,
          });
        }
      }
    }
  }
  return out;
}
