import { attributeRefund, type ItemPaymentShare, type PaymentRefundPart, type RefundAmounts } from '../../src/domain/refundShares';
import type { Queryable } from '../db/database';
import { HttpError } from '../httpErrors';

/**
 * Writing refunds (docs/refunds.md "Which payment a refund goes back to"): every refund path — the refund call, the
 * counter's release, a re-seat to a cheaper seat — states per item what it refunds, and this module splits each line
 * across the payments that paid the item (`attributeRefund`, src/domain/refundShares.ts) and writes one `refunds` row
 * per payment with its lines. The callers lock the items first; the refund_items trigger (290) checks every line
 * against its payment in the database.
 */

/** Each item's payments: what each collected for it (its sale, re-seat differences) and what refunds took back. */
export async function itemPaymentShares(tx: Queryable, itemIds: number[]): Promise<Map<number, ItemPaymentShare[]>> {
  const { rows } = await tx.query<{ item_id: number; payment_id: number; paid: string; refunded: string }>(
    `WITH paid AS (
       SELECT i.id AS item_id, i.payment_id, i.price_ore::bigint * i.quantity AS ore
         FROM order_items i WHERE i.id = ANY($1::bigint[]) AND i.payment_id IS NOT NULL
       UNION ALL
       SELECT pi.order_item_id, pi.payment_id, pi.original_price_increase_ore
         FROM price_increases pi WHERE pi.order_item_id = ANY($1::bigint[])),
     collected AS (SELECT item_id, payment_id, sum(ore) AS ore FROM paid GROUP BY 1, 2),
     refunded AS (
       SELECT ri.order_item_id AS item_id, r.payment_id, sum(ri.original_price_decrease_ore) AS ore
         FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id
        WHERE ri.order_item_id = ANY($1::bigint[]) GROUP BY 1, 2)
     SELECT item_id::int, payment_id::int, coalesce(c.ore, 0)::text AS paid, coalesce(f.ore, 0)::text AS refunded
       FROM collected c FULL JOIN refunded f USING (item_id, payment_id)
      ORDER BY item_id, payment_id`,
    [itemIds],
  );
  const out = new Map<number, ItemPaymentShare[]>();
  for (const r of rows) {
    out.set(r.item_id, [...(out.get(r.item_id) ?? []), { paymentId: r.payment_id, paidOre: Number(r.paid), refundedOre: Number(r.refunded) }]);
  }
  return out;
}

/** One item's refund as the caller decided it: the amounts of its line, and whether the item stays valid. */
export interface ItemRefund extends RefundAmounts {
  itemId: number;
  orderId: number;
  /** The item's own payment (its sale's): the part that goes back to it counts the item. */
  paymentId: number | null;
  keepValid: boolean;
}

/** What every refund row of this action shares. */
export interface RefundHead {
  eventId: number;
  promoterId: number;
  userId: number;
  reason: string | null;
  /** The refund-fee percentage the amounts back were proposed from; null when none is kept (the counter). */
  feePercent: number | null;
  /** A re-seat's difference (refund_items.reseat): the ticket's price after its moves goes down by it. */
  reseat?: boolean;
}

export interface WrittenRefund { id: number; paymentId: number; parts: (PaymentRefundPart & { itemId: number })[] }

/**
 * Splits each item's line across its payments and writes one refund per payment, oldest payment first. A line that
 * asks for more than is left of its item is refused (422 refund_too_large) before anything is written.
 */
export async function writeRefunds(tx: Queryable, head: RefundHead, items: ItemRefund[]): Promise<WrittenRefund[]> {
  const shares = await itemPaymentShares(tx, items.map((i) => i.itemId));
  const byPayment = new Map<number, { orderId: number; parts: WrittenRefund['parts'] }>();
  for (const item of items) {
    const parts = attributeRefund(shares.get(item.itemId) ?? [], item, item.paymentId);
    if (!parts) throw new HttpError(422, 'refund_too_large', `The refund of item ${item.itemId} is more than what is left to refund.`);
    for (const p of parts) {
      const group = byPayment.get(p.paymentId) ?? { orderId: item.orderId, parts: [] };
      group.parts.push({ ...p, itemId: item.itemId });
      byPayment.set(p.paymentId, group);
    }
  }
  const keep = new Map(items.map((i) => [i.itemId, i.keepValid]));
  const written: WrittenRefund[] = [];
  for (const [paymentId, group] of [...byPayment].sort(([a], [b]) => a - b)) {
    const { rows: [r] } = await tx.query<{ id: number }>(
      `INSERT INTO refunds (order_id, payment_id, event_id, promoter_id, refunded_by, reason, refund_fee_percent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int`,
      [group.orderId, paymentId, head.eventId, head.promoterId, head.userId, head.reason, head.feePercent],
    );
    const p = group.parts;
    await tx.query(
      `INSERT INTO refund_items (refund_id, order_item_id, quantity, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore, keep_valid, reseat)
       SELECT $1::bigint, x.id, x.qty, x.ore, x.net, x.back, x.keep, $8::boolean
         FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[], $7::boolean[]) AS x(id, qty, ore, net, back, keep)`,
      [r.id, p.map((x) => x.itemId), p.map((x) => (x.unit ? 1 : 0)), p.map((x) => x.originalOre), p.map((x) => x.netOre),
        p.map((x) => x.amountOre), p.map((x) => keep.get(x.itemId) ?? false), head.reseat ?? false],
    );
    written.push({ id: r.id, paymentId, parts: p });
  }
  return written;
}
