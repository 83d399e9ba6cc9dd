import type { CampaignDelivery, OutboxListQuery, OutboxMessageDetail, OutboxMessageSummary } from '../../src/contracts/outbox';
import type { Queryable } from '../db/database';

const TEXT = `coalesce(m.body, CASE WHEN m.language = 'sv' THEN c.content_sv ELSE c.content_en END, '')`;
const TIME = (col: string) => `to_char(${col} AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI:SS')`;
const SUMMARY_COLUMNS = `m.id, m.channel, m.kind, m.address,
  coalesce(m.subject, left(regexp_replace(${TEXT}, '\\s+', ' ', 'g'), 80)) AS subject,
  m.status, m.attempts, m.last_error, m.transport, ${TIME('m.created_at')} AS created_at, ${TIME('m.sent_at')} AS sent_at`;

type Row = OutboxMessageSummary & { id: number | string };
const summary = (r: Row): OutboxMessageSummary => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) });

/** The Outbox list, newest first (one page and the total). */
export async function outboxPage(db: Queryable, q: OutboxListQuery): Promise<{ collection: OutboxMessageSummary[]; count: number }> {
  const page = q.page ?? 1;
  const perPage = q.per_page ?? 20;
  const where = `($1::text IS NULL OR m.status = $1) AND ($2::text IS NULL OR m.channel = $2)`;
  const params = [q.status ?? null, q.channel ?? null];
  const [rows, total] = await Promise.all([
    db.query<Row>(
      `SELECT ${SUMMARY_COLUMNS} FROM outbox_messages m LEFT JOIN crm_campaigns c ON c.id = m.campaign_id
        WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
      [...params, perPage, (page - 1) * perPage],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_messages m WHERE ${where}`, params),
  ]);
  return { collection: rows.rows.map(summary), count: Number(total.rows[0].n) };
}

/** One message in full. `from` is the sender an e-mail carries (MAIL_FROM). */
export async function outboxMessage(db: Queryable, id: number, mailFrom: string): Promise<OutboxMessageDetail | null> {
  const { rows } = await db.query<Row & { body: string; provider_id: string | null; next_attempt_at: string | null; campaign_id: number | null }>(
    `SELECT ${SUMMARY_COLUMNS}, ${TEXT} AS body, m.provider_id, m.campaign_id,
            CASE WHEN m.status = 'queued' THEN ${TIME('m.next_attempt_at')} END AS next_attempt_at
       FROM outbox_messages m LEFT JOIN crm_campaigns c ON c.id = m.campaign_id WHERE m.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...summary(r), body: r.body, provider_id: r.provider_id, next_attempt_at: r.next_attempt_at,
    campaign_id: r.campaign_id === null ? null : Number(r.campaign_id), from: r.channel === 'email' ? mailFrom : null,
  };
}

/** How a CRM send is moving; null when the campaign is not the caller's (or does not exist). */
export async function campaignDelivery(db: Queryable, campaignId: number, promoterId: number | null): Promise<CampaignDelivery | null> {
  const { rows } = await db.query<Record<keyof CampaignDelivery, number>>(
    `SELECT c.recipients,
            count(*) FILTER (WHERE m.status = 'queued')::int AS queued,
            count(*) FILTER (WHERE m.status = 'sending')::int AS sending,
            count(*) FILTER (WHERE m.status = 'sent')::int AS sent,
            count(*) FILTER (WHERE m.status = 'failed')::int AS failed,
            count(*) FILTER (WHERE m.status = 'sent' AND m.transport = 'local')::int AS local
       FROM crm_campaigns c LEFT JOIN outbox_messages m ON m.campaign_id = c.id
      WHERE c.id = $1 AND ($2::bigint IS NULL OR c.promoter_id = $2)
      GROUP BY c.id`,
    [campaignId, promoterId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    recipients: Number(r.recipients), queued: Number(r.queued), sending: Number(r.sending), sent: Number(r.sent),
    failed: Number(r.failed), local: Number(r.local),
  };
}
