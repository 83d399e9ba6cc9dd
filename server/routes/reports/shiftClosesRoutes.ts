import type { FastifyInstance } from 'fastify';
import { ShiftClosesQuery, ShiftClosesResponse } from '../../../src/contracts/reports';
import { addIsoDays, parseIsoDay } from '../../../src/domain/dates';
import { venueIsoToday } from '../../../src/domain/venueClock';
import { shiftCloseReport, shiftClosesCsv } from '../../boxoffice/shiftCloseReport';
import type { Db } from '../../db/database';
import { throwIfInvalid } from '../../httpErrors';
import { wantsCsv } from '../../http/csvStream';
import { ADMIN_ONLY } from '../../plugins/auth';

/**
 * The shift closes report (docs/boxoffice.md "Shift closes report"), admin only: the counters' drawers are the
 * venue's cash, not a promoter's sales (a promoter reads those in the finance reports). JSON, or ShiftCloses.csv
 * with `Accept: text/csv`.
 */
export async function shiftClosesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/reports/shift-closes', {
    config: { access: ADMIN_ONLY },
    schema: { querystring: ShiftClosesQuery, response: { 200: ShiftClosesResponse } },
  }, async (request, reply) => {
    const query = request.query as ShiftClosesQuery;
    const to = query.to_date ?? venueIsoToday(Date.now());
    const from = query.from_date ?? addIsoDays(to, -30);
    throwIfInvalid({
      from_date: parseIsoDay(from) ? undefined : 'Enter a date as YYYY-MM-DD.',
      to_date: !parseIsoDay(to) ? 'Enter a date as YYYY-MM-DD.' : to < from ? 'The to date may not be before the from date.' : undefined,
    });
    const filter = { from, to, userId: query.user_id ?? null };
    if (!wantsCsv(request.headers.accept)) return shiftCloseReport(db, filter);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="ShiftCloses.csv"')
      .header('cache-control', 'no-store')
      .send(await shiftClosesCsv(db, filter));
  });
}
