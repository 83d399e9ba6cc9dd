import { createHash } from 'node:crypto';
import { REFUND_SUCCESS, type MergeBody, type RefundBody, type RefundResult } from '../../../src/contracts/orders';
import { formatAmount, oreFromSek, sekFromOre } from '../../../src/domain/money';
import { exclFromIncl, formatVatPercent } from '../../../src/domain/vat';
import { canReturnFood } from '../../../src/domain/merchandise';
import { FOOD_NOT_RETURNABLE, REFUND_MESSAGES, canVoidOrder, voidMessage, hasMoreThanTwoDecimals, proposedRefundOre } from '../../../src/domain/orders';
import { writeAudit } from '../../audit/auditLog';
import type { Queryable } from '../../db/database';
import { HttpError, notFound, throwIfInvalid } from '../../httpErrors';
import type { SessionUser } from '../../plugins/auth';
import { writeRefunds } from '../../refunds/refundLines';
import { EXPIRED } from '../../reservations/reservationQueries';
import { noteSeatChanges, type EventPlaceChange } from '../../seat-state/seatVersions';

/**
 * Void (001 §4): only a new or pending order. Its items and its sub-reservations' items become invalid at once
 * (the seats are free again: the no-double-sale index only holds valid items), its open payments void; one
 * transaction with its audit row. Nothing is deleted.
 *
 * A hold that has ended (hold_ended, 235_hold_ended.sql) already holds nothing: its seats read free to every map and
 * the next reserve of one takes it. Voiding it is allowed (the order is still new or pending, and a later reserved
 * until would otherwise revive it) but frees nothing: the answer, the audit row and the console say so, and no map is
 * told of a change. Only an item that held its place when the void began (paid, or its hold still running) counts as
 * freed. A hold whose seats another reserve took is `expired` (reserveTickets.ts): the void refuses it, and it only
 * ever touches its own order's items (docs/orders.md "Void").
 */
export async function voidOrder(tx: Queryable, user: SessionUser, id: number) {
  const { rows } = await tx.query<{ status: string; event_id: number; promoter_id: number; hold_ended: boolean; reserved_until: string | null }>(
    `SELECT o.status, o.event_id::int, o.promoter_id::int, ${EXPIRED('o')} AS hold_ended,
            to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI') AS reserved_until
       FROM orders o WHERE o.id = $1 FOR UPDATE`, [id],
  );
  const order = rows[0];
  if (!order) throw notFound('The order');
  if (order.status === 'expired') {
    throw new HttpError(409, 'cannot_void', 'This hold ended and its seats were given up to another reservation; there is nothing left to void.');
  }
  if (!canVoidOrder(order.status)) {
    throw new HttpError(409, 'cannot_void', `Only a new or pending order can be voided; this order is ${order.status}.`);
  }
  // Whether each item held its place is read before anything changes (its order's hold_ended, a paid item always).
  const items = await tx.query<{ n: number; freed: number; seats: number; seats_freed: number; amount: number; places: EventPlaceChange[] | null }>(
    `WITH voided AS (
       UPDATE order_items i SET valid = false
         FROM orders x
        WHERE x.id = i.order_id AND (x.id = $1 OR x.parent_id = $1) AND i.valid
       RETURNING i.type, i.event_id, i.section_id, i.seat_id, i.price_ore::bigint * i.quantity AS amount,
                 (i.sold_at IS NOT NULL OR NOT ${EXPIRED('x')}) AS held)
     SELECT count(*)::int AS n, count(*) FILTER (WHERE held)::int AS freed,
            count(*) FILTER (WHERE type = 'ticket')::int AS seats, count(*) FILTER (WHERE type = 'ticket' AND held)::int AS seats_freed,
            coalesce(sum(amount), 0)::bigint AS amount,
            json_agg(json_build_object('event_id', event_id, 'section_id', section_id, 'seat_id', seat_id)) FILTER (WHERE type = 'ticket' AND held) AS places
       FROM voided`,
    [id],
  );
  await tx.query(
    `UPDATE orders SET status = 'void', updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
      WHERE (id = $1 OR parent_id = $1) AND status IN ('new', 'pending')`,
    [id],
  );
  await tx.query(
    `UPDATE payments SET status = 'void' WHERE order_id IN (SELECT x.id FROM orders x WHERE x.id = $1 OR x.parent_id = $1) AND status = 'pending'`,
    [id],
  );
  const voided = items.rows[0];
  await writeAudit(tx, {
    userId: user.id, action: 'order.void', eventId: order.event_id, promoterId: order.promoter_id, orderId: id,
    amounts: {
      previous_status: order.status, items: voided.n, tickets: voided.seats, tickets_freed: voided.seats_freed,
      amount_ore: Number(voided.amount), hold_ended: order.hold_ended,
      ...(order.hold_ended ? { reserved_until: order.reserved_until } : {}),
    },
  });
  await noteSeatChanges(tx, voided.places ?? []);
  return {
    message: voidMessage(order.hold_ended, voided.freed, order.reserved_until),
    id, status: 'void' as const, items_freed: voided.freed, items_voided: voided.n, hold_ended: order.hold_ended,
  };
}

interface LockedItem {
  id: number;
  order_id: number;
  event_id: number;
  promoter_id: number;
  type: string;
  payment_id: number | null;
  sold_at: string | null;
  paid: number;
  refunded: number;
  /** The item's VAT rate (percent): what a refund takes off excl. VAT follows from it. */
  vat_percent: string;
  /** Food merchandise: when the venue opens (epoch ms; the event's start when no opening time is set). */
  food_venue_open_ms: number | null;
}

/** A hash of the refund request's body: the same key answers again only for the same request. */
export function refundRequestHash(body: RefundBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Keeps what the refund answered, per user and Idempotency-Key; true when this call is the first with the key. */
async function claimKey(tx: Queryable, userId: number, key: string, orderId: number, hash: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO refund_requests (user_id, idempotency_key, order_id, response, request_hash) VALUES ($1, $2, $3, '{}'::jsonb, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [userId, key, orderId, hash],
  );
  return rows.length === 1;
}

/**
 * The first answer to this user's key, or null. A key reused with another request is refused (422
 * idempotency_key_reused), never answered with the first request's result.
 */
export async function storedRefund(db: Queryable, userId: number, key: string, hash: string): Promise<RefundResult | null> {
  const { rows } = await db.query<{ response: RefundResult; request_hash: string | null }>(
    'SELECT response, request_hash FROM refund_requests WHERE user_id = $1 AND idempotency_key = $2', [userId, key],
  );
  if (rows[0] && rows[0].request_hash !== null && rows[0].request_hash !== hash) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another refund. Send a new key for a new request.');
  }
  return rows[0]?.response ?? null;
}

/** The spec's form rules (001 §5 "Refund") as field errors, before anything is read. */
export function checkRefundBody(body: RefundBody): number {
  const orderId = typeof body.order_id === 'number' ? body.order_id : null;
  throwIfInvalid({
    order_id: orderId === null ? REFUND_MESSAGES.orderIdRequired : undefined,
    items: body.items.length === 0 ? REFUND_MESSAGES.noItem : undefined,
  });
  const seen = new Set<number>();
  for (const item of body.items) {
    if (seen.has(item.id)) throw new HttpError(422, 'duplicate_item', `Item ${item.id} is listed twice.`);
    seen.add(item.id);
    const payment = item.item_payments?.[0];
    if (!payment || !payment.id) throw new HttpError(422, 'payment_not_found', REFUND_MESSAGES.paymentIdMissing(item.id));
    const back = payment.refund_amount;
    if ((back !== undefined && back > payment.original_price_decrease) || payment.net_price_decrease > payment.original_price_decrease) {
      throw new HttpError(422, 'refund_amount', `The refund of item ${item.id} must not be more than its price decrease.`);
    }
    // Money has öre, not less (0.001 SEK would round to nothing), and a refund of nothing would still end a paid
    // ticket: the least refund is 0.01 SEK (issue 34). Ending a paid item without refunding is not a refund.
    const amounts = [payment.original_price_decrease, payment.net_price_decrease, back ?? 0];
    if (amounts.some(hasMoreThanTwoDecimals)) {
      throw new HttpError(422, 'refund_amount', `The amounts of item ${item.id} may have at most two decimals.`);
    }
    if (payment.original_price_decrease < 0.01 || (back !== undefined && back < 0.01)) {
      throw new HttpError(422, 'refund_amount', `The refund of item ${item.id} must be at least 0,01 SEK.`);
    }
  }
  return orderId as number;
}

/**
 * POST api/refund (001 §2 "Refund", §7): each item is refunded by at most what was paid minus what was already
 * refunded, back to the payments that paid it (its sale's, and a re-seat's difference first: docs/refunds.md). The item rows are locked first, so two refunds of the same item run
 * one after the other and the second sees the first (the refund_items trigger checks the same in the database).
 * A ticket that does not stay valid frees its seat. With an Idempotency-Key the first result is answered again.
 */
export async function refundOrder(tx: Queryable, user: SessionUser, orderId: number, body: RefundBody, key: string | null): Promise<RefundResult> {
  const hash = refundRequestHash(body);
  if (key && !(await claimKey(tx, user.id, key, orderId, hash))) {
    const first = await storedRefund(tx, user.id, key, hash);
    if (first) return first;
  }
  const order = await tx.query<{ id: number }>('SELECT id FROM orders WHERE id = $1', [orderId]);
  if (!order.rows[0]) throw notFound('The order');
  const ids = body.items.map((i) => i.id);
  const settings = await tx.query<{ percent: string }>('SELECT refund_fee_percent::text AS percent FROM platform_settings');
  const feePercent = Number(settings.rows[0]?.percent ?? 0);
  // Lock first, read after: the sums below then see every refund committed before the lock was granted.
  await tx.query('SELECT id FROM order_items WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
  const { rows } = await tx.query<LockedItem>(
    `SELECT i.id::int, i.order_id::int, i.event_id::int, i.promoter_id::int, i.type, i.payment_id::int, i.sold_at::text, i.vat_percent::text,
            i.price_ore::bigint * i.quantity
              + coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = i.id), 0) AS paid,
            coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0)::bigint AS refunded,
            (SELECT (extract(epoch FROM coalesce(e.venue_open_date, e.start_date) AT TIME ZONE 'Europe/Stockholm') * 1000)::float8
               FROM merchandises m JOIN merchandise_types mt ON mt.id = m.type_id JOIN events e ON e.id = coalesce(m.event_id, i.event_id)
              WHERE i.type = 'merchandise' AND m.id = i.merchandise_id AND mt.alias = 'food') AS food_venue_open_ms
       FROM order_items i
      WHERE i.id = ANY($1::bigint[]) AND i.order_id IN (SELECT x.id FROM orders x WHERE x.id = $2 OR x.parent_id = $2)
      ORDER BY i.id`,
    [ids, orderId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = body.items.map((item) => {
    const locked = byId.get(item.id);
    if (!locked) throw new HttpError(422, 'unknown_item', `Item ${item.id} is not part of order ${orderId}.`);
    const payment = item.item_payments![0];
    if (!locked.payment_id || !locked.sold_at || locked.payment_id !== payment.id) {
      throw new HttpError(422, 'payment_not_found', REFUND_MESSAGES.paymentIdMissing(item.id));
    }
    // Food cannot be returned from 24 h before the venue opens (001 §5, §9): refused here, not only reminded of.
    if (locked.food_venue_open_ms !== null && !canReturnFood(new Date(Number(locked.food_venue_open_ms)), new Date())) {
      throw new HttpError(422, 'food_not_returnable', FOOD_NOT_RETURNABLE(item.id));
    }
    const original = oreFromSek(payment.original_price_decrease);
    const left = Number(locked.paid) - Number(locked.refunded);
    if (original > left) {
      throw new HttpError(422, 'refund_too_large',
        `The refund of item ${item.id} is more than what is left to refund (${formatAmount(left)} SEK).`);
    }
    // What the refund takes off excl. VAT is the decrease at the item's own VAT rate: the accounting report states
    // it as sent, so a figure at another rate (or none) would put a wrong VAT on the books. Rounding may differ by an öre.
    const net = oreFromSek(payment.net_price_decrease);
    const expectedNet = exclFromIncl(original, Number(locked.vat_percent));
    if (Math.abs(net - expectedNet) > 1) {
      throw new HttpError(422, 'net_price_decrease',
        `The amount excl. VAT of item ${item.id} must be ${formatAmount(expectedNet)} SEK: ${formatAmount(original)} SEK at its ${formatVatPercent(Number(locked.vat_percent))} % VAT.`);
    }
    // The admin's amount back when given; otherwise the proposal: the decrease minus the platform's refund fee.
    const amount = payment.refund_amount === undefined ? proposedRefundOre(original, feePercent) : oreFromSek(payment.refund_amount);
    if (amount < 1) {
      throw new HttpError(422, 'refund_amount', `The refund of item ${item.id} after the refund fee is less than 0,01 SEK.`);
    }
    return {
      item: locked,
      keepValid: item.keep_valid ?? false,
      original,
      net,
      amount,
    };
  });
  // Each line goes back across the payments that paid its item, newest first (a re-seat's difference before the
  // sale's payment): one refund per payment, none above what its payment collected (server/refunds/refundLines.ts).
  const first = lines[0].item;
  const written = await writeRefunds(tx, {
    eventId: first.event_id, promoterId: first.promoter_id, userId: user.id, reason: body.reason?.trim() || null, feePercent,
  }, lines.map((l) => ({
    itemId: l.item.id, orderId: l.item.order_id, paymentId: l.item.payment_id, keepValid: l.keepValid,
    originalOre: l.original, netOre: l.net, amountOre: l.amount,
  })));
  const refundIds = written.map((w) => w.id);
  const invalid = lines.filter((l) => !l.keepValid).map((l) => l.item.id);
  // A ticket that does not stay valid frees its place (merchandise has none: its section is null).
  const freed = invalid.length
    ? (await tx.query<EventPlaceChange>('UPDATE order_items SET valid = false WHERE id = ANY($1::bigint[]) AND valid RETURNING event_id, section_id, seat_id', [invalid])).rows
    : [];
  await writeAudit(tx, {
    userId: user.id, action: 'order.refund', eventId: first.event_id, promoterId: first.promoter_id, orderId,
    amounts: {
      refund_ids: refundIds,
      payments: written.map((w) => ({ payment_id: w.paymentId, refund_id: w.id, price_decrease_ore: w.parts.reduce((a, x) => a + x.originalOre, 0), refund_amount_ore: w.parts.reduce((a, x) => a + x.amountOre, 0) })),
      ...(body.reason?.trim() ? { reason: body.reason.trim() } : {}),
      original_price_decrease_ore: lines.reduce((s, l) => s + l.original, 0),
      net_price_decrease_ore: lines.reduce((s, l) => s + l.net, 0),
      refund_amount_ore: lines.reduce((s, l) => s + l.amount, 0),
      refund_fee_ore: lines.reduce((s, l) => s + l.original - l.amount, 0),
      refund_fee_percent: feePercent,
      items: lines.map((l) => ({
        id: l.item.id, original_price_decrease_ore: l.original, net_price_decrease_ore: l.net, refund_amount_ore: l.amount,
        refund_fee_ore: l.original - l.amount, keep_valid: l.keepValid,
      })),
    },
  });
  await noteSeatChanges(tx, freed);
  // The items as they now are, read back (not what the request asked): an item already invalid stays invalid.
  const now = await tx.query<{ id: number; valid: boolean; refunded: number }>(
    `SELECT i.id::int, i.valid,
            coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0)::bigint AS refunded
       FROM order_items i WHERE i.id = ANY($1::bigint[])`,
    [ids],
  );
  const state = new Map(now.rows.map((r) => [r.id, r]));
  const result: RefundResult = {
    message: REFUND_SUCCESS,
    order_id: orderId,
    refund_ids: refundIds,
    refund_fee_percent: feePercent,
    items: lines.map((l) => ({
      id: l.item.id, refunded: sekFromOre(Number(state.get(l.item.id)!.refunded)), valid: state.get(l.item.id)!.valid,
      refund_amount: sekFromOre(l.amount), refund_fee: sekFromOre(l.original - l.amount),
    })),
  };
  if (key) {
    await tx.query('UPDATE refund_requests SET response = $3::jsonb WHERE user_id = $1 AND idempotency_key = $2', [user.id, key, JSON.stringify(result)]);
  }
  return result;
}

/**
 * Re-assign (001 §2, §4): the reservation(s) of unregistered user {id} go to another user, registered or not;
 * the tickets the unregistered owner held in them follow. Audit row per order.
 */
export async function mergeUser(tx: Queryable, user: SessionUser, sourceId: number, body: MergeBody) {
  const people = await tx.query<{ id: number; type: string; status: string }>(
    'SELECT id::int, type, status FROM users WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [[sourceId, body.user_id]],
  );
  const source = people.rows.find((p) => p.id === sourceId);
  const target = people.rows.find((p) => p.id === body.user_id);
  if (!source) throw notFound('The user');
  if (!target) throw notFound('The user to re-assign to');
  if (source.status !== 'unregistered') throw new HttpError(422, 'owner_registered', 'Only reservations of an unregistered owner can be re-assigned.');
  if (target.id === source.id) throw new HttpError(422, 'same_user', 'Choose another user than the current owner.');
  if (target.type !== 'attendee' || !['active', 'unregistered'].includes(target.status)) {
    throw new HttpError(422, 'target_not_customer', 'A reservation can only be re-assigned to an active or unregistered customer.');
  }
  const moved = await tx.query<{ id: number; event_id: number; promoter_id: number; parent_id: number | null }>(
    `UPDATE orders SET owner_id = $2, updated_at = (now() AT TIME ZONE 'Europe/Stockholm')
      WHERE owner_id = $1 AND ($3::bigint IS NULL OR id = $3 OR parent_id = $3)
      RETURNING id::int, event_id::int, promoter_id::int, parent_id::int`,
    [sourceId, target.id, body.reservation_id ?? null],
  );
  if (moved.rows.length === 0) {
    throw body.reservation_id ? notFound('A reservation of this user') : new HttpError(422, 'nothing_to_reassign', 'This user owns no reservations.');
  }
  const ids = moved.rows.map((r) => r.id);
  const items = await tx.query<{ order_id: number; n: number; amount: number }>(
    `WITH held AS (UPDATE order_items SET holder_id = $2 WHERE order_id = ANY($3::bigint[]) AND holder_id = $1 RETURNING order_id)
     SELECT o.id::int AS order_id, (SELECT count(*)::int FROM held h WHERE h.order_id = o.id) AS n,
            (SELECT coalesce(sum(i.price_ore::bigint * i.quantity), 0)::bigint FROM order_items i WHERE i.order_id = o.id AND i.valid) AS amount
       FROM unnest($3::bigint[]) AS o(id)`,
    [sourceId, target.id, ids],
  );
  for (const order of moved.rows.filter((r) => r.parent_id === null || !ids.includes(r.parent_id))) {
    const item = items.rows.find((i) => i.order_id === order.id);
    await writeAudit(tx, {
      userId: user.id, action: 'order.reassign', eventId: order.event_id, promoterId: order.promoter_id, orderId: order.id,
      amounts: { from_user_id: sourceId, to_user_id: target.id, items_moved: item?.n ?? 0, amount_ore: Number(item?.amount ?? 0) },
    });
  }
  return { message: 'Reservation re-assigned', user_id: target.id, orders: ids };
}
