import type { SeatLabel } from '../../../src/contracts/reservations';
import { sekFromOre } from '../../../src/domain/money';
import { writeAudit } from '../../audit/auditLog';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../httpErrors';
import type { SessionUser } from '../../plugins/auth';
import { noteSeatChanges } from '../../seat-state/seatVersions';
import { FAMILY, type ReservationRow } from '../../reservations/reservationQueries';
import { releaseExpiredHolds } from '../../reservations/reserveTickets';

interface TicketRow {
  id: number; event_id: number; section_id: number; seat_id: number | null; ticket_type_id: number | null; price_ore: number;
  sold_at: string | null; section: string; row_label: string | null; seat_label: string | null; ticket_type: string | null;
}
interface TargetRow { section_id: number; seat_id: number; general_admission: boolean; hidden: boolean; price_ore: number | null }

const where = (s: { section: string; row: string | null; seat: string | null }) => `${s.section}, row ${s.row}, seat ${s.seat}`;

/**
 * Re-seat (issue 38): a ticket of the reservation moves to another free seat of the event, keeping its ticket type,
 * in one transaction with an audit row, and both seats reach open maps (bumpSeatVersion). An unpaid ticket takes the
 * new seat's price; a paid one moves only to a seat of the same price (a different price is a refund and a new sale,
 * which the console says). The unique index on valid seats decides a race for the seat: the loser gets 409.
 */
export async function reseatTicket(tx: Queryable, user: SessionUser, r: ReservationRow, itemId: number, to: SeatLabel): Promise<void> {
  const { rows: [ticket] } = await tx.query<TicketRow>(
    `SELECT i.id::int, i.event_id::int, i.section_id::int, i.seat_id::int, i.ticket_type_id::int, i.price_ore::int, i.sold_at::text,
            s.name AS section, ms.row_label, ms.seat_label, tt.name AS ticket_type
       FROM order_items i JOIN map_sections s ON s.id = i.section_id LEFT JOIN map_seats ms ON ms.id = i.seat_id
       LEFT JOIN ticket_types tt ON tt.id = i.ticket_type_id
      WHERE i.id = $2 AND i.order_id IN (${FAMILY('$1::bigint')}) AND i.type = 'ticket' AND i.valid
      FOR UPDATE OF i`, [r.id, itemId]);
  if (!ticket) throw new HttpError(422, 'unknown_item', `Ticket ${itemId} is not a valid ticket of this reservation.`);
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
  const paid = ticket.sold_at !== null;
  if (paid && target.price_ore !== ticket.price_ore) {
    throw new HttpError(422, 'price_differs',
      `This ticket is paid (${sekFromOre(ticket.price_ore).toFixed(2)} SEK) and ${where(to)} costs ${sekFromOre(target.price_ore).toFixed(2)} SEK: `
      + 'a paid ticket moves only to a seat of the same price. Refund it and sell the new seat instead.');
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
  await writeAudit(tx, {
    userId: user.id, action: 'ticket.reseat', eventId: ticket.event_id, promoterId: r.promoter_id, orderId: r.id,
    amounts: { item_id: ticket.id, from, to, price_ore_before: ticket.price_ore, price_ore_after: paid ? ticket.price_ore : target.price_ore },
  });
  await noteSeatChanges(tx, [...freed, { event_id: ticket.event_id, section_id: ticket.section_id, seat_id: ticket.seat_id },
    { event_id: ticket.event_id, section_id: target.section_id, seat_id: target.seat_id }]);
}
