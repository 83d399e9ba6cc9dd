import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AccountingQuery, AccountingResponse } from '../../../src/contracts/reports';
import type { Db } from '../../db/database';
import { ADMIN_ONLY } from '../../plugins/auth';
import { accountingCount, accountingPage, toAccountingJson } from './accountingQuery';
import { accountingCsvBytes } from './accountingCopy';
import { FILE_STREAM_COMPRESSION } from '../../http/compression';
import { wantsCsv } from '../../http/csvStream';
import { lastMonth, readReportScope } from './reportScope';

/**
 * Accounting Reporting (002 §2, §7), admin only (the spec shows the link to admins only; the server refuses the
 * others too). JSON answers one page; `Accept: text/csv` streams the whole period as AccountingReport.csv, written
 * by PostgreSQL's COPY in chunks of days (accountingCopy.ts) and compressed (br/gzip) when the client accepts it.
 */
export async function accountingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/reports/accounting', {
    config: { access: ADMIN_ONLY },
    compress: FILE_STREAM_COMPRESSION,
    schema: { querystring: AccountingQuery, response: { 200: AccountingResponse } },
  }, async (request, reply) => {
    const query = request.query as AccountingQuery;
    const scope = await readReportScope(db, request, query, lastMonth);
    if (wantsCsv(request.headers.accept)) {
      reply
        .header('content-disposition', 'attachment; filename="AccountingReport.csv"')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(accountingCsvBytes(db, scope), { objectMode: false }));
    }
    const [page, count] = await Promise.all([accountingPage(db, scope, query.per_page ?? 5000, query.after), accountingCount(db, scope)]);
    return { data: page.rows.map(toAccountingJson), count, next: page.next };
  });
}
