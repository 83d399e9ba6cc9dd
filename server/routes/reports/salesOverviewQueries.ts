/**
 * Sales overview (002 §2, §3): per day, the isolated figures and the running (accumulated) ones, from the first
 * day of the period. Only days with data are sent; the console's worker fills the other days (fillDays: zeros when
 * isolated, the previous day's values when accumulated). Money in SEK, counts as whole numbers.
 */
import type { SalesOverviewReport, SalesOverviewTableJson } from '../../../src/contracts/reports';
import type { Db } from '../../db/database';
import type { ReportScope } from './reportScope';

interface Series {
  header: string[];
  sql: string;
  /** Which columns are öre (sent as SEK). */
  money: boolean[];
}

const DAILY = (columns: string) => `SELECT d.day::text AS day, ${columns}
  FROM sales_daily d
 WHERE d.day >= $1::date AND d.day <= $2::date AND ($3::bigint IS NULL OR d.promoter_id = $3) AND ($4::bigint IS NULL OR d.event_id = $4)
 GROUP BY d.day ORDER BY d.day`;

const SERIES: Record<SalesOverviewReport, Series> = {
  overview: {
    header: ['Date', 'Total', 'Tickets', 'Merchandise', 'Fees'],
    money: [true, true, true, true],
    sql: DAILY(`sum(d.amount_ore) AS v1, sum(d.amount_ore) FILTER (WHERE d.type = 'ticket') AS v2,
                sum(d.amount_ore) FILTER (WHERE d.type = 'merchandise') AS v3, sum(d.amount_ore) FILTER (WHERE d.type = 'fee') AS v4`),
  },
  tickets: {
    header: ['Date', 'Tickets sold'],
    money: [false],
    sql: DAILY(`sum(d.quantity) FILTER (WHERE d.type = 'ticket') AS v1`),
  },
  merchandises: {
    header: ['Date', 'Merchandise sold'],
    money: [false],
    sql: DAILY(`sum(d.quantity) FILTER (WHERE d.type = 'merchandise') AS v1`),
  },
  'tickets-refunded': {
    header: ['Date', 'Tickets refunded'],
    money: [false],
    // The refund line carries its item's type (155_refund_item_type.sql): no look-up of every refunded order item.
    sql: `SELECT r.created_at::date::text AS day, sum(ri.quantity) AS v1
            FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id
           WHERE r.created_at >= $1::date AND r.created_at < $2::date + 1 AND ri.item_type = 'ticket'
             AND ($3::bigint IS NULL OR r.promoter_id = $3) AND ($4::bigint IS NULL OR r.event_id = $4)
           GROUP BY 1 ORDER BY 1`,
  },
};

/** Both tables of one sales overview report. */
export async function salesOverview(
  db: Db,
  report: SalesOverviewReport,
  scope: ReportScope,
): Promise<{ isolated: SalesOverviewTableJson; accumulated: SalesOverviewTableJson }> {
  const series = SERIES[report];
  const params = [scope.from, scope.to, scope.promoterId, scope.eventId];
  const { rows } = await db.query<Record<string, string | number | null>>(series.sql, params);
  const width = series.money.length;
  const isolated: SalesOverviewTableJson = [series.header];
  const accumulated: SalesOverviewTableJson = [series.header];
  // Running sums in integer öre (and units), turned into SEK per row: adding SEK values would drift.
  const running = new Array<number>(width).fill(0);
  for (const row of rows) {
    const values = Array.from({ length: width }, (_, i) => Number(row[`v${i + 1}`] ?? 0));
    values.forEach((v, i) => (running[i] += v));
    const out = (v: number, i: number) => (series.money[i] ? v / 100 : v);
    isolated.push([String(row.day), ...values.map(out)]);
    accumulated.push([String(row.day), ...running.map(out)]);
  }
  return { isolated, accumulated };
}
