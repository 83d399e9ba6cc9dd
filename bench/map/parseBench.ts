/**
 * Venue import bench (PERFORMANCE.md, seat map): parse + index of generated canonical venues of 1k, 20k, 100k and
 * 200k seats in Node (the worker's pure core, as the worker and the server run it), then the index queries the
 * console makes: hover hit-test (seatAt, and sectionAt which hover also asks), row selection and box selection.
 * Each case runs several times in one warmed process, and three times cold in fresh processes (coldParseMs); medians
 * and p95/p99 are printed beside the budgets. The machine is shared, so CPU time is reported beside wall time (load
 * inflates wall time, much less CPU time).
 * Run: `node --import tsx bench/map/parseBench.ts` (writes bench/results/map-parse.json too).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatMetrics, median, metric, percentile, type Metric } from '../lib/metric';
import { generateVenue } from '../venues/generateVenue';
import { parseVenueSvg } from '../../workers/venue-map/parseVenueSvg';
import { createVenueIndex } from '../../workers/venue-map/venueIndex';
import type { VenueIndexQueries, VenueModel } from '../../workers/venue-map/venueModel';

const SIZES = [1_000, 20_000, 100_000, 200_000];
const PARSE_BUDGET_MS: Record<number, number> = { 100_000: 250, 200_000: 500 };
const HIT_TEST_BUDGET_MS = 0.05;
const RUNS: Record<number, number> = { 1_000: 15, 20_000: 9, 100_000: 7, 200_000: 5 };
/** Fresh processes per size for the cold figure (each costs a Node start and a venue generation). */
const COLD_RUNS = 3;

export interface ParseBenchOptions {
  sizes?: number[];
  /** Runs per size (default: 15 for 1k down to 5 for 200k). */
  runs?: number;
  /** Cold runs per size, each in a fresh Node process (default 3; 0 skips them). */
  coldRuns?: number;
}

function cpuMs(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

/** A deterministic stream of numbers in [0, 1) so every run asks the same questions. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function timeQueries(count: number, ask: (k: number) => void): Float64Array {
  const times = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    ask(k);
    times[k] = performance.now() - t0;
  }
  return times;
}

function queryMetrics(seats: number, model: VenueModel, index: VenueIndexQueries): Metric[] {
  const random = lcg(seats);
  const { minX, minY, maxX, maxY } = model.viewBox;
  const w = maxX - minX, h = maxY - minY;
  // Half the hover points on or next to a seat, half anywhere on the map (hovering aisles and the floor).
  const points = new Float64Array(40_000);
  for (let k = 0; k < points.length; k += 2) {
    if (k % 4 === 0 && model.seatCount > 0) {
      const i = Math.floor(random() * model.seatCount);
      points[k] = model.seatX[i]! + (random() - 0.5) * 3 * model.seatRadius[i]!;
      points[k + 1] = model.seatY[i]! + (random() - 0.5) * 3 * model.seatRadius[i]!;
    } else {
      points[k] = minX + random() * w;
      points[k + 1] = minY + random() * h;
    }
  }
  const n = points.length / 2;
  timeQueries(n, (k) => index.seatAt(points[2 * k]!, points[2 * k + 1]!));
  const seatAt = timeQueries(n, (k) => index.seatAt(points[2 * k]!, points[2 * k + 1]!));
  const sectionAt = timeQueries(n, (k) => index.sectionAt(points[2 * k]!, points[2 * k + 1]!));
  // Box selection: a rubber band of about 5% of the map's width, anywhere.
  const rect = timeQueries(500, () => {
    const x = minX + random() * w, y = minY + random() * h;
    index.seatsInRect(x, y, x + w * 0.05, y + w * 0.05);
  });
  return [
    metric('hit_test.seat_at.p99', seats, percentile(seatAt, 99), 'ms', HIT_TEST_BUDGET_MS),
    metric('hit_test.seat_at.median', seats, median(seatAt), 'ms', null),
    metric('hit_test.section_at.p99', seats, percentile(sectionAt, 99), 'ms', HIT_TEST_BUDGET_MS),
    metric('index.seats_in_rect.p95', seats, percentile(rect, 95), 'ms', null),
  ];
}

/**
 * The first parse in a fresh process, where the JIT has not compiled the importer yet: what the console's worker
 * pays, since it is started for one map and parses it once (PERFORMANCE.md's budget is for this case). Wall time,
 * CPU time of the whole process (JIT and GC threads included) and of the main thread alone, per run.
 */
function coldParse(seats: number, runs: number): { wall: number[]; cpu: number[]; mainCpu: number[] } {
  const script = fileURLToPath(new URL('./coldParse.ts', import.meta.url));
  const wall: number[] = [], cpu: number[] = [], mainCpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, String(seats)], { encoding: 'utf8' });
    const figures = JSON.parse(out.trim().split('\n').pop()!) as { totalMs: number; cpuMs: number; mainCpuMs: number | null };
    wall.push(figures.totalMs);
    cpu.push(figures.cpuMs);
    if (figures.mainCpuMs !== null) mainCpu.push(figures.mainCpuMs);
  }
  return { wall, cpu, mainCpu };
}

export async function runParseBench(options: ParseBenchOptions = {}): Promise<Metric[]> {
  const metrics: Metric[] = [];
  // Warm the JIT on a mid-size venue first so the first measured size is not charged for compilation.
  const warm = generateVenue({ seats: 20_000, seed: 99 }).svg;
  for (let k = 0; k < 3; k++) createVenueIndex(parseVenueSvg(warm).model);
  for (const seats of options.sizes ?? SIZES) {
    const { svg } = generateVenue({ seats, seed: 1 });
    const runs = options.runs ?? RUNS[seats] ?? 5;
    const total: number[] = [], parse: number[] = [], build: number[] = [], cpu: number[] = [];
    let model: VenueModel | null = null;
    let index: VenueIndexQueries | null = null;
    for (let run = 0; run < runs; run++) {
      model = null;
      index = null;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      model = parseVenueSvg(svg).model;
      const t1 = performance.now();
      index = createVenueIndex(model);
      const t2 = performance.now();
      cpu.push(cpuMs(cpu0));
      parse.push(t1 - t0);
      build.push(t2 - t1);
      total.push(t2 - t0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const budget = PARSE_BUDGET_MS[seats] ?? null;
    const cold = coldParse(seats, options.coldRuns ?? COLD_RUNS);
    metrics.push(
      metric('parse_and_index.median', seats, median(total), 'ms', budget),
      metric('parse_and_index.p95', seats, percentile(total, 95), 'ms', budget),
      metric('parse_and_index.cpu_median', seats, median(cpu), 'ms cpu', null),
      ...(cold.wall.length > 0 ? [
        // PERFORMANCE.md's budget is for a fresh process; on a loaded machine read the CPU figures beside it.
        metric('parse_and_index.cold_median', seats, median(cold.wall), 'ms', budget),
        metric('parse_and_index.cold_cpu_median', seats, median(cold.cpu), 'ms cpu', null),
      ] : []),
      ...(cold.mainCpu.length > 0
        ? [metric('parse_and_index.cold_main_thread_cpu_median', seats, median(cold.mainCpu), 'ms cpu', null)] : []),
      metric('parse.median', seats, median(parse), 'ms', null),
      metric('index_build.median', seats, median(build), 'ms', null),
      metric('svg_size', seats, svg.length / 1_048_576, 'MB', null),
      ...queryMetrics(seats, model!, index!),
    );
  }
  return metrics;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const metrics = await runParseBench();
  console.log(`Venue import bench (Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)})\n`);
  console.log(formatMetrics(metrics));
  const out = new URL('../results/', import.meta.url);
  mkdirSync(out, { recursive: true });
  writeFileSync(new URL('map-parse.json', out), `${JSON.stringify(metrics, null, 2)}\n`);
}
