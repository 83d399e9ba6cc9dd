import type { Queryable } from '../db/database';

/** Actions the audit log knows (docs/orders.md "Audit log"); other areas add theirs (e.g. 'merchandise.price'). */
export type AuditAction = 'order.void' | 'order.refund' | 'order.reassign' | (string & {});

export interface AuditEntry {
  /** Who: the signed-in user (null for a job). */
  userId: number | null;
  action: AuditAction;
  eventId?: number | null;
  promoterId?: number | null;
  orderId?: number | null;
  /** What and how much: öre amounts and ids, as plain JSON. */
  amounts?: Record<string, unknown>;
}

/**
 * Appends one row to the audit log. Call it with the transaction of the money action itself, so that the action
 * and its log row commit or roll back together. The table refuses updates and deletes.
 */
export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO audit_log (user_id, action, event_id, promoter_id, order_id, amounts)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [entry.userId, entry.action, entry.eventId ?? null, entry.promoterId ?? null, entry.orderId ?? null, JSON.stringify(entry.amounts ?? {})],
  );
  return Number(rows[0].id);
}
