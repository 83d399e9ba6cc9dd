import type { FastifyInstance } from 'fastify';
import { AttendeesCount, AttendeesQuery, SendNotificationBody, SendNotificationResult } from '../../../src/contracts/crm';
import { CRM_MESSAGES, CRM_METRIC_KEYS, crmAgeRangeError, crmDateRangeError, crmFiltersFromQuery, type CrmFilters } from '../../../src/domain/crmFilter';
import { parseIsoDay } from '../../../src/domain/dates';
import { buildUserExportCsv } from '../../../workers/reports/buildCsv';
import { blacklistExclusion, segmentCount, segmentSql, segmentPage, type SegmentPerson, type SegmentScope } from '../../crm/segmentQuery';
import type { Db } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import { IdParams } from '../../../src/contracts/common';
import { CampaignDelivery } from '../../../src/contracts/outbox';
import { campaignDelivery } from '../../outbox/outboxQueries';
import { CRM_MAIL_SUBJECT } from '../../outbox/crmMailSubject';
import { BACK_OFFICE, scopedPromoterId, sessionUser } from '../../plugins/auth';
import { FILE_STREAM_COMPRESSION } from '../../http/compression';
import { sendCsvStream, wantsCsv } from '../../http/csvStream';

/** People a CSV page reads at a time: the stream holds one page, whatever the segment's size. */
const CSV_PAGE_PEOPLE = 2000;

/** 422 with the field's message for dates that are not real days, a to date before its from, ages out of order. */
function checkFilters(filters: CrmFilters): void {
  const messages: Record<string, string | undefined> = { age_to: crmAgeRangeError(filters.age_from, filters.age_to) };
  for (const key of CRM_METRIC_KEYS) {
    const m = filters.metrics?.[key];
    if (!m) continue;
    const bad = (d?: string) => d !== undefined && !parseIsoDay(d);
    messages[`${key}.date_from`] = bad(m.date_from) ? 'Enter a date as YYYY-MM-DD.' : undefined;
    messages[`${key}.date_to`] = bad(m.date_to) ? 'Enter a date as YYYY-MM-DD.' : crmDateRangeError(m.date_from, m.date_to);
  }
  throwIfInvalid(messages);
}

const hasNul = (s: string) => s.includes('\u0000');

/**
 * A filter key the count does not read is refused (422), never dropped: a segment counted without a filter its
 * caller meant (the probe's `filters[events][]=…` before that form was read) would message the wrong people.
 */
const KNOWN_QUERY_KEYS = new Set(Object.keys(AttendeesQuery.properties));
function refuseUnknownFilters(query: Record<string, unknown>): void {
  const unknown = Object.keys(query).filter((k) => k.startsWith('filters') && !KNOWN_QUERY_KEYS.has(k));
  throwIfInvalid(Object.fromEntries(unknown.map((k) => [k, 'This filter is not known. Use the filters of the CRM screen.'])));
}

/**
 * CRM (002 §2, §7, §8): the segment's count, its CSV (UserExport.csv) and a message to it. All three select from
 * the one builder in server/crm/segmentQuery.ts. A promoter's segment covers their own events' buyers only.
 */
export async function crmRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  app.get('/api/attendees', {
    config: { access: BACK_OFFICE },
    compress: FILE_STREAM_COMPRESSION,
    schema: { querystring: AttendeesQuery, response: { 200: AttendeesCount } },
  }, async (request, reply) => {
    const user = sessionUser(request);
    refuseUnknownFilters(request.query as Record<string, unknown>);
    const filters = crmFiltersFromQuery(request.query as AttendeesQuery);
    checkFilters(filters);
    const scope: SegmentScope = { promoterId: scopedPromoterId(user) };
    if (!wantsCsv(request.headers.accept)) return { count: await segmentCount(db, scope, filters) };

    // 002 §6: a promoter downloads the customers' e-mails only with can_download_emails.
    if (scope.promoterId !== null) {
      const { rows } = await db.query<{ can: boolean }>('SELECT can_download_emails AS can FROM promoters WHERE id = $1', [scope.promoterId]);
      if (!rows[0]?.can) throw new HttpError(403, 'forbidden', CRM_MESSAGES.noPermission);
    }
    reply.header('content-disposition', 'attachment; filename="UserExport.csv"');
    const text = (rows: SegmentPerson[], f: (r: SegmentPerson) => string | null) => rows.map((r) => f(r) ?? '');
    return sendCsvStream(
      reply,
      (rows: SegmentPerson[]) => buildUserExportCsv({
        id: Float64Array.from(rows, (r) => r.id),
        firstName: text(rows, (r) => r.first_name),
        lastName: text(rows, (r) => r.last_name),
        email: text(rows, (r) => r.email),
        phone: text(rows, (r) => r.phone),
        country: text(rows, (r) => r.country),
      }),
      async (after) => {
        const rows = await segmentPage(db, scope, filters, after === undefined ? 0 : Number(after), CSV_PAGE_PEOPLE);
        return { rows, next: rows.length === CSV_PAGE_PEOPLE ? String(rows[rows.length - 1].id) : null };
      },
    );
  });

  app.post('/api/events/send-notification', {
    config: { access: BACK_OFFICE },
    schema: { body: SendNotificationBody, response: { 200: SendNotificationResult } },
  }, async (request) => {
    const user = sessionUser(request);
    const body = request.body as SendNotificationBody;
    const en = body.content.en.trim();
    const sv = body.content.sv.trim();
    const textError = (s: string) => (!s ? CRM_MESSAGES.required : hasNul(s) ? 'Remove the invisible control character from the text.' : undefined);
    throwIfInvalid({ 'content.en': textError(en), 'content.sv': textError(sv) });
    const filters = body.filters ?? {};
    checkFilters(filters);
    const scope: SegmentScope = { promoterId: scopedPromoterId(user) };

    const recipients = await db.transaction(async (tx) => {
      const { sql, params } = segmentSql(scope, filters, await blacklistExclusion(tx));
      const campaign = await tx.query<{ id: number }>(
        `INSERT INTO crm_campaigns (sender_id, promoter_id, content_en, content_sv, filters, recipients)
         VALUES ($1, $2, $3, $4, $5::jsonb, 0) RETURNING id`,
        [user.id, scope.promoterId, en, sv, JSON.stringify(filters)],
      );
      const campaignId = campaign.rows[0].id;
      // One row per person of the segment: e-mail when they have one, else SMS; Swedish for Swedes.
      // One statement for the whole segment (10,000 people in well under 2 s: npm run bench:outbox).
      const queued = await tx.query(
        // A mail carries its subject in the person's language, kept on the row: the Outbox shows what was received.
        `INSERT INTO outbox_messages (campaign_id, recipient_id, channel, address, language, subject)
         SELECT $${params.length + 1}::bigint, u.id,
                CASE WHEN u.email IS NOT NULL THEN 'email' ELSE 'sms' END, coalesce(u.email, u.phone),
                CASE WHEN coalesce(u.country, 'SE') = 'SE' THEN 'sv' ELSE 'en' END,
                CASE WHEN u.email IS NULL THEN NULL WHEN coalesce(u.country, 'SE') = 'SE' THEN $${params.length + 2}::text ELSE $${params.length + 3}::text END
           FROM (${sql}) seg JOIN users u ON u.id = seg.customer_id`,
        [...params, campaignId, CRM_MAIL_SUBJECT.sv, CRM_MAIL_SUBJECT.en],
      );
      await tx.query('UPDATE crm_campaigns SET recipients = $2 WHERE id = $1', [campaignId, queued.rowCount]);
      return { recipients: queued.rowCount, campaignId: Number(campaignId) };
    });
    // Queued, not sent: the spec's 'Successfully sent!' is for the panel to say once the messages were accepted.
    return {
      message: `Queued ${recipients.recipients.toLocaleString('en-US')} message${recipients.recipients === 1 ? '' : 's'}.`,
      recipients: recipients.recipients,
      campaign_id: recipients.campaignId,
    };
  });

  app.get('/api/crm/campaigns/:id/delivery', {
    config: { access: BACK_OFFICE },
    schema: { params: IdParams, response: { 200: CampaignDelivery } },
  }, async (request) => {
    // A promoter reads only their own sends: another promoter's campaign is not found.
    const delivery = await campaignDelivery(db, (request.params as { id: number }).id, scopedPromoterId(sessionUser(request)));
    if (!delivery) throw notFound('Message send');
    return delivery;
  });
}
