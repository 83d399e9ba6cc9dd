import { SHIFT_CLOSES_PER_PAGE, type ShiftCloseReportRow, type ShiftClosesResponse } from '../../src/contracts/reports';
import { sekFromOre } from '../../src/domain/money';
import { venueDateTime } from '../../src/domain/venueClock';
import { buildCsv } from '../../workers/reports/buildCsv';
import type { Queryable } from '../db/database';

/**
 * The back office's report of the counters' shift closes (docs/boxoffice.md "Shift closes report"): every close of a
 * period of venue days (Stockholm), optionally of one operator, with the counter's sales by tender and the drawer's
 * count, and their totals summed in SQL (öre). The closes are written by closeShift (counterShift.ts).
 */
export interface ShiftCloseFilter {
  /** First and last venue day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  userId: number | null;
}

const OPERATOR = `coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), nullif(u.name, ''), u.email, '')`;
/** The period's closes: closed on a venue day from `from` to `to` (the day after `to` excluded). */
const WHERE = `c.closed_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Stockholm')
  AND c.closed_at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Stockholm')
  AND ($3::bigint IS NULL OR c.user_id = $3)`;

interface CloseRow {
  id: number; user_id: number; operator: string; box_office: string; opened_at: Date | string; closed_at: Date | string;
  expected: number; counted: number; difference: number; card: number; other: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function amounts(o: { expected: number; counted: number; difference: number; card: number; other: number }) {
  const [expected, counted, difference, card, other] = [o.expected, o.counted, o.difference, o.card, o.other].map(Number) as [number, number, number, number, number];
  return {
    cash_expected: sekFromOre(expected), cash_counted: sekFromOre(counted), cash_difference: sekFromOre(difference),
    card: sekFromOre(card), other: sekFromOre(other), total: sekFromOre(expected + card + other),
  };
}

/** A page of the JSON answer: `page` from 1, `perPage` closes. */
export interface ShiftClosePage { page: number; perPage: number }

async function closeRows(db: Queryable, f: ShiftCloseFilter, paging: ShiftClosePage | null): Promise<CloseRow[]> {
  const { rows } = await db.query<CloseRow>(
    `SELECT c.id::int, c.user_id::int, ${OPERATOR} AS operator, u.name AS box_office, c.opened_at, c.closed_at,
            c.expected_cash_ore AS expected, c.counted_cash_ore AS counted, c.difference_ore AS difference, c.card_ore AS card, c.other_ore AS other
       FROM counter_shift_closes c JOIN users u ON u.id = c.user_id
      WHERE ${WHERE}
      ORDER BY c.closed_at DESC, c.id DESC
      ${paging === null ? '' : 'LIMIT $4 OFFSET $5'}`,
    paging === null ? [f.from, f.to, f.userId] : [f.from, f.to, f.userId, paging.perPage, (paging.page - 1) * paging.perPage],
  );
  return rows;
}

const toRow = (r: CloseRow): ShiftCloseReportRow => ({
  id: Number(r.id), operator_id: Number(r.user_id), operator: r.operator, box_office: r.box_office,
  opened_at: iso(r.opened_at), closed_at: iso(r.closed_at), ...amounts(r),
});

/**
 * One page of the closes (newest first; the id breaks a tie, so a close is on exactly one page) with the totals of the
 * whole filter: the pager's count is `totals.closes`.
 */
export async function shiftCloseReport(db: Queryable, f: ShiftCloseFilter, paging: ShiftClosePage = { page: 1, perPage: SHIFT_CLOSES_PER_PAGE }): Promise<ShiftClosesResponse> {
  const [rows, totals, operators] = await Promise.all([
    closeRows(db, f, paging),
    db.query<{ closes: number; short: number; over: number; expected: number; counted: number; difference: number; card: number; other: number }>(
      `SELECT count(*)::int AS closes, count(*) FILTER (WHERE c.difference_ore < 0)::int AS short, count(*) FILTER (WHERE c.difference_ore > 0)::int AS over,
              coalesce(sum(c.expected_cash_ore), 0)::bigint AS expected, coalesce(sum(c.counted_cash_ore), 0)::bigint AS counted,
              coalesce(sum(c.difference_ore), 0)::bigint AS difference, coalesce(sum(c.card_ore), 0)::bigint AS card, coalesce(sum(c.other_ore), 0)::bigint AS other
         FROM counter_shift_closes c WHERE ${WHERE}`,
      [f.from, f.to, f.userId],
    ),
    db.query<{ id: number; name: string }>(
      `SELECT u.id::int, ${OPERATOR} AS name FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM counter_shift_closes) ORDER BY 2, 1`,
    ),
  ]);
  const t = totals.rows[0]!;
  return {
    data: rows.map(toRow),
    page: paging.page,
    per_page: paging.perPage,
    totals: { closes: Number(t.closes), short: Number(t.short), over: Number(t.over), ...amounts(t) },
    operators: operators.rows.map((o) => ({ id: Number(o.id), name: o.name })),
  };
}

/** ShiftCloses.csv: every close of the filter, times on the venue's clock (dd.MM.yyyy HH:mm), amounts in SEK. */
export async function shiftClosesCsv(db: Queryable, f: ShiftCloseFilter): Promise<Buffer> {
  const rows = await closeRows(db, f, null);
  const ore = (pick: (r: CloseRow) => number) => Float64Array.from(rows, (r) => Number(pick(r)));
  const file = await buildCsv('ShiftCloses.csv', [{ columns: [
    { header: 'Closed', kind: 'text', values: rows.map((r) => venueDateTime(iso(r.closed_at))) },
    { header: 'Opened', kind: 'text', values: rows.map((r) => venueDateTime(iso(r.opened_at))) },
    { header: 'Operator', kind: 'text', values: rows.map((r) => r.operator) },
    { header: 'Box office', kind: 'text', values: rows.map((r) => r.box_office) },
    { header: 'Cash expected', kind: 'ore', values: ore((r) => r.expected) },
    { header: 'Card', kind: 'ore', values: ore((r) => r.card) },
    { header: 'Other', kind: 'ore', values: ore((r) => r.other) },
    { header: 'Total', kind: 'ore', values: ore((r) => Number(r.expected) + Number(r.card) + Number(r.other)) },
    { header: 'Cash counted', kind: 'ore', values: ore((r) => r.counted) },
    { header: 'Difference', kind: 'ore', values: ore((r) => r.difference) },
  ] }]);
  return Buffer.concat(file.parts);
}
