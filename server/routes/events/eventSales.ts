import type { Queryable } from '../../db/database';

/**
 * What an event has earned, for the dashboard (docs/events.md "Dashboard figures"). Read from `sales_daily`, the paid
 * items per day that the finance report sums, so the dashboard's money and the report agree: what was paid for tickets
 * of the first sale (channels `sale` and `corporate`; a resale moves a ticket that was already sold), and the ticket
 * service and admin fees of those sales; and what refunds took off them (the price decrease of refunded tickets and
 * ticket fees of those sales, as the finance report's ticket refunds sum it), which the dashboard's Total subtracts.
 * How many places are sold is NOT counted here: that is the one definition of server/places/placeCounts.ts
 * (docs/places.md), which leaves refunded and resold tickets out.
 */
const FIRST_SALE = `sd.channel IN ('sale', 'corporate')`;

export interface EventSales {
  ticketsOre: number;
  serviceFeesOre: number;
  adminFeesOre: number;
  /** The price decrease of refunded tickets and ticket fees of the first sale. */
  refundsOre: number;
  /** Tickets of back-office reservations (guest, corporate, …) assigned to a person. */
  assignedReservationTickets: number;
}

const BACK_OFFICE_RESERVATIONS = `('guest', 'corporate', 'handicapped', 'known_person', 'vip')`;

export async function eventSales(db: Queryable, eventId: number): Promise<EventSales> {
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT coalesce(sum(sd.amount_ore) FILTER (WHERE sd.type = 'ticket'), 0)::bigint AS tickets_ore,
            coalesce(sum(sd.amount_ore) FILTER (WHERE sd.fee_type = 'ticket_service_fee'), 0)::bigint AS service_ore,
            coalesce(sum(sd.amount_ore) FILTER (WHERE sd.fee_type = 'ticket_admin_fee'), 0)::bigint AS admin_ore,
            (SELECT count(*) FROM orders o JOIN order_items i ON i.order_id = o.id
              WHERE o.event_id = $1 AND o.type IN ${BACK_OFFICE_RESERVATIONS} AND o.status NOT IN ('void', 'expired')
                AND i.type = 'ticket' AND i.valid AND i.holder_id IS NOT NULL)::int AS assigned,
            (SELECT coalesce(sum(ri.original_price_decrease_ore), 0)::bigint
               FROM refunds r JOIN refund_items ri ON ri.refund_id = r.id JOIN order_items i ON i.id = ri.order_item_id
              WHERE r.event_id = $1 AND i.channel IN ('sale', 'corporate')
                AND (i.type = 'ticket' OR i.fee_type IN ('ticket_service_fee', 'ticket_admin_fee'))) AS refunds_ore
       FROM sales_daily sd
      WHERE sd.event_id = $1 AND ${FIRST_SALE}`,
    [eventId],
  );
  const r = rows[0];
  return {
    ticketsOre: Number(r.tickets_ore),
    serviceFeesOre: Number(r.service_ore),
    adminFeesOre: Number(r.admin_ore),
    refundsOre: Number(r.refunds_ore),
    assignedReservationTickets: Number(r.assigned),
  };
}

/**
 * Whether the event's orders keep it from being deleted: any order of a published event, and on a draft any order
 * with a payment or a paid item. Sales are never deleted with their event; a draft's unpaid reservations (the
 * corporate reservations the copy wizard copied onto it) may go with it.
 */
export async function ordersKeepEvent(db: Queryable, eventId: number): Promise<boolean> {
  const { rows } = await db.query<{ keep: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM orders o JOIN events e ON e.id = o.event_id
        WHERE o.event_id = $1
          AND (e.status <> 'draft'
               OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)
               OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND (i.sold_at IS NOT NULL OR i.payment_id IS NOT NULL)))
     ) AS keep`,
    [eventId],
  );
  return Boolean(rows[0].keep);
}
