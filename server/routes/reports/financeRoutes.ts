import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ONLY_FINANCE_REPORTS, FinanceParams, FinanceResponse, ReportQuery, SalesOverviewResponse, type SalesOverviewReport,
} from '../../../src/contracts/reports';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../httpErrors';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { financeRows, hasFinanceReport } from './financeQueries';
import { lastMonth, readReportScope } from './reportScope';
import { salesOverview } from './salesOverviewQueries';

/** Finance reports and the sales overview (002 §2, §7): admins see all promoters or one, promoters their own. */
export async function financeRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/reports/finance/:group/:report', {
    config: { access: BACK_OFFICE },
    schema: { params: FinanceParams, querystring: ReportQuery, response: { 200: FinanceResponse } },
  }, async (request) => {
    const { group, report } = request.params as FinanceParams;
    if (!hasFinanceReport(group, report)) throw notFound(`The ${group} ${report} report`);
    // 002 §6: only admins see the refund-fee reports; the console hides them and the server refuses them.
    if (ADMIN_ONLY_FINANCE_REPORTS.includes(report) && sessionUser(request).type !== 'admin') {
      throw forbidden('Only administrators see the refund-fee reports.');
    }
    const scope = await readReportScope(db, request, request.query as ReportQuery, lastMonth);
    return { data: await financeRows(db, group, report, scope) };
  });

  const overview = (path: string, report: SalesOverviewReport) =>
    app.get(path, {
      config: { access: BACK_OFFICE },
      schema: { querystring: ReportQuery, response: { 200: SalesOverviewResponse } },
    }, async (request) => {
      const scope = await readReportScope(db, request, request.query as ReportQuery, lastMonth);
      return { data: await salesOverview(db, report, scope) };
    });
  overview('/api/reports/sales-overview', 'overview');
  overview('/api/reports/sales-overview/tickets', 'tickets');
  overview('/api/reports/sales-overview/merchandises', 'merchandises');
  overview('/api/reports/sales-overview/tickets-refunded', 'tickets-refunded');
}
