import type { SocialPostingDelivery, SocialPostingPage } from '../../src/contracts/outbox';
import type { Queryable } from '../db/database';
import { queueMessage } from './queueMessage';

/** The two pages 000 §4 lets a publish post to, as the outbox names them (its `address`) and the webhook receives. */
export const SOCIAL_PAGES: readonly SocialPostingPage[] = ['promoter', 'default'];

/**
 * Publishing posts the event to the ticked pages (000 §4; docs/social-postings.md): one outbox row per page, written
 * in the publish's transaction, delivered by the outbox job through SOCIAL_WEBHOOK_URL. Called only when that channel
 * is configured: with none, nothing is queued and the event's tab says so, rather than keep rows no one will post.
 */
export async function queueSocialPostings(tx: Queryable, eventId: number, pages: SocialPostingPage[], shopUrl: string): Promise<number[]> {
  if (!pages.length) return [];
  const { rows } = await tx.query<{ name: string; promoter: string; venue: string; starts: string }>(
    `SELECT coalesce(t.name, '') AS name, p.name AS promoter, v.name_en AS venue,
            to_char(e.start_date, 'YYYY-MM-DD HH24:MI') AS starts
       FROM events e JOIN promoters p ON p.id = e.promoter_id JOIN venues v ON v.id = e.venue_id
       LEFT JOIN event_translations t ON t.event_id = e.id AND t.language = 'en'
      WHERE e.id = $1`,
    [eventId],
  );
  const e = rows[0];
  const text = [`${e.name}, ${e.starts} at ${e.venue}. ${e.promoter} presents.`, shopUrl ? `Tickets: ${shopUrl}/events/${eventId}` : '']
    .filter(Boolean).join(' ');
  const ids: number[] = [];
  for (const page of pages) {
    ids.push(await queueMessage(tx, { channel: 'social', kind: 'social', address: page, subject: e.name, body: text, eventId }));
  }
  return ids;
}

/**
 * What became of the postings of the event's current publish, per page: the newest outbox row queued at or after
 * `published_at` (an earlier publish's postings belong to that publish). A page without one was not posted.
 */
export async function socialPostingDelivery(db: Queryable, eventId: number): Promise<SocialPostingDelivery[]> {
  const { rows } = await db.query<SocialPostingDelivery & { attempts: number | string }>(
    `SELECT DISTINCT ON (m.address) m.address AS page, m.status, m.attempts, m.last_error,
            to_char(m.sent_at AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD HH24:MI') AS sent_at
       FROM outbox_messages m JOIN events e ON e.id = m.event_id
      WHERE m.event_id = $1 AND m.channel = 'social' AND e.status = 'active' AND m.created_at >= e.published_at
      ORDER BY m.address, m.created_at DESC, m.id DESC`,
    [eventId],
  );
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}
