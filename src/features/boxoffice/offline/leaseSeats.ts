import { standingName } from '../../../domain/places';
import type { KitSeat, KitStanding, LoggedSale } from './counterStore';

export const seatKey = (s: { section: string; row?: string; seat?: string }) => `${s.section}|${s.row ?? ''}|${s.seat ?? ''}`;

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

/**
 * An area's places for the kit (standingLeft takes the log's sales from it): the server's unsold places of the lease plus
 * the places of this counter's replayed offline sales, which the server counts as sold and the log subtracts again.
 * A ticket refunded or voided while the lease runs is back in the lease (the server lowers its sold count), so the
 * server's count can be below what was replayed: the place is for sale again, offline too.
 */
export const kitStandingBase = (area: { places: number; sold: number }, replayedPlaces: number): number =>
  area.places - area.sold + replayedPlaces;

/** A standing area of the lease with the places still for sale offline. */
export interface StandingLeft extends KitStanding { left: number }

/**
 * The lease's standing places left offline: per area, the kit's places (less those sold online when it was saved)
 * less the places this counter sold offline from the lease (sent or not; a sale the server refused outright sold none).
 */
export function standingLeft(standing: readonly KitStanding[], log: readonly LoggedSale[], leaseId: number | undefined): StandingLeft[] {
  const sold = new Map<string, number>();
  for (const s of log) {
    if (s.status === 'refused' || s.lease !== leaseId) continue;
    for (const t of s.tickets) if (t.row === undefined) sold.set(t.section, (sold.get(t.section) ?? 0) + 1);
  }
  return standing.map((a) => ({ ...a, left: Math.max(0, a.base - (sold.get(a.section) ?? 0)) }));
}

/** How a ticket of the log names its place: "A, row 3, seat 12" or "Floor (standing), place 2". */
export const placeLabel = (t: { section: string; row?: string; seat?: string; place?: number }) =>
  (t.row === undefined ? `${standingName(t.section)}, place ${t.place ?? ''}` : `${t.section}, row ${t.row}, seat ${t.seat ?? ''}`);
