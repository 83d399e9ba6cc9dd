import type { FastifyInstance } from 'fastify';
import { ScanningBody, ScanningResponse } from '../../../src/contracts/reports';
import { buildCsv, type CsvColumn } from '../../../workers/reports/buildCsv';
import type { Db } from '../../db/database';
import { BACK_OFFICE, sessionUser } from '../../plugins/auth';
import { findAccessibleEvent } from '../../events/eventAccess';
import { withScanTotals } from '../../../src/domain/scanning';
import { soldPlaceItemSql } from '../../places/placeCounts';
import { sendCsvStream } from '../../http/csvStream';

const DETAIL_PAGE_ROWS = 5000;

/**
 * Which items a scanning report counts: the event's sold tickets (the one definition of a sold place,
 * server/places/placeCounts.ts) and its valid, paid merchandise (not fees).
 */
const COUNTED = `((i.type = 'ticket' AND ${soldPlaceItemSql('i')}) OR (i.type = 'merchandise' AND i.valid AND i.sold_at IS NOT NULL))`;
const ITEM_TYPES = { ticket: `('ticket')`, merchandise: `('merchandise')`, all: `('ticket', 'merchandise')` } as const;

interface DetailRow {
  at: string;
  id: number;
  item_name: string;
  item_type: string;
  section: string;
  row_label: string;
  seat_label: string;
  owner: string;
  phone: string;
  email: string;
  scanned_at: string | null;
}

/**
 * Scanned Items Report (002 §2, §3, §7): per item name, how many were scanned at the gates and how many not; the
 * detailed CSV (ScanningReport.csv) lists every item with its holder and first scan. Another promoter's event is 404.
 */
export async function scanningRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.post('/api/reports/scanning/aggregated', {
    config: { access: BACK_OFFICE },
    schema: { body: ScanningBody, response: { 200: ScanningResponse } },
  }, async (request) => {
    const body = request.body as ScanningBody;
    const event = await findAccessibleEvent(db, sessionUser(request), body.event_id);
    const { rows } = await db.query<{ item_name: string; item_type: string; scan_count: number; not_scan_count: number; total_count: number }>(
      `SELECT CASE WHEN i.type = 'ticket' THEN coalesce(tt.name, '') ELSE coalesce(mt.name, '') END AS item_name, i.type AS item_type,
              count(*) FILTER (WHERE sc.order_item_id IS NOT NULL) AS scan_count,
              count(*) FILTER (WHERE sc.order_item_id IS NULL) AS not_scan_count, count(*) AS total_count
         FROM order_items i
         LEFT JOIN (SELECT DISTINCT order_item_id FROM scans WHERE event_id = $1) sc ON sc.order_item_id = i.id
         LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
         LEFT JOIN merchandise_translations mt ON mt.merchandise_id = i.merchandise_id AND mt.language = 'en'
        WHERE i.event_id = $1 AND ${COUNTED} AND i.type IN ${ITEM_TYPES[body.item_type ?? 'all']}
        GROUP BY 1, 2 ORDER BY 2 DESC, 1`,
      [event.id],
    );
    // The total row and the percent scanned go on top of the counts, whatever the query counts (issue 24).
    const { rows: data, total } = withScanTotals(rows.map((r) => ({ ...r, scan_count: Number(r.scan_count), not_scan_count: Number(r.not_scan_count), total_count: Number(r.total_count) })));
    return { data, total };
  });

  app.post('/api/reports/scanning/detailed', {
    config: { access: BACK_OFFICE },
    schema: { body: ScanningBody },
  }, async (request, reply) => {
    const body = request.body as ScanningBody;
    const event = await findAccessibleEvent(db, sessionUser(request), body.event_id);
    const fetchPage = async (after: string | undefined) => {
      const [at, id] = after ? after.split('|') : ['-infinity', '0'];
      const { rows } = await db.query<DetailRow>(
        `SELECT i.sold_at::text AS at, i.id, CASE WHEN i.type = 'ticket' THEN coalesce(tt.name, '') ELSE coalesce(mt.name, '') END AS item_name,
                i.type AS item_type, coalesce(sec.name, '') AS section, coalesce(s.row_label, '') AS row_label, coalesce(s.seat_label, '') AS seat_label,
                coalesce(u.name, '') AS owner, coalesce(u.phone, '') AS phone, coalesce(u.email, '') AS email,
                (SELECT min(x.scanned_at)::text FROM scans x WHERE x.order_item_id = i.id) AS scanned_at
           FROM order_items i
           JOIN orders o ON o.id = i.order_id
           LEFT JOIN users u ON u.id = coalesce(i.holder_id, o.owner_id)
           LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
           LEFT JOIN map_sections sec ON sec.id = i.section_id
           LEFT JOIN map_seats s ON s.id = i.seat_id
           LEFT JOIN merchandise_translations mt ON mt.merchandise_id = i.merchandise_id AND mt.language = 'en'
          WHERE i.event_id = $1 AND ${COUNTED} AND i.type IN ${ITEM_TYPES[body.item_type ?? 'all']}
            AND (i.sold_at, i.id) > ($2::timestamp, $3::bigint)
          ORDER BY i.sold_at, i.id LIMIT $4`,
        [event.id, at, id, DETAIL_PAGE_ROWS],
      );
      const last = rows[rows.length - 1];
      return { rows, next: rows.length === DETAIL_PAGE_ROWS && last ? `${last.at}|${last.id}` : null };
    };
    reply.header('content-disposition', 'attachment; filename="ScanningReport.csv"');
    return sendCsvStream(reply, (rows: DetailRow[]) => buildCsv('ScanningReport.csv', [{ columns: detailColumns(rows) }]), fetchPage);
  });
}

function detailColumns(rows: DetailRow[]): CsvColumn[] {
  const text = (f: (r: DetailRow) => string) => rows.map(f);
  return [
    { header: 'Item ID', kind: 'integer', values: Float64Array.from(rows, (r) => Number(r.id)) },
    { header: 'Item name', kind: 'text', values: text((r) => r.item_name) },
    { header: 'Item type', kind: 'text', values: text((r) => r.item_type) },
    { header: 'Section', kind: 'text', values: text((r) => r.section) },
    { header: 'Row', kind: 'text', values: text((r) => r.row_label) },
    { header: 'Seat', kind: 'text', values: text((r) => r.seat_label) },
    { header: 'Holder', kind: 'text', values: text((r) => r.owner) },
    { header: 'Phone', kind: 'text', values: text((r) => r.phone) },
    { header: 'Email', kind: 'text', values: text((r) => r.email) },
    { header: 'Scanned', kind: 'text', values: text((r) => (r.scanned_at ? 'Yes' : 'No')) },
    { header: 'Scanned at', kind: 'text', values: text((r) => (r.scanned_at ?? '').slice(0, 19)) },
  ];
}
