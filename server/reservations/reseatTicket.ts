import type { ReseatPayment, SeatLabel } from '../../src/contracts/reservations';
import { proposedRefundOre } from '../../src/domain/orders';
import { exclFromIncl } from '../../src/domain/vat';
import { RESEAT_MESSAGES, RESEAT_PAYMENT_METHODS, reseatQuote, type ReseatChannel, type ReseatQuote } from '../../src/domain/reseat';
import { serviceFeeBands, counterTender } from '../boxoffice/boxOfficeSale';
import { writeAudit } from '../audit/auditLog';
import type { Queryable } from '../db/database';
import { HttpError, notFound } from '../httpErrors';
import { writeRefunds } from '../refunds/refundLines';
import type { SessionUser } from '../plugins/auth';
import { noteSeatChanges } from '../seat-state/seatVersions';
import { leasedMessage, seatsLeasedInSeasonFamily, seatsLeasedToOthers, shareTicketWriteLocks } from '../seat-leases/leaseGuard';
import { EXPIRED, FAMILY, MOVED_PRICE_SQL, NOW_LOCAL } from './reservationQueries';
import { releaseExpiredHolds } from './reserveTickets';
import { lockSeasonFamilies, seatsHeldInSeasonFamily } from './seasonSeats';
import { displayDateTime } from '../../src/domain/displayDates';

/** The order (or reservation) whose ticket moves, already found under the caller's scope and locked. */
export interface ReseatOrder { id: number; event_id: number; promoter_id: number }

export type { ReseatChannel };

/** What a re-seat did, öre. `refund` only when a paid ticket moved to a cheaper seat, `payment` to a dearer one. */
export interface ReseatResult {
  item_id: number;
  price_before_ore: number;
  price_after_ore: number;
  refund: { id: number; ids: number[]; price_decrease_ore: number; amount_ore: number; fee_ore: number } | null;
  payment: { id: number; amount_ore: number; method: string; given_ore: number | null; change_ore: number | null; reference: string | null } | null;
}

interface TicketRow {
  id: number; order_id: number; event_id: number; section_id: number; seat_id: number | null; ticket_type_id: number | null; price_ore: number;
  sold_at: string | null; payment_id: number | null; vat_percent: string; refunded_ore: number; increased_ore: number; moved_ore: number;
  section: string; row_label: string | null; seat_label: string | null; ticket_type: string | null; order_type: string; fees_vat: string;
  hold_ended: boolean; reserved_until: string | null;
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
 *   refunded back to the payments that paid the ticket (newest first), which stays valid (refund lines with
 *   keep_valid), by the channel's rule. Paid, dearer: the difference is collected as a payment of the order (the
 *   reservation screens take none: there it is refused, price_differs).
 */
export async function reseatTicket(
  tx: Queryable, user: SessionUser, order: ReseatOrder, itemId: number, to: SeatLabel & { payment?: ReseatPayment }, channel: ReseatChannel,
): Promise<ReseatResult> {
  const payment = to.payment;
  const { rows: [ticket] } = await tx.query<TicketRow>(
    `SELECT i.id::int, i.order_id::int, i.event_id::int, i.section_id::int, i.seat_id::int, i.ticket_type_id::int, i.price_ore::int,
            i.sold_at::text, i.payment_id::int, i.vat_percent::text,
            coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = i.id), 0)::int AS refunded_ore,
            coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = i.id), 0)::int AS increased_ore,
            ${MOVED_PRICE_SQL('i')}::int AS moved_ore,
            s.name AS section, ms.row_label, ms.seat_label, tt.name AS ticket_type, o.type AS order_type, o.fees_vat::text,
            ${EXPIRED('o')} AS hold_ended, to_char(o.reserved_until, 'YYYY-MM-DD HH24:MI') AS reserved_until
       FROM order_items i JOIN orders o ON o.id = i.order_id
       JOIN map_sections s ON s.id = i.section_id LEFT JOIN map_seats ms ON ms.id = i.seat_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
      WHERE i.id = $2 AND i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid
      FOR UPDATE OF i`, [order.id, itemId]);
  if (!ticket) throw new HttpError(422, 'unknown_item', `Ticket ${itemId} is not a valid ticket of this order.`);
  if (ticket.seat_id === null) throw new HttpError(422, 'standing_place', 'A standing place has no seat to move: remove it and add a place elsewhere.');
  // An unpaid ticket of a hold that has ended holds no seat (235_hold_ended.sql): a move would say it took one.
  if (ticket.hold_ended && ticket.sold_at === null) {
    throw new HttpError(422, 'hold_ended', `This reservation was held until ${displayDateTime(ticket.reserved_until)}: its tickets hold no seat any more, so there is nothing to move. Extend the reservation first.`);
  }
  const from = { section: ticket.section, row: ticket.row_label, seat: ticket.seat_label };
  // The new seat's price and hidden state are read under the event's ticket-write lock (after the season family's, the
  // order every writer of places takes them): a release or hide of it committed before is seen, a later one waits for
  // this move and then finds the seat taken (server/reservations/reserveTickets.ts recheckSeatsUnderLock).
  const member = (await lockSeasonFamilies(tx, [ticket.event_id])).get(ticket.event_id);
  const inSeason = member !== undefined;
  await shareTicketWriteLocks(tx, [ticket.event_id]);
  const { rows: [target] } = await tx.query<TargetRow>(
    `SELECT s.id::int AS section_id, ms.id::int AS seat_id, s.general_admission, place_hidden(ev.hidden, es.hidden) AS hidden,
            (SELECT p.price_ore::int FROM price_set_items p
              WHERE p.price_set_id = effective_price_set(ev.price_overridden, ev.price_set_id, es.price_set_id) AND p.ticket_type_id = $5) AS price_ore
       FROM events e JOIN map_sections s ON s.map_id = e.map_id AND s.name = $2
       JOIN map_seats ms ON ms.section_id = s.id AND ms.row_label = $3 AND ms.seat_label = $4
       LEFT JOIN event_sections es ON es.event_id = e.id AND es.section_id = s.id
       LEFT JOIN event_seats ev ON ev.event_id = e.id AND ev.seat_id = ms.id
      WHERE e.id = $1`, [ticket.event_id, to.section, to.row, to.seat, ticket.ticket_type_id]);
  if (!target || target.general_admission) throw new HttpError(422, 'not_a_seat', `${where(to)} is not a seat of this event's map.`);
  if (target.seat_id === ticket.seat_id) throw new HttpError(422, 'same_seat', 'The ticket is on this seat already: choose another one.');
  // A season's ticket holds the seat in its included events too: it must be for sale there (seats_not_for_sale,
  // 299_seat_for_sale_once.sql), read under the family's lock taken above.
  const closedInFamily = member?.isSeason === true && !target.hidden
    && (await tx.query('SELECT 1 FROM seats_not_for_sale(ARRAY[$1::bigint], ARRAY[$2::bigint])', [ticket.event_id, target.seat_id])).rows.length > 0;
  if (target.hidden || target.price_ore === null || closedInFamily) {
    throw new HttpError(422, 'not_reservable', `${where(to)} cannot take this ticket: it is hidden or has no ${ticket.ticket_type ?? ''} price.`.replace('  ', ' '));
  }
  const paid = ticket.sold_at !== null && ticket.payment_id !== null;
  // A paid ticket's price stays that of its sale; what it came to after earlier moves is the price plus the
  // differences paid minus those refunded: a move is quoted from there, so moving back is not free.
  const nowOre = paid ? ticket.moved_ore : ticket.price_ore;
  // Who moves it decides how a paid difference goes back: the back office keeps the platform's refund fee, the
  // counter refunds in full (src/domain/reseat.ts; docs/refunds.md). The fee is read in this transaction. A box-office
  // sale wrote its service fees per ticket: they follow the new price's band; other orders' fees stay as sold.
  const fee = paid && channel !== 'counter' && target.price_ore < nowOre
    ? Number((await tx.query<{ percent: string }>('SELECT refund_fee_percent::text AS percent FROM platform_settings')).rows[0]?.percent ?? 0)
    : 0;
  const bands = paid && target.price_ore !== nowOre && ticket.order_type === 'boxoffice' ? await serviceFeeBands(tx, order.promoter_id) : null;
  let quote = reseatQuote({ paid, priceOre: nowOre, newPriceOre: target.price_ore, channel, refundFeePercent: fee, serviceFeeBands: bands });
  // A fee is given back only from the ticket's own service-fee item, paid (at the sale or with an earlier move's
  // difference) and not refunded yet.
  const ownFee = quote.kind === 'refund' && quote.serviceFeeDecreaseOre > 0 ? await ownServiceFee(tx, ticket) : null;
  if (quote.kind === 'refund' && quote.serviceFeeDecreaseOre > 0 && (!ownFee || ownFee.left_ore < quote.serviceFeeDecreaseOre)) {
    quote = reseatQuote({ paid, priceOre: nowOre, newPriceOre: target.price_ore, channel, refundFeePercent: fee, serviceFeeBands: null });
  }
  if (quote.kind === 'refused') throw new HttpError(422, 'price_differs', RESEAT_MESSAGES.priceDiffers(nowOre, where(to), target.price_ore));
  if (quote.kind === 'charge') checkPayment(quote, payment, channel);
  // Another counter's running lease: said in the counter's words before anything is written.
  const [clash] = await seatsLeasedToOthers(tx, [{ k: 0, event_id: ticket.event_id, seat_id: target.seat_id, order_id: ticket.order_id }]);
  if (clash) throw new HttpError(409, 'seat_leased', leasedMessage(clash));
  // In a season family the seat is taken once for all its events (seasonSeats.ts): under the family's lock, taken
  // above as a reserve takes it, a seat the season (or, for the season, an included event) holds or has leased is refused.
  if (inSeason) {
    const wanted = [{ k: 0, event_id: ticket.event_id, seat_id: target.seat_id }];
    const [familyLease] = await seatsLeasedInSeasonFamily(tx, wanted);
    if (familyLease) throw new HttpError(409, 'seat_leased', leasedMessage(familyLease));
    if ((await seatsHeldInSeasonFamily(tx, wanted)).length > 0) throw new HttpError(409, 'seat_taken', `${where(to)} is taken for the season: choose another seat.`);
  }
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
  const reason = `Re-seat from ${where(from)} to ${where(to)}`;
  const refund = quote.kind === 'refund'
    ? await refundDifference(tx, user, order, ticket, quote, channel === 'counter' ? null : fee, reason, ownFee)
    : null;
  const collected = quote.kind === 'charge' ? await collectDifference(tx, user, order, ticket, quote, payment!, channel, reason) : null;
  const after = paid ? ticket.price_ore : target.price_ore;
  await writeAudit(tx, {
    userId: user.id, action: 'ticket.reseat', eventId: ticket.event_id, promoterId: order.promoter_id, orderId: order.id,
    amounts: {
      item_id: ticket.id, channel, from, to: { section: to.section, row: to.row, seat: to.seat },
      price_ore_before: ticket.price_ore, price_ore_after: after, new_seat_price_ore: target.price_ore,
      ...(refund ? { refund_id: refund.id, refund_ids: refund.ids, price_decrease_ore: refund.price_decrease_ore, refund_amount_ore: refund.amount_ore, refund_fee_ore: refund.fee_ore } : {}),
      ...(quote.kind === 'refund' && quote.serviceFeeDecreaseOre > 0 ? { service_fee_decrease_ore: quote.serviceFeeDecreaseOre } : {}),
      ...(collected && quote.kind === 'charge' ? {
        payment_id: collected.id, price_increase_ore: quote.increaseOre, service_fee_increase_ore: quote.serviceFeeIncreaseOre,
        paid_ore: collected.amount_ore, tender: collected.method, given_ore: collected.given_ore, change_ore: collected.change_ore,
      } : {}),
    },
  });
  await noteSeatChanges(tx, [...freed, { event_id: ticket.event_id, section_id: ticket.section_id, seat_id: ticket.seat_id },
    { event_id: ticket.event_id, section_id: target.section_id, seat_id: target.seat_id }]);
  return { item_id: ticket.id, price_before_ore: ticket.price_ore, price_after_ore: after, refund, payment: collected };
}

/** A dearer seat is paid before anything moves: a method the channel takes, for the difference the user saw. */
function checkPayment(q: Extract<ReseatQuote, { kind: 'charge' }>, payment: ReseatPayment | undefined, channel: ReseatChannel): void {
  if (!payment) throw new HttpError(422, 'payment_required', RESEAT_MESSAGES.paymentRequired(q.amountOre));
  const methods: readonly string[] = channel === 'counter' ? ['cash', 'card', 'other'] : RESEAT_PAYMENT_METHODS;
  if (!methods.includes(payment.method)) {
    throw new HttpError(422, 'payment_method', `${payment.method} is not a way to pay here: use ${methods.join(', ')}.`);
  }
  if (payment.amount_ore !== q.amountOre) throw new HttpError(409, 'payment_changed', RESEAT_MESSAGES.paymentChanged(q.amountOre));
}

/**
 * A paid ticket on a dearer seat: the difference is a payment of the order (at the counter with its tender, whose
 * CHECKs are the till's), and the sale's gain is a price-increase row on the ticket (and on its service-fee item when
 * the fee moves with the price; a ticket sold with no service fee gets the fee as a new item paid by this payment).
 * The ticket keeps its first price and payment, as a cheaper move keeps them with a refund line.
 */
async function collectDifference(
  tx: Queryable, user: SessionUser, order: ReseatOrder, ticket: TicketRow, q: Extract<ReseatQuote, { kind: 'charge' }>,
  payment: ReseatPayment, channel: ReseatChannel, reason: string,
): Promise<NonNullable<ReseatResult['payment']>> {
  const tender = channel === 'counter' ? counterTender({ method: payment.method as 'cash' | 'card' | 'other', given_ore: payment.given_ore, reference: payment.reference }, q.amountOre) : null;
  const { rows: [p] } = await tx.query<{ id: number }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('payments', 'id')) AS id)
     INSERT INTO payments (id, order_id, provider, provider_order_id, status, valid, amount_ore, discount_ore, paid_at)
     OVERRIDING SYSTEM VALUE
     SELECT n.id, $1, $2, CASE WHEN $2 = 'boxoffice' THEN 'BO-' || n.id END, 'paid', true, $3, 0, ${NOW_LOCAL} FROM n
     RETURNING id::int`,
    [ticket.order_id, tender ? 'boxoffice' : payment.method, q.amountOre],
  );
  if (tender) {
    await tx.query(
      `INSERT INTO counter_tenders (payment_id, order_id, sold_by, method, total_ore, given_ore, change_ore, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [p.id, ticket.order_id, user.id, tender.method, tender.total_ore, tender.given_ore, tender.change_ore, tender.reference],
    );
  }
  const increase = (itemId: number, ore: number, vat: number) => tx.query(
    `INSERT INTO price_increases (order_id, order_item_id, payment_id, event_id, promoter_id, created_by, reason, original_price_increase_ore, net_price_increase_ore)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [ticket.order_id, itemId, p.id, ticket.event_id, order.promoter_id, user.id, reason, ore, exclFromIncl(ore, vat)],
  );
  await increase(ticket.id, q.increaseOre, Number(ticket.vat_percent));
  if (q.serviceFeeIncreaseOre > 0) {
    const { rows: [own] } = await tx.query<{ id: number }>(
      `SELECT id::int FROM order_items WHERE fee_of_item_id = $1 AND fee_type = 'ticket_service_fee' AND valid ORDER BY id LIMIT 1`, [ticket.id]);
    if (own) await increase(own.id, q.serviceFeeIncreaseOre, Number(ticket.fees_vat));
    else {
      await tx.query(
        `INSERT INTO order_items (order_id, event_id, promoter_id, type, fee_type, channel, quantity, original_price_ore, price_ore,
                                  vat_percent, payment_id, sold_at, fee_of_item_id)
         VALUES ($1, $2, $3, 'fee', 'ticket_service_fee', 'sale', 1, $4, $4, $5, $6, ${NOW_LOCAL}, $7)`,
        [ticket.order_id, ticket.event_id, order.promoter_id, q.serviceFeeIncreaseOre, Number(ticket.fees_vat), p.id, ticket.id],
      );
    }
  }
  return {
    id: p.id, amount_ore: q.amountOre, method: tender?.method ?? payment.method,
    given_ore: tender?.given_ore ?? null, change_ore: tender?.change_ore ?? null, reference: tender?.reference ?? payment.reference?.trim() ?? null,
  };
}

/**
 * A paid ticket on a cheaper seat: the difference is a refund (docs/refunds.md) that keeps the ticket valid, back to
 * the payments that paid it — a difference paid for an earlier dearer move first, then the sale's payment
 * (server/refunds/refundLines.ts). The ticket's price stays what was paid (money history is append-only); the refund
 * lines say what the sale lost. The percentage is recorded for the back office's refund; the counter's records none,
 * as its release.
 */
async function refundDifference(
  tx: Queryable, user: SessionUser, order: ReseatOrder, ticket: TicketRow, q: Extract<ReseatQuote, { kind: 'refund' }>,
  percent: number | null, reason: string, ownFee: OwnFee | null,
): Promise<NonNullable<ReseatResult['refund']>> {
  if (q.decreaseOre > ticket.price_ore + ticket.increased_ore - ticket.refunded_ore) {
    throw new HttpError(422, 'refund_too_large', 'This ticket was refunded already: the difference is more than what is left to refund. Choose a seat of the same price.');
  }
  // The service fee's line goes back by the same rule; the ticket's line takes the rest, so the lines add up.
  const feeBack = q.serviceFeeDecreaseOre > 0 ? (percent === null ? q.serviceFeeDecreaseOre : proposedRefundOre(q.serviceFeeDecreaseOre, percent)) : 0;
  const lines = [{ id: ticket.id, paymentId: ticket.payment_id, ore: q.decreaseOre, vat: Number(ticket.vat_percent), back: q.amountOre - feeBack }];
  if (ownFee && q.serviceFeeDecreaseOre > 0) lines.push({ id: ownFee.id, paymentId: ownFee.payment_id, ore: q.serviceFeeDecreaseOre, vat: Number(ticket.fees_vat), back: feeBack });
  const written = await writeRefunds(tx, { eventId: ticket.event_id, promoterId: order.promoter_id, userId: user.id, reason, feePercent: percent, reseat: true },
    lines.map((l) => ({ itemId: l.id, orderId: ticket.order_id, paymentId: l.paymentId, keepValid: true, originalOre: l.ore, netOre: exclFromIncl(l.ore, l.vat), amountOre: l.back })));
  return { id: written[written.length - 1].id, ids: written.map((w) => w.id), price_decrease_ore: q.decreaseOre + q.serviceFeeDecreaseOre, amount_ore: q.amountOre, fee_ore: q.feeOre };
}

interface OwnFee { id: number; payment_id: number; left_ore: number }
/**
 * The ticket's own service-fee item, paid (a box-office sale writes one per ticket; a dearer move writes one, paid by
 * the difference's payment, when the sale had none): what is left to refund.
 */
async function ownServiceFee(tx: Queryable, ticket: TicketRow): Promise<OwnFee | null> {
  const { rows: [f] } = await tx.query<OwnFee>(
    `SELECT f.id::int, f.payment_id::int, (f.price_ore
              + coalesce((SELECT sum(pi.original_price_increase_ore) FROM price_increases pi WHERE pi.order_item_id = f.id), 0)
              - coalesce((SELECT sum(ri.original_price_decrease_ore) FROM refund_items ri WHERE ri.order_item_id = f.id), 0))::int AS left_ore
       FROM order_items f
      WHERE f.fee_of_item_id = $1 AND f.fee_type = 'ticket_service_fee' AND f.valid AND f.payment_id IS NOT NULL AND f.sold_at IS NOT NULL
      ORDER BY f.id LIMIT 1 FOR UPDATE`, [ticket.id]);
  return f ?? null;
}
