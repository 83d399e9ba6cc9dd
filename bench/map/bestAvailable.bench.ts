// Best available at 100k seats: `node --import tsx bench/map/bestAvailable.bench.ts`.
// One section of 250 rows × 400 seats, 70% sold in a fixed pattern (no Math.random), so blocks are scarce at the
// front and the search walks every row; then the worst case: every seat taken but the last row's far end.
import { bestAvailable, rankBlocks, type BestRow } from '../../src/domain/bestAvailable';

const ROWS = 250;
const PER_ROW = 400;
function section(freeAt: (r: number, i: number) => boolean): BestRow[] {
  const rows: BestRow[] = [];
  for (let r = 0; r < ROWS; r++) {
    const row = [];
    for (let i = 0; i < PER_ROW; i++) row.push({ id: r * PER_ROW + i, free: freeAt(r, i) });
    rows.push(row);
  }
  return rows;
}

function time(label: string, run: () => unknown, times = 50) {
  for (let i = 0; i < 5; i++) run();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
  console.log(`${label}: median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms (${ROWS * PER_ROW} seats, ${times} runs)`);
}

const busy = section((r, i) => (r * 7 + i * 13) % 10 >= 7 || (r > 200 && i % 50 < 6));
const full = section((r, i) => r === ROWS - 1 && i >= PER_ROW - 4);
time('best 4, 70% sold', () => bestAvailable(busy, 4));
time('best 4 + 5 alternatives (Tab), 70% sold', () => rankBlocks(busy, 4, 6));
time('best 4, only the last 4 seats free', () => bestAvailable(full, 4));
const threes = section((r, i) => (r + i) % 4 !== 0);
time('best 8 where no row holds 8 together (split into blocks)', () => bestAvailable(threes, 8));
