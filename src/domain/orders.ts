/**
 * Orders and refunds (001 §2 "Orders", §4, §5 "Refund"): which orders may be voided, which items an order shows,
 * and the refund form.
 */
import { displayDateTime } from './displayDates';
import { parseAmountToOre } from './money';

export const CONFIRMATION_STATUSES = ['unconfirmed', 'pending', 'confirmed', 'mixed'] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** Void is offered only for new or pending orders. */
export function canVoidOrder(status: string | null | undefined): boolean {
  return status === 'new' || status === 'pending';
}

/**
 * What a void did, in words (the server's answer and the order page's notice): a hold that had ended held nothing,
 * so its void frees no seat (docs/orders.md "Void").
 */
export function voidMessage(holdEnded: boolean, itemsFreed: number, reservedUntil: string | null): string {
  if (holdEnded) {
    return `Order voided. Its hold had already ended at ${displayDateTime(reservedUntil)}: its seats were free before, so no seat was freed now.`;
  }
  return itemsFreed === 0 ? 'Order voided. It held no tickets, so no seat was freed.' : `Order voided: ${itemsFreed} item(s) are invalid and their seats are free again.`;
}

/** Confirmed and mixed confirmation statuses are highlighted. */
export function isHighlightedConfirmation(status: string | null | undefined): boolean {
  return status === 'confirmed' || status === 'mixed';
}

/** Order item displays leave out the merchandise order fee. */
export function visibleOrderItems<T extends { type?: string; fee_type?: string | null }>(items: readonly T[]): T[] {
  return items.filter((item) => !(item.type === 'fee' && item.fee_type === 'merchandise_order_fee'));
}

export const REFUND_MESSAGES = {
  orderIdRequired: 'Please enter an order ID',
  noItem: 'Choose at least one item to refund',
  amountRange: 'Amount must be between 0 and the item price',
  /** A refund of nothing would still end a paid ticket (issue 34): the least refund is one öre. */
  amountMinimum: 'Refund at least 0,01 kr',
  amountDecimals: 'Use at most 2 decimals',
  /** The amount back to the customer (the refund fee is the rest of the amount refunded). */
  backRange: 'The amount back must be between 0,01 kr and the amount refunded',
  paymentIdMissing: (itemId: number | string) => `Payment ID not found for item ${itemId}`,
} as const;

/** POST api/refund's refusal of a food item from 24 h before the venue opens (001 §5, §9). */
export const FOOD_NOT_RETURNABLE = (itemId: number | string) =>
  `Item ${itemId} is food: food can not be returned 24h prior to venue open date and time.`;

/** One row of the refund form. */
export interface RefundItemInput {
  id: number | string;
  selected: boolean;
  /** The item's price, in öre. */
  priceOre: number;
  /** The typed amount to refund, SEK. */
  amount: string | number | null | undefined;
  /** The payment the item was paid with; a refund needs it. */
  paymentId?: number | string | null;
  /** What goes back to the customer, SEK (the amount minus the refund fee kept); left out, not checked. */
  back?: string | number | null;
}

export interface RefundErrors {
  orderId?: string;
  /** Problems of the whole form (no item selected, an item without payment id). */
  form: string[];
  /** Amount errors by item id. */
  amounts: Record<string, string>;
  /** Amount-back errors by item id. */
  backs: Record<string, string>;
}

/**
 * The refund form: an order id ('Please enter an order ID'), at least one selected item, each selected item with a
 * payment id ('Payment ID not found for item {id}') and an amount from 0 to its price.
 */
export function validateRefund(
  orderId: string | number | null | undefined,
  items: readonly RefundItemInput[],
): RefundErrors {
  const errors: RefundErrors = { form: [], amounts: {}, backs: {} };
  if (orderId === null || orderId === undefined || String(orderId).trim() === '') {
    errors.orderId = REFUND_MESSAGES.orderIdRequired;
  }
  const selected = items.filter((item) => item.selected);
  if (selected.length === 0) errors.form.push(REFUND_MESSAGES.noItem);
  for (const item of selected) {
    if (item.paymentId === null || item.paymentId === undefined || item.paymentId === '') {
      errors.form.push(REFUND_MESSAGES.paymentIdMissing(item.id));
    }
    const message = refundAmountError(item.amount, item.priceOre);
    if (message) errors.amounts[String(item.id)] = message;
    if (item.back !== undefined) {
      const amountOre = message ? null : parseAmountToOre(String(item.amount));
      const backError = refundAmountError(item.back, amountOre ?? Number.MAX_SAFE_INTEGER);
      if (backError === REFUND_MESSAGES.amountDecimals) errors.backs[String(item.id)] = backError;
      else if (backError) errors.backs[String(item.id)] = REFUND_MESSAGES.backRange;
    }
  }
  return errors;
}

/** True when a SEK amount has more than two decimals (0.001 is not an amount of money). */
export function hasMoreThanTwoDecimals(sek: number): boolean {
  return Math.abs(sek * 100 - Math.round(sek * 100)) > 1e-6;
}

/**
 * The message for one typed refund amount, or null: a number with at most two decimals, at least 0,01 kr and at
 * most `maxOre` (what is left to refund).
 */
export function refundAmountError(amount: string | number | null | undefined, maxOre: number): string | null {
  if (typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && hasMoreThanTwoDecimals(amount)) return REFUND_MESSAGES.amountDecimals;
  const text = typeof amount === 'number' ? String(amount) : (amount ?? '');
  const ore = parseAmountToOre(text);
  if (ore === null) return /^\s*\d*[.,]\d{3,}\s*$/.test(text) ? REFUND_MESSAGES.amountDecimals : REFUND_MESSAGES.amountRange;
  if (ore < 0 || ore > maxOre) return REFUND_MESSAGES.amountRange;
  if (ore < 1) return REFUND_MESSAGES.amountMinimum;
  return null;
}

/**
 * The platform's refund fee (002 §2 Settings → Fees, a percentage) kept back from a price decrease, öre: the
 * percentage of the decrease rounded half up to whole öre. `percent` has at most two decimals (numeric(5,2)).
 */
export function refundFeeOre(originalOre: number, percent: number): number {
  const basisPoints = Math.round(Math.min(Math.max(percent, 0), 100) * 100);
  return Math.floor((Math.max(originalOre, 0) * basisPoints + 5000) / 10000);
}

/** What goes back to the customer when the refund fee is kept: the price decrease minus the fee, öre. */
export function proposedRefundOre(originalOre: number, percent: number): number {
  return Math.max(originalOre, 0) - refundFeeOre(originalOre, percent);
}

/** True when `validateRefund` found nothing. */
export function isRefundValid(errors: RefundErrors): boolean {
  return !errors.orderId && errors.form.length === 0 && Object.keys(errors.amounts).length === 0 && Object.keys(errors.backs ?? {}).length === 0;
}

/** The spec's names of the fee items (002 §3), by fee type; an unknown type is shown as "Fee". */
const FEE_NAMES: Record<string, string> = {
  ticket_service_fee: 'Ticket Service Fee',
  ticket_admin_fee: 'Ticket Admin Fee',
  merchandise_admin_fee: 'Merchandise Admin Fee',
  merchandise_order_fee: 'Merchandise Order Fee',
};
export function feeName(feeType: string | null | undefined): string {
  return (feeType && FEE_NAMES[feeType]) || 'Fee';
}

/**
 * A payment's state as the order shows it: what refunds took off it (price decrease, öre) against what it paid.
 * Nothing refunded: the payment's own status; all of it: "refunded"; some: "partly refunded".
 */
export function paymentRefundState(status: string, paidOre: number, refundedOre: number): string {
  if (refundedOre <= 0) return status;
  return refundedOre >= paidOre ? 'refunded' : 'partly refunded';
}
