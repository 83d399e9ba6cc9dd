import { formatReservationSek } from './money';
import { proposedRefundOre } from './orders';

/**
 * Re-seat (issue 38; docs/orders.md "Re-seat"): what moving a ticket to another seat costs or gives back. Who moves
 * it decides how a paid difference goes back (docs/refunds.md): the back office (order, reservation) keeps the
 * platform's refund fee, the box-office counter refunds in full as its release does. Money in öre.
 */
export type ReseatChannel = 'order' | 'reservation' | 'counter';

export type ReseatQuote =
  /** Unpaid: the ticket takes the new seat's price (which may be the same). */
  | { kind: 'reprice'; priceOre: number; differenceOre: number }
  /** Paid, same price: it only moves. */
  | { kind: 'same' }
  /** Paid, cheaper: the difference is refunded, the ticket stays valid. */
  | { kind: 'refund'; decreaseOre: number; amountOre: number; feeOre: number }
  /** Paid, dearer: the difference would be a new sale. */
  | { kind: 'refused'; moreOre: number };

export interface ReseatAsk {
  paid: boolean;
  priceOre: number;
  newPriceOre: number;
  channel: ReseatChannel;
  /** The platform's refund fee percentage (Settings → Fees); not used at the counter. */
  refundFeePercent: number;
}

export function reseatQuote(a: ReseatAsk): ReseatQuote {
  const differenceOre = a.newPriceOre - a.priceOre;
  if (!a.paid) return { kind: 'reprice', priceOre: a.newPriceOre, differenceOre };
  if (differenceOre === 0) return { kind: 'same' };
  if (differenceOre > 0) return { kind: 'refused', moreOre: differenceOre };
  const decreaseOre = -differenceOre;
  const amountOre = a.channel === 'counter' ? decreaseOre : proposedRefundOre(decreaseOre, a.refundFeePercent);
  return { kind: 'refund', decreaseOre, amountOre, feeOre: decreaseOre - amountOre };
}

export const RESEAT_MESSAGES = {
  priceDiffers: (paidOre: number, where: string, newPriceOre: number) =>
    `This ticket is paid (${formatReservationSek(paidOre)}) and ${where} costs ${formatReservationSek(newPriceOre)}: `
    + `the ${formatReservationSek(newPriceOre - paidOre)} more would be a new sale. Refund the ticket and sell the new seat instead.`,
};

/** The confirmation's sentence: what the move costs or gives back, in the reservation screens' money format. */
export function reseatQuoteText(q: ReseatQuote): string {
  switch (q.kind) {
    case 'reprice':
      return q.differenceOre === 0
        ? `The ticket is not paid yet and keeps its price, ${formatReservationSek(q.priceOre)}.`
        : `The ticket is not paid yet: it takes the new seat's price, ${formatReservationSek(q.priceOre)} (${q.differenceOre > 0 ? 'plus' : 'minus'} ${formatReservationSek(Math.abs(q.differenceOre))}).`;
    case 'same':
      return 'The new seat costs the same: nothing is paid or refunded.';
    case 'refund':
      return q.feeOre > 0
        ? `The new seat costs ${formatReservationSek(q.decreaseOre)} less: ${formatReservationSek(q.amountOre)} goes back to the customer, and the refund fee of ${formatReservationSek(q.feeOre)} is kept.`
        : `The new seat costs ${formatReservationSek(q.decreaseOre)} less: ${formatReservationSek(q.amountOre)} goes back to the customer.`;
    case 'refused':
      return `The new seat costs ${formatReservationSek(q.moreOre)} more, which would be a new sale: a paid ticket moves only to a seat of the same price or a cheaper one. Refund the ticket and sell the new seat instead.`;
  }
}

interface TicketLike { type: string; valid: boolean; general_admission: boolean; seat: string | null }
/** The valid seated tickets of an order and its sub-reservations: what re-seat can move (a standing place has no seat). */
export function movableTickets<T extends TicketLike>(o: { items: T[]; sub_reservations: { items: T[] }[] }): T[] {
  return [...o.items, ...o.sub_reservations.flatMap((s) => s.items)].filter((i) => i.type === 'ticket' && i.valid && !i.general_admission && i.seat !== null);
}
