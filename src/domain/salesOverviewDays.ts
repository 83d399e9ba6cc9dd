/**
 * Day filling for the sales overview charts (002 §2), run by the sales overview page while rendering (and by the
 * reports worker's API). The API answers tables whose first row is a header
 * (["Date", "Sales", ...]) and whose other rows start with a YYYY-MM-DD day; days without sales are simply absent.
 * The charts need one point per day, so every missing day from `from` to `to` is added:
 * - isolated: the day had nothing, so zeros;
 * - accumulated: the running totals did not move, so the previous day's values (zeros before any data).
 */
import { eachIsoDay, parseIsoDay } from './dates';

export type FillMode = 'isolated' | 'accumulated';
/** A day row: the day (YYYY-MM-DD, possibly followed by a time) and one value per series. */
export type DayRow = readonly [day: string, ...values: number[]];
/** The first row is the header: the day column's title, then one title per series. */
export type SalesOverviewTable = readonly [header: readonly string[], ...days: DayRow[]];

const DAY_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/**
 * One row per day from `from` to `to` (both included, YYYY-MM-DD), in day order, keeping the given rows as they are.
 * Rows outside the range are kept (in order) rather than dropped, so nothing the server sent disappears; a later row
 * for the same day replaces an earlier one.
 */
export function fillDays(table: SalesOverviewTable, from: string, to: string, mode: FillMode): SalesOverviewTable {
  if (!parseIsoDay(from) || !parseIsoDay(to)) {
    throw new RangeError(`The report period must be two YYYY-MM-DD days; got ${from} to ${to}.`);
  }
  if (to < from) throw new RangeError(`The report period ends (${to}) before it starts (${from}).`);
  const [header, ...data] = table;
  const width = Math.max(0, header.length - 1);

  const byDay = new Map<string, DayRow>();
  data.forEach((row, i) => byDay.set(dayOf(row, i + 1), row));
  const days = new Set(eachIsoDay(from, to));
  for (const day of byDay.keys()) days.add(day);
  // YYYY-MM-DD sorts as text in calendar order.
  const ordered = [...days].sort();

  const zeros: number[] = new Array<number>(width).fill(0);
  const out: DayRow[] = [];
  let previous: readonly number[] = zeros;
  for (const day of ordered) {
    const given = byDay.get(day);
    if (given) {
      out.push(given);
      previous = given.slice(1) as number[];
      continue;
    }
    const values = mode === 'accumulated' ? zeros.map((_, i) => previous[i] ?? 0) : zeros.slice();
    out.push([day, ...values]);
  }
  return [header, ...out];
}

function dayOf(row: DayRow, index: number): string {
  const cell: unknown = row[0];
  const day = typeof cell === 'string' && DAY_PREFIX.test(cell) ? cell.slice(0, 10) : null;
  if (day === null || !parseIsoDay(day)) {
    throw new RangeError(`Sales overview row ${index} does not start with a YYYY-MM-DD day: ${JSON.stringify(cell)}.`);
  }
  return day;
}
