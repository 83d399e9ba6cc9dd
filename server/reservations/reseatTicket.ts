import type { SeatLabel } from '../../src/contracts/reservations';
import { exclFromIncl } from '../../src/domain/vat';
import { RESEAT_MESSAGES, reseatQuote, type ReseatChannel } from '../../src/domain/reseat';
import { writeAudit } from '../audit/auditLog';
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../httpErrors';
import type { SessionUser } from '../plugins/auth';
import { noteSeatChanges } from '../seat-state/seatVersions';
import { leasedMessage, seatsLeasedToOthers } from '../seat-leases/leaseGuard';
import { FAMILY } from './reservationQueries';
import { releaseExpiredHolds } from './reserveTickets';

/** The order (or reservation) whose ticket moves, already found under the caller's scope and locked. */
export interface ReseatOrder { id: number; event_id: number; promoter_id: number }

export type { ReseatChannel };

/** What a re-seat did, öre. `refund` only when a paid ticket moved to a cheaper seat. */
export interface ReseatResult {
  item_id: number;
  price_before_ore: number;
  price_after_ore: number;
  refund: { id: number; price_decrease_ore: number; amount_ore: number; fee_ore: number } | null;
}

interface TicketRow {
  id: number; order_id: number; event_id: number; section_id: number; seat_id: number | null; ticket_type_id: number | null; price_ore: number;
  sold_at: string | null; payment_id: number | null; vat_percent: string; refunded_ore: number;
  section: string; row_label: string | null; seat_label: string | null; ticket_type: string | null;
}
interface TargetRow { section_id: number; seat_id: number; general_admission: boolean; hidden: boolean; price_ore: number | null }

const where = (s: { section: string; row: string | null; seat: string | null }) => `${s.section}, row ${s.row}, seat ${s.seat}`;

/**
 * The order a back-office user re-seats in (PUT api/orders/{id}/items/{itemId}/seat), locked: admins reach every
 * promoter's orders, anyone else only their own promoter's (another's answers 404, like a missing one). A void order
 * has no valid ticket to move.
 */
export async function findOrderToReseat(tx: Queryable, user: SessionUser, id: number): Promise<ReseatOrder> {
  const scope = user.type === 'admin' ? null : (user.promoterId ?? -1);
  const { rows: [o] } = await tx.query<ReseatOrder>(
    `SELECT id::int, event_id::int, promoter_id::int FROM orders
      WHERE id = $1 AND status <> 'void' AND ($2::bigint IS NULL OR promoter_id = $2) FOR UPDATE`, [id, scope]);
  if (!o) throw notFound('The order');
  return o;
}

/**
 * Re-seat (issue 38; docs/orders.md, docs/reservations.md, docs/boxoffice.md): a valid ticket of the order or one of
 * its sub-reservations moves to another free seat of the event, keeping its ticket type, in one transaction with an
 * audit row, and both seats reach open maps (noteSeatChanges bumps the event's seat-state version).
 *
 * - The new seat must be a seat of the event's map, not hidden, and priced for the ticket's type.
 * - Another counter's running lease refuses it (409 seat_leased; the order_items guard of 220 refuses it too); a valid
 *   item holding it (a reserve, a sale, a hold that has not ended) refuses it through the unique index (409 seat_taken).
 *   A hold that has ended gives the seat up, as it does to a reserve.
 * - Unpaid: the ticket takes the new seat's price. Paid, same price: it only moves. Paid, cheaper: the difference is
 *   refunded against the ticket's payment, which stays valid (a refund row with keep_valid), by the channel's rule.
 *   Paid, dearer: refused (price_differs) — the difference would have to be paid, and that is a sale: the console
 *   says to refund the ticket and sell the new seat.
 */
export async function reseatTicket(
  tx: Queryable, user: SessionUser, order: ReseatOrder, itemId: number, to: SeatLabel, channel: ReseatChannel,
): Promise<ReseatResult> {
  const { rows: [ticket] } = await tx.query<TicketRow>(
    `SELECT i.id::int, i.order_id::int, i.event_id::int, i.section_id::int, i.seat_id::int, i.ticket_type_id::int, i.price_ore::int,
            i.sold_at::text, i.payment_id::int, i.vat_percent::text,
            coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0)::int AS refunded_ore,
            s.name AS section, ms.row_label, ms.seat_label, tt.name AS ticket_type
       FROM order_items i JOIN map_sections s ON s.id = i.section_id LEFT JOIN map_seats ms ON ms.id = i.seat_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
      WHERE i.id = $2 AND i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid
      FOR UPDATE OF i`, [order.id, itemId]);
  if (!ticket) throw new HttpError(422, 'unknown_item', `Ticket ${itemId} is not a valid ticket of this order.`);
  if (ticket.seat_id === null) throw new HttpError(422, 'standing_place', 'A standing place has no seat to move: remove it and add a place elsewhere.');
  const from = { section: ticket.section, row: ticket.row_label, seat: ticket.seat_label };
  const { rows: [target] } = await tx.query<TargetRow>(
    `SELECT s.id::int AS section_id, ms.id::int AS seat_id, s.general_admission, (coalesce(es.hidden, false) OR coalesce(ev.hidden, false)) AS hidden,
            (SELECT p.price_ore::int FROM price_set_items p
              WHERE p.price_set_id = CASE WHEN ev.price_overridden THEN ev.price_set_id ELSE es.price_set_id END AND p.ticket_type_id = $5) AS price_ore
       FROM events e JOIN map_sections s ON s.map_id = e.map_id AND s.name = $2
       JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = $3 AND ms.seat_label = $4
       LEFT JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id
       LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
      WHERE e.id = $1`, [ticket.event_id, to.section, to.row, to.seat, ticket.ticket_type_id]);
  if (!target || target.general_admission) throw new HttpError(422, 'not_a_seat', `${where(to)} is not a seat of this event's map.`);
  if (target.seat_id === ticket.seat_id) throw new HttpError(422, 'same_seat', 'The ticket is on this seat already: choose another one.');
  if (target.hidden || target.price_ore === null) {
    throw new HttpError(422, 'not_reservable', `${where(to)} cannot take this ticket: it is hidden or has no ${ticket.ticket_type ?? ''} price.`.replace('  ', ' '));
  }
  const paid = ticket.sold_at !== null && ticket.payment_id !== null;
  // Who moves it decides how a paid difference goes back: the back office keeps the platform's refund fee, the
  // counter refunds in full (src/domain/reseat.ts; docs/refunds.md). The fee is read in this transaction.
  const fee = paid && channel !== 'counter' && target.price_ore < ticket.price_ore
    ? Number((await tx.query<{ percent: string }>('SELECT refund_fee_percent::text AS percent FROM platform_settings')).rows[0]?.percent ?? 0)
    : 0;
  const quote = reseatQuote({ paid, priceOre: ticket.price_ore, newPriceOre: target.price_ore, channel, refundFeePercent: fee });
  if (quote.kind === 'refused') throw new HttpError(422, 'price_differs', RESEAT_MESSAGES.priceDiffers(ticket.price_ore, where(to), target.price_ore));
  // Another counter's running lease: said in the counter's words before anything is written.
  const [clash] = await seatsLeasedToOthers(tx, [{ k: 0, event_id: ticket.event_id, seat_id: target.seat_id, order_id: ticket.order_id }]);
  if (clash) throw new HttpError(409, 'seat_leased', leasedMessage(clash));
  // A hold that ended on the new seat gives it up, as it would to a reserve (and with it its other places).
  const freed = await releaseExpiredHolds(tx, [{ event_id: ticket.event_id, section_id: target.section_id, seat_id: target.seat_id }]);
  try {
    await tx.query(
      `UPDATE order_items SET section_id = $2, seat_id = $3,
              price_ore = CASE WHEN sold_at IS NULL THEN $4 ELSE price_ore END,
              original_price_ore = CASE WHEN sold_at IS NULL THEN $4 ELSE original_price_ore END
        WHERE id = $1`, [ticket.id, target.section_id, target.seat_id, target.price_ore]);
  } catch (err) {
    // The unique index on valid seats: someone else holds it (the transaction rolls back).
    if ((err as { code?: string }).code === '23505') throw new HttpError(409, 'seat_taken', `${where(to)} is taken: choose another seat.`);
    throw err;
  }
  const refund = quote.kind === 'refund'
    ? await refundDifference(tx, user, order, ticket, quote, channel === 'counter' ? null : fee, `Re-seat from ${where(from)} to ${where(to)}`)
    : null;
  const after = paid ? ticket.price_ore : target.price_ore;
  await writeAudit(tx, {
    userId: user.id, action: 'ticket.reseat', eventId: ticket.event_id, promoterId: order.promoter_id, orderId: order.id,
    amounts: {
      item_id: ticket.id, channel, from, to: { section: to.section, row: to.row, seat: to.seat },
      price_ore_before: ticket.price_ore, price_ore_after: after, new_seat_price_ore: target.price_ore,
      ...(refund ? { refund_id: refund.id, price_decrease_ore: refund.price_decrease_ore, refund_amount_ore: refund.amount_ore, refund_fee_ore: refund.fee_ore } : {}),
    },
  });
  await noteSeatChanges(tx, [...freed, { event_id: ticket.event_id, section_id: ticket.section_id, seat_id: ticket.seat_id },
    { event_id: ticket.event_id, section_id: target.section_id, seat_id: target.seat_id }]);
  return { item_id: ticket.id, price_before_ore: ticket.price_ore, price_after_ore: after, refund };
}

/**
 * A paid ticket on a cheaper seat: the difference is a refund against its payment (docs/refunds.md) that keeps the
 * ticket valid. The ticket's price stays what was paid (money history is append-only); the refund line says what the
 * sale lost. The percentage is recorded for the back office's refund; the counter's records none, as its release.
 */
async function refundDifference(
  tx: Queryable, user: SessionUser, order: ReseatOrder, ticket: TicketRow, q: { decreaseOre: number; amountOre: number; feeOre: number },
  percent: number | null, reason: string,
): Promise<NonNullable<ReseatResult['refund']>> {
  if (q.decreaseOre > ticket.price_ore - ticket.refunded_ore) {
    throw new HttpError(422, 'refund_too_large', 'This ticket was refunded already: the difference is more than what is left to refund. Choose a seat of the same price.');
  }
  const { rows: [r] } = await tx.query<{ id: number }>(
    `INSERT INTO refunds (order_id, payment_id, event_id, promoter_id, refunded_by, reason, refund_fee_percent)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int`,
    [ticket.order_id, ticket.payment_id, ticket.event_id, order.promoter_id, user.id, reason, percent],
  );
  await tx.query(
    `INSERT INTO refund_items (refund_id, order_item_id, original_price_decrease_ore, net_price_decrease_ore, refund_amount_ore, keep_valid)
     VALUES ($1, $2, $3, $4, $5, true)`,
    [r.id, ticket.id, q.decreaseOre, exclFromIncl(q.decreaseOre, Number(ticket.vat_percent)), q.amountOre],
  );
  return { id: r.id, price_decrease_ore: q.decreaseOre, amount_ore: q.amountOre, fee_ore: q.feeOre };
}
