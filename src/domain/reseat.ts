import { formatReservationSek } from './money';
import { proposedRefundOre } from './orders';
import { serviceFeeOre, type ServiceFeeBand } from './serviceFees';

/**
 * Re-seat (issue 38; docs/orders.md "Re-seat"): what moving a ticket to another seat costs or gives back. Who moves
 * it decides how a paid difference goes back (docs/refunds.md): the back office (order, reservation) keeps the
 * platform's refund fee, the box-office counter refunds in full as its release does. A dearer seat is paid for: at the
 * counter through its payment step, on the order screen as a payment of the order; the reservation screens take no
 * payment, so there a dearer seat for a paid ticket is refused. Money in öre.
 *
 * Fees (docs/orders.md "Re-seat: fees"): the service fee is the fixed fee of the band of the ticket's actual price
 * (001 §9), so it follows the price to the new seat's band: the difference of the two bands' fees moves with the
 * price difference, never against it (a dearer seat never lowers the fee, a cheaper one never raises it). This
 * applies where the sale wrote the fees per ticket (box-office sales: `serviceFeeBands` given); a web-shop order's
 * fees are per order and stay as sold. The admin fee is per ticket, not per price: it stays as sold.
 */
export type ReseatChannel = 'order' | 'reservation' | 'counter';

export type ReseatQuote =
  /** Unpaid: the ticket takes the new seat's price (which may be the same); fees are written when it is paid. */
  | { kind: 'reprice'; priceOre: number; differenceOre: number }
  /** Paid, same price: it only moves. */
  | { kind: 'same' }
  /** Paid, cheaper: the difference (ticket and service fee) is refunded, the ticket stays valid. */
  | { kind: 'refund'; decreaseOre: number; serviceFeeDecreaseOre: number; amountOre: number; feeOre: number }
  /** Paid, dearer: the difference (ticket and service fee) is collected as a payment of the order. */
  | { kind: 'charge'; increaseOre: number; serviceFeeIncreaseOre: number; amountOre: number }
  /** Paid, dearer, where no payment can be taken (the reservation screens). */
  | { kind: 'refused'; moreOre: number };

export interface ReseatAsk {
  paid: boolean;
  priceOre: number;
  newPriceOre: number;
  channel: ReseatChannel;
  /** The platform's refund fee percentage (Settings → Fees); not used at the counter. */
  refundFeePercent: number;
  /** The promoter's service-fee bands when the sale wrote a service fee per ticket (box-office sales); null: fees stay. */
  serviceFeeBands?: readonly ServiceFeeBand[] | null;
}

/** How much the ticket's service fee moves with the price: the bands' difference, in the price's direction only. */
export function serviceFeeShiftOre(bands: readonly ServiceFeeBand[] | null | undefined, priceOre: number, newPriceOre: number): number {
  if (!bands || newPriceOre === priceOre) return 0;
  const shift = serviceFeeOre(bands, newPriceOre) - serviceFeeOre(bands, priceOre);
  return newPriceOre > priceOre ? Math.max(0, shift) : Math.min(0, shift);
}

export function reseatQuote(a: ReseatAsk): ReseatQuote {
  const differenceOre = a.newPriceOre - a.priceOre;
  if (!a.paid) return { kind: 'reprice', priceOre: a.newPriceOre, differenceOre };
  if (differenceOre === 0) return { kind: 'same' };
  const feeShift = serviceFeeShiftOre(a.serviceFeeBands, a.priceOre, a.newPriceOre);
  if (differenceOre > 0) {
    if (a.channel === 'reservation') return { kind: 'refused', moreOre: differenceOre + feeShift };
    return { kind: 'charge', increaseOre: differenceOre, serviceFeeIncreaseOre: feeShift, amountOre: differenceOre + feeShift };
  }
  const decreaseOre = -differenceOre;
  const serviceFeeDecreaseOre = feeShift === 0 ? 0 : -feeShift;
  const total = decreaseOre + serviceFeeDecreaseOre;
  const amountOre = a.channel === 'counter' ? total : proposedRefundOre(total, a.refundFeePercent);
  return { kind: 'refund', decreaseOre, serviceFeeDecreaseOre, amountOre, feeOre: total - amountOre };
}

export const RESEAT_MESSAGES = {
  priceDiffers: (paidOre: number, where: string, newPriceOre: number) =>
    `This ticket is paid (${formatReservationSek(paidOre)}) and ${where} costs ${formatReservationSek(newPriceOre)}: `
    + `the ${formatReservationSek(newPriceOre - paidOre)} more is paid on the order screen or at the counter, not here.`,
  paymentRequired: (amountOre: number) => `The new seat costs ${formatReservationSek(amountOre)} more: say how the difference is paid.`,
  paymentChanged: (amountOre: number) =>
    `The difference is now ${formatReservationSek(amountOre)} (a price or a fee changed meanwhile): check it and take the payment again.`,
};

/** The payment methods the order screen records a re-seat's difference with (the payments' providers). */
export const RESEAT_PAYMENT_METHODS = ['card', 'swish', 'invoice'] as const;
export type ReseatPaymentMethod = (typeof RESEAT_PAYMENT_METHODS)[number];
export const RESEAT_PAYMENT_LABELS: Record<ReseatPaymentMethod, string> = { card: 'Card', swish: 'Swish', invoice: 'Invoice' };

const feePart = (ore: number, verb: string) => (ore > 0 ? ` and ${formatReservationSek(ore)} service fee (the new price's fee band) ${verb}` : '');

/** The confirmation's sentence: what the move costs or gives back, in the reservation screens' money format. */
export function reseatQuoteText(q: ReseatQuote): string {
  switch (q.kind) {
    case 'reprice':
      return q.differenceOre === 0
        ? `The ticket is not paid yet and keeps its price, ${formatReservationSek(q.priceOre)}.`
        : `The ticket is not paid yet: it takes the new seat's price, ${formatReservationSek(q.priceOre)} (${q.differenceOre > 0 ? 'plus' : 'minus'} ${formatReservationSek(Math.abs(q.differenceOre))}).`;
    case 'same':
      return 'The new seat costs the same: nothing is paid or refunded.';
    case 'refund': {
      const less = `The new seat costs ${formatReservationSek(q.decreaseOre)} less${feePart(q.serviceFeeDecreaseOre, 'less')}`;
      return q.feeOre > 0
        ? `${less}: ${formatReservationSek(q.amountOre)} goes back to the customer, and the refund fee of ${formatReservationSek(q.feeOre)} is kept.`
        : `${less}: ${formatReservationSek(q.amountOre)} goes back to the customer.`;
    }
    case 'charge':
      return `The new seat costs ${formatReservationSek(q.increaseOre)} more${feePart(q.serviceFeeIncreaseOre, 'more')}: collect ${formatReservationSek(q.amountOre)} from the customer.`;
    case 'refused':
      return `The new seat costs ${formatReservationSek(q.moreOre)} more, and a reservation screen takes no payment: move a paid ticket to a dearer seat from the order screen or at the counter.`;
  }
}

interface TicketLike { type: string; valid: boolean; general_admission: boolean; seat: string | null }
/** The valid seated tickets of an order and its sub-reservations: what re-seat can move (a standing place has no seat). */
export function movableTickets<T extends TicketLike>(o: { items: T[]; sub_reservations: { items: T[] }[] }): T[] {
  return [...o.items, ...o.sub_reservations.flatMap((s) => s.items)].filter((i) => i.type === 'ticket' && i.valid && !i.general_admission && i.seat !== null);
}
