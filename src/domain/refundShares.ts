/**
 * Which payment a refund goes back to (issue 38; docs/refunds.md "Which payment a refund goes back to"). An item can
 * be paid by more than one payment: its sale, and a re-seat's difference to a dearer seat (a price increase, paid by
 * a payment of its own). A refund of the item goes back across its payments, newest first — a difference goes back
 * the way it came before the sale's payment is touched — and never takes more from a payment than that payment
 * collected for the item, less what earlier refunds already took from it. So no payment shows more refunded than it
 * collected, and the order's Payments tab, the accounting report (refund rows under their payment) and the counter's
 * tenders agree. The database checks the same per line (290_refund_per_payment.sql). Money in öre.
 */

/** What one payment collected for one item, and what refunds against that payment already took back from it. */
export interface ItemPaymentShare {
  paymentId: number;
  /** The sale's price × quantity on the item's own payment; the differences it paid on a re-seat's payment. */
  paidOre: number;
  refundedOre: number;
}

/** A refund line's three amounts (001 §3 "Refund item"): the price decrease, the same excl VAT, what goes back. */
export interface RefundAmounts {
  originalOre: number;
  netOre: number;
  amountOre: number;
}

/** One payment's part of an item's refund line. `unit`: the part that counts the item (once per refund). */
export interface PaymentRefundPart extends RefundAmounts {
  paymentId: number;
  unit: boolean;
}

/** What is left to refund of an item over all its payments (never below 0). */
export function refundLeftOre(shares: readonly ItemPaymentShare[]): number {
  return Math.max(0, shares.reduce((sum, s) => sum + s.paidOre - s.refundedOre, 0));
}

/** `total` × part / whole, rounded half up (in integers: öre amounts of int4 columns multiply past 2^53). */
function proportion(total: number, part: number, whole: number): number {
  return Number((2n * BigInt(total) * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole)));
}

/**
 * Splits one item's refund line across the payments that paid the item, newest payment first (payment ids grow with
 * time), each taking at most what it has left for the item. The amount excl VAT and the amount back are split in
 * proportion to the price decrease, rounded so that the parts add up to the line exactly (and no part's net or
 * amount back exceeds its decrease). The part on `ownPaymentId` (the item's sale) counts the item, or the first part
 * when the sale's payment takes no part, so a refund still counts each item once in "Tickets refunded".
 * Null when the line asks for nothing or for more than is left.
 */
export function attributeRefund(shares: readonly ItemPaymentShare[], line: RefundAmounts, ownPaymentId: number | null): PaymentRefundPart[] | null {
  if (!(line.originalOre > 0) || line.originalOre > refundLeftOre(shares)) return null;
  const newestFirst = [...shares].sort((a, b) => b.paymentId - a.paymentId);
  let rest = line.originalOre;
  const takes: { paymentId: number; ore: number }[] = [];
  for (const s of newestFirst) {
    const take = Math.min(rest, Math.max(0, s.paidOre - s.refundedOre));
    if (take > 0) {
      takes.push({ paymentId: s.paymentId, ore: take });
      rest -= take;
    }
    if (rest === 0) break;
  }
  if (rest > 0) return null;
  const unitAt = Math.max(0, takes.findIndex((t) => t.paymentId === ownPaymentId));
  let done = 0;
  let netDone = 0;
  let backDone = 0;
  return takes.map((t, k) => {
    done += t.ore;
    const net = proportion(line.netOre, done, line.originalOre);
    const back = proportion(line.amountOre, done, line.originalOre);
    const part = { paymentId: t.paymentId, originalOre: t.ore, netOre: net - netDone, amountOre: back - backDone, unit: k === unitAt };
    netDone = net;
    backDone = back;
    return part;
  });
}
