/** Writes the map bench's files into bench/results/: metrics JSON, every raw sample, and the chart page. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Metric } from '../../lib/metric';
import type { MapBenchRun } from '../peers/node/results';
import { chartHtml } from './writeChartHtml';

/**
 * `name` is `map-latest` for a full run; runs with options (fewer sizes, profiles or peers, --quick) write
 * `map-partial` so they never replace the full run's files.
 */
export function writeReports(name: string, metrics: readonly Metric[], bench: MapBenchRun, peers: readonly string[], explanations: string[] = []): string[] {
  const dir = new URL('../../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    [`${name}.json`, `${JSON.stringify(metrics, null, 2)}\n`],
    [`${name}-raw.json`, `${JSON.stringify(bench)}\n`],
    [
      `${name}.html`,
      chartHtml(metrics, peers, [
        `Run ${bench.startedAt}, ${(bench.durationMs / 60000).toFixed(1)} min, load average at start ${bench.load.map((l) => l.toFixed(1)).join(' ')}.`,
        ...explanations,
      ]),
    ],
  ];
  return files.map(([name, text]) => {
    const url = new URL(name, dir);
    writeFileSync(url, text);
    return fileURLToPath(url).replace(/^.*?(bench\/results\/)/, '$1');
  });
}
