import type { Queryable } from '../db/database';
import type { Channel } from './transports';

export interface NewMessage {
  channel: Channel;
  /** What it is for, shown in the Outbox: password_reset, ticket, social, … */
  kind: string;
  address: string;
  subject?: string | null;
  body: string;
  recipientId?: number | null;
  eventId?: number | null;
  /** The ticket (order item) the message is about: its screen reads the message's state. */
  orderItemId?: number | null;
  language?: 'en' | 'sv';
}

/**
 * Puts one message in the outbox, in the caller's transaction: the write that causes it and its message commit
 * together or not at all. The delivery job (deliverOutbox.ts) sends it. Returns its id.
 */
export async function queueMessage(tx: Queryable, m: NewMessage): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO outbox_messages (channel, kind, address, subject, body, recipient_id, event_id, language, order_item_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [m.channel, m.kind, m.address, m.subject ?? null, m.body, m.recipientId ?? null, m.eventId ?? null, m.language ?? 'en', m.orderItemId ?? null],
  );
  return Number(rows[0].id);
}
