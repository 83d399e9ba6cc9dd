import type { FastifyInstance } from 'fastify';
import { CustomerResponse, ReportFiltersResponse, ReportQuery } from '../../../src/contracts/reports';
import { buildCsv } from '../../../workers/reports/buildCsv';
import { customerReportDefaultRange, parseIsoDay } from '../../../src/domain/dates';
import type { Db } from '../../db/database';
import { BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { wantsCsv } from '../../http/csvStream';
import { readReportScope, type ReportScope } from './reportScope';

/** Age groups of the customer report, in display order (age on the last day of the period). */
const AGE_GROUP = `CASE WHEN u.birth_date IS NULL THEN 'Unknown'
  WHEN date_part('year', age($2::date, u.birth_date)) < 18 THEN '0–17'
  WHEN date_part('year', age($2::date, u.birth_date)) < 25 THEN '18–24'
  WHEN date_part('year', age($2::date, u.birth_date)) < 35 THEN '25–34'
  WHEN date_part('year', age($2::date, u.birth_date)) < 45 THEN '35–44'
  WHEN date_part('year', age($2::date, u.birth_date)) < 55 THEN '45–54'
  WHEN date_part('year', age($2::date, u.birth_date)) < 65 THEN '55–64'
  ELSE '65+' END`;
const AGE_ORDER = ['0–17', '18–24', '25–34', '35–44', '45–54', '55–64', '65+', 'Unknown'];
/** How the CSV names the registration types (the screen's words). */
const REGISTRATION_NAMES: Record<string, string> = { bankid: 'BankID (eID)', document: 'Document' };

/**
 * Customer Reporting (002 §2, §3, §9) and the report filters. Customers are the people who owned a completed order
 * of the period (each counted once), by age, country and how they registered (BankID, i.e. eID, or document).
 */
export async function customerRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/reports/customer', {
    config: { access: BACK_OFFICE },
    schema: { querystring: ReportQuery, response: { 200: CustomerResponse } },
  }, async (request, reply) => {
    const scope = await readReportScope(db, request, request.query as ReportQuery, (to) => customerReportDefaultRange(parseIsoDay(to)!).from);
    const data = await customerReport(db, scope);
    if (!wantsCsv(request.headers.accept)) return { data };
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="CustomerReport.csv"')
      .header('cache-control', 'no-store')
      .send(await customerCsv(data));
  });

  /** The events (with orders) and promoters the caller may filter reports by. */
  app.get('/api/reports/filters', {
    config: { access: BACK_OFFICE },
    schema: { response: { 200: ReportFiltersResponse } },
  }, async (request) => {
    const promoterId = scopedPromoterId(sessionUser(request), null);
    const events = await db.query<{ id: number; name: string; promoter_id: number; start_date: string }>(
      `SELECT e.id, coalesce(t.name, '') AS name, e.promoter_id, e.start_date::text AS start_date
         FROM events e LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
        WHERE ($1::bigint IS NULL OR e.promoter_id = $1) AND EXISTS (SELECT 1 FROM orders o WHERE o.event_id = e.id)
        ORDER BY e.start_date DESC, e.id`,
      [promoterId],
    );
    const promoters = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM promoters WHERE ($1::bigint IS NULL OR id = $1) ORDER BY name',
      [promoterId],
    );
    return {
      events: events.rows.map((e) => ({ ...e, id: Number(e.id), promoter_id: Number(e.promoter_id) })),
      promoters: promoters.rows.map((p) => ({ id: Number(p.id), name: p.name })),
    };
  });
}

/** The three breakdowns of the period's customers. */
async function customerReport(db: Db, scope: ReportScope): Promise<CustomerResponse['data']> {
  const { rows } = await db.query<{ kind: string; label: string; document: number; eid: number; quantity: number }>(
    `WITH customers AS MATERIALIZED (
       SELECT u.birth_date, u.country, u.register_type
         FROM users u
        WHERE u.type = 'attendee' AND u.id IN (
              SELECT o.owner_id FROM orders o
               WHERE o.created_at >= $1::date AND o.created_at < $2::date + 1 AND o.status = 'completed'
                 AND ($3::bigint IS NULL OR o.promoter_id = $3) AND ($4::bigint IS NULL OR o.event_id = $4))
     )
     SELECT 'age' AS kind, ${AGE_GROUP} AS label, count(*) FILTER (WHERE u.register_type = 'document') AS document,
            count(*) FILTER (WHERE u.register_type = 'bankid') AS eid, count(*) AS quantity
       FROM customers u GROUP BY 2
     UNION ALL
     SELECT 'country', coalesce(u.country, 'Unknown'), 0, 0, count(*) FROM customers u GROUP BY 2
     UNION ALL
     SELECT 'registration', coalesce(u.register_type, 'unknown'), 0, 0, count(*) FROM customers u GROUP BY 2`,
    [scope.from, scope.to, scope.promoterId, scope.eventId],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    by_age: of('age')
      .sort((a, b) => AGE_ORDER.indexOf(a.label) - AGE_ORDER.indexOf(b.label))
      .map((r) => ({ age_group: r.label, document: Number(r.document), eid: Number(r.eid) })),
    by_country: of('country')
      .sort((a, b) => Number(b.quantity) - Number(a.quantity) || a.label.localeCompare(b.label))
      .map((r) => ({ user_country: r.label, quantity: Number(r.quantity) })),
    by_registration_type: of('registration')
      .sort((a, b) => a.label.localeCompare(b.label))
      .map((r) => ({ user_registration_type: r.label, quantity: Number(r.quantity) })),
  };
}

/** CustomerReport.csv: the three breakdowns as titled tables, laid out as the finance files are (buildCsv.ts). */
async function customerCsv(data: CustomerResponse['data']): Promise<Buffer> {
  const file = await buildCsv('CustomerReport.csv', [
    { title: 'By age', blankAfter: true, columns: [
      { header: 'Age', kind: 'text', values: data.by_age.map((r) => r.age_group) },
      { header: 'BankID (eID)', kind: 'integer', values: Float64Array.from(data.by_age, (r) => r.eid) },
      { header: 'Document', kind: 'integer', values: Float64Array.from(data.by_age, (r) => r.document) },
      { header: 'Customers', kind: 'integer', values: Float64Array.from(data.by_age, (r) => r.eid + r.document) },
    ] },
    { title: 'By country', blankAfter: true, columns: [
      { header: 'Country', kind: 'text', values: data.by_country.map((r) => r.user_country) },
      { header: 'Customers', kind: 'integer', values: Float64Array.from(data.by_country, (r) => r.quantity) },
    ] },
    { title: 'By registration type', columns: [
      { header: 'Registration type', kind: 'text', values: data.by_registration_type.map((r) => REGISTRATION_NAMES[r.user_registration_type] ?? r.user_registration_type) },
      { header: 'Customers', kind: 'integer', values: Float64Array.from(data.by_registration_type, (r) => r.quantity) },
    ] },
  ]);
  return Buffer.concat(file.parts);
}
