import type { Db } from '../db/database';
import type { DeliveryAdapter, OutboxMessage } from './deliveryAdapter';

/**
 * Delivers up to `batch` pending outbox messages through `adapter`. Safe with several API processes: each takes
 * its rows with FOR UPDATE SKIP LOCKED inside its own transaction, so no message is taken twice. Answers how many
 * rows it handled (0: nothing was waiting). A process with an adapter configured calls it on a timer.
 */
export async function deliverOutbox(db: Db, adapter: DeliveryAdapter, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OutboxMessage>(
      `SELECT m.id, m.channel, m.address, m.language,
              CASE WHEN m.language = 'sv' THEN c.content_sv ELSE c.content_en END AS body
         FROM outbox_messages m JOIN crm_campaigns c ON c.id = m.campaign_id
        WHERE m.status = 'pending'
        ORDER BY m.id
        LIMIT $1
        FOR UPDATE OF m SKIP LOCKED`,
      [batch],
    );
    for (const message of rows) {
      try {
        await adapter.deliver({ ...message, id: Number(message.id) });
        await tx.query(`UPDATE outbox_messages SET status = 'sent', attempts = attempts + 1, sent_at = now() WHERE id = $1`, [message.id]);
      } catch (err) {
        await tx.query(`UPDATE outbox_messages SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
          message.id,
          String(err instanceof Error ? err.message : err).slice(0, 500),
        ]);
      }
    }
    return rows.length;
  });
}
