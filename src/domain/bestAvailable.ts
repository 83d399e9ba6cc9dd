/**
 * Best available (issue 18, "the counter at speed"): the best N adjacent free seats of a section, nearest its
 * front-centre, in one row when possible. Pure and linear in the number of seats (one sliding window per row), so a
 * 100k-seat section answers in milliseconds (bench/map/bestAvailable.bench.ts).
 *
 * Rows come front first; a row's seats in their order along the row. Adjacent means next to each other in that
 * order. A block's cost is ROW_WEIGHT per row back plus its centre's distance from the row's centre in seats: one
 * row further back is worth two seats off-centre (a decision the spec leaves open: docs/boxoffice.md).
 */

export interface BestRowSeat {
  /** What the caller wants back (a seat index of the map, an id). */
  id: number;
  /** Free and reservable now (not taken, hidden, unpriced or function-varied). */
  free: boolean;
}

export type BestRow = readonly BestRowSeat[];

export const ROW_WEIGHT = 2;

export interface Block {
  row: number;
  /** Position of the first seat in its row. */
  start: number;
  ids: number[];
  cost: number;
}

/**
 * The up to `limit` best blocks of exactly `n` adjacent free seats, cheapest first (ties: front, then left); seats
 * whose id is in `exclude` count as taken.
 */
export function rankBlocks(rows: readonly BestRow[], n: number, limit = 1, exclude?: ReadonlySet<number>): Block[] {
  if (!Number.isInteger(n) || n < 1 || limit < 1) return [];
  const best: { row: number; start: number; cost: number }[] = [];
  for (let r = 0; r < rows.length; r++) {
    const seats = rows[r]!;
    if (seats.length < n) continue;
    const centre = (seats.length - 1) / 2;
    let run = 0;
    for (let i = 0; i < seats.length; i++) {
      run = seats[i]!.free && !exclude?.has(seats[i]!.id) ? run + 1 : 0;
      if (run < n) continue;
      const start = i - n + 1;
      const cost = r * ROW_WEIGHT + Math.abs(start + (n - 1) / 2 - centre);
      if (best.length === limit && cost >= best[best.length - 1]!.cost) continue;
      // Insert in order (limit is small: a few alternatives for Tab).
      let at = best.length;
      while (at > 0 && best[at - 1]!.cost > cost) at--;
      best.splice(at, 0, { row: r, start, cost });
      if (best.length > limit) best.pop();
    }
  }
  return best.map((b) => ({ ...b, ids: rows[b.row]!.slice(b.start, b.start + n).map((s) => s.id) }));
}

/**
 * The best N seats: one block of N adjacent seats when one exists; otherwise the fewest, best blocks that together
 * make N (largest block first, each the best of its size among the seats still free). Null when fewer than N seats
 * are free.
 */
export function bestAvailable(rows: readonly BestRow[], n: number): number[] | null {
  if (!Number.isInteger(n) || n < 1) return null;
  const one = rankBlocks(rows, n)[0];
  if (one) return one.ids;
  let freeCount = 0;
  for (const row of rows) for (const s of row) if (s.free) freeCount++;
  if (freeCount < n) return null;
  const taken = new Set<number>();
  const picked: number[] = [];
  let left = n;
  let size = n - 1;
  while (left > 0 && size > 0) {
    const block = rankBlocks(rows, Math.min(size, left), 1, taken)[0];
    if (!block) {
      size = Math.min(size, left) - 1;
      continue;
    }
    for (const id of block.ids) taken.add(id);
    picked.push(...block.ids);
    left -= block.ids.length;
    size = Math.min(size, left);
  }
  return left === 0 ? picked : null;
}
