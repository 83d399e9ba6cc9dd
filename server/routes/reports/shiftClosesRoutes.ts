import type { FastifyInstance } from 'fastify';
import { SHIFT_CLOSES_PER_PAGE, ShiftClosesQuery, ShiftClosesResponse } from '../../../src/contracts/reports';
import { shiftCloseReport, shiftClosesCsv } from '../../boxoffice/shiftCloseReport';
import type { Db } from '../../db/database';
import { wantsCsv } from '../../http/csvStream';
import { ADMIN_ONLY } from '../../plugins/auth';
import { lastMonth, readReportPeriod } from './reportScope';

/**
 * The shift closes report (docs/boxoffice.md "Shift closes report"), admin only: the counters' drawers are the
 * venue's cash, not a promoter's sales (a promoter reads those in the finance reports). JSON, or ShiftCloses.csv
 * with `Accept: text/csv` (every close of the filter, whatever the page).
 */
export async function shiftClosesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/reports/shift-closes', {
    config: { access: ADMIN_ONLY },
    schema: { querystring: ShiftClosesQuery, response: { 200: ShiftClosesResponse } },
  }, async (request, reply) => {
    const query = request.query as ShiftClosesQuery;
    const filter = { ...readReportPeriod(query, lastMonth), userId: query.user_id ?? null };
    if (!wantsCsv(request.headers.accept)) return shiftCloseReport(db, filter, { page: query.page ?? 1, perPage: query.per_page ?? SHIFT_CLOSES_PER_PAGE });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="ShiftCloses.csv"')
      .header('cache-control', 'no-store')
      .send(await shiftClosesCsv(db, filter));
  });
}
