import type { KitSeat } from './counterStore';

export const seatKey = (s: { section: string; row: string; seat: string }) => `${s.section}|${s.row}|${s.seat}`;

/** The lease's seats this counter has not sold: neither before the kit was saved nor offline since (`soldKeys`). */
export const unsoldSeats = (seats: readonly KitSeat[], soldKeys: ReadonlySet<string>) => seats.filter((s) => !soldKeys.has(seatKey(s)));

/**
 * The best `n` seats of the lease offline: the first run of `n` seats side by side in one row (consecutive map
 * indexes, rows front first as the lease lists them), else the first `n` of one section, else null. The same idea as
 * the counter's best available, on the lease only.
 */
export function pickLeaseSeats(unsold: readonly KitSeat[], n: number): KitSeat[] | null {
  if (n < 1) return null;
  const sorted = [...unsold].sort((a, b) => a.seat_index - b.seat_index);
  for (let i = 0; i + n <= sorted.length; i++) {
    const run = sorted.slice(i, i + n);
    if (run.every((s, k) => s.section === run[0]!.section && s.row === run[0]!.row && (k === 0 || s.seat_index === run[k - 1]!.seat_index + 1))) return run;
  }
  const bySection = new Map<string, KitSeat[]>();
  for (const s of sorted) bySection.set(s.section, [...(bySection.get(s.section) ?? []), s]);
  const section = [...bySection.values()].find((seats) => seats.length >= n);
  return section ? section.slice(0, n) : null;
}
