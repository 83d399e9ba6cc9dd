import { useCallback, useEffect, useState } from 'react';
import type { TicketItem } from '../../contracts/reservations';
import { SIGNED_IN_TAB_PREFIX } from '../../api/session';
import { oreFromSek } from '../../domain/money';
import type { ServiceFeeBand } from '../../domain/serviceFees';
import type { ReceiptSale } from './Receipt';
import { receiptAfterMove, saleTotal } from './saleSeats';
import type { PrintedTicket } from './TicketPrint';

/**
 * A sale this counter made online in this browser tab, as it prints (docs/boxoffice.md "Printing offline what was
 * sold online"): its tickets with their references (QR codes) and totals, and its receipt, all from the sale's answer.
 * The online counter prints its last sale from it; offline, the counter prints and reprints any of them.
 */
export interface SessionSale {
  id: string;
  tickets: PrintedTicket[];
  receipt: ReceiptSale;
  printed: boolean;
}

/** How many of the tab's latest sales are kept. */
export const SESSION_SALES_KEPT = 50;

/** What a ticket's printed price is made of: the calculator's terms (saleTotal). */
export interface TicketFees { bands: readonly ServiceFeeBand[]; extraFeeOre: number; vat: number; feesVat: number }

/** A ticket as it prints: its price with its band's fee and the extra fee, and its reference (from the sale's answer). */
export const printedTicket = (item: TicketItem, reference: string | undefined, fees: TicketFees): PrintedTicket => ({
  item,
  reference,
  totalOre: saleTotal([oreFromSek(item.price)], fees.bands, fees.extraFeeOre, fees.vat, fees.feesVat).totalOre,
});

/** The sales with `sale` last (the newest), at most SESSION_SALES_KEPT of them. */
export const withSale = (sales: readonly SessionSale[], sale: SessionSale): SessionSale[] =>
  [...sales.filter((s) => s.id !== sale.id), sale].slice(-SESSION_SALES_KEPT);

/**
 * A ticket moved at this counter prints with its new seat in every sale that holds it, and each such sale's receipt
 * names the seat it has now and the one it was sold on (receiptAfterMove); its reference stays (it names the ticket).
 */
export const afterMove = (sales: readonly SessionSale[], moved: TicketItem, fees: TicketFees): SessionSale[] =>
  sales.map((s) => (s.tickets.some((t) => t.item.id === moved.id)
    ? { ...s, tickets: s.tickets.map((t) => (t.item.id === moved.id ? printedTicket(moved, t.reference, fees) : t)), receipt: receiptAfterMove(s.receipt, moved) }
    : s));

/** What a reprinted receipt says of a ticket released since: the sale's record stays (its payment), the refund is named. */
export const RELEASED_SINCE = ' (released since: refunded)';

/**
 * Tickets released at this counter print no more; a sale with none left is gone. The receipt stays the record of the
 * sale as it was paid (its total and tender), and names each released ticket's line so a reprint does not charge it
 * again without saying so; the release's refund is its own record.
 */
export const afterRelease = (sales: readonly SessionSale[], released: ReadonlySet<number>): SessionSale[] =>
  sales
    .map((s) => ({
      ...s,
      tickets: s.tickets.filter((t) => !released.has(t.item.id)),
      receipt: {
        ...s.receipt,
        lines: s.receipt.lines.map((l) => (l.ticket && released.has(l.ticket.id) && !l.label.endsWith(RELEASED_SINCE) ? { ...l, label: l.label + RELEASED_SINCE } : l)),
      },
    }))
    .filter((s) => s.tickets.length > 0);

/**
 * Whose sales at which counter. Kept under the signed-in tab's prefix, so a sign-out forgets them (forgetSignedInTab);
 * and the operator's id is part of the key, so another user's session in the tab never reads them either.
 */
export const sessionSalesKey = (operatorId: number, reservationId: number) => `${SIGNED_IN_TAB_PREFIX}counter-sales:${operatorId}:${reservationId}`;

/** The tab's sales of an operator at a counter, oldest first: sessionStorage keeps them through a reload, until the tab is closed. */
export function loadSessionSales(key: string, storage: Pick<Storage, 'getItem'> = window.sessionStorage): SessionSale[] {
  const kept = storage.getItem(key);
  return kept ? (JSON.parse(kept) as SessionSale[]) : [];
}

/**
 * The operator's sales at the counter in this tab, written to sessionStorage on every change. `change` takes the sales
 * and gives them back changed (withSale, afterMove, afterRelease).
 */
export function useSessionSales(operatorId: number, reservationId: number) {
  const key = sessionSalesKey(operatorId, reservationId);
  const [kept, setKept] = useState(() => ({ key, sales: loadSessionSales(key) }));
  // Another counter opened in the same page, or another operator signed in: their own sales.
  if (kept.key !== key) setKept({ key, sales: loadSessionSales(key) });
  useEffect(() => {
    // No operator known (never so inside the session's guard): kept for the page only, under nobody's name.
    if (operatorId) window.sessionStorage.setItem(kept.key, JSON.stringify(kept.sales));
  }, [kept, operatorId]);
  const change = useCallback((next: (sales: readonly SessionSale[]) => SessionSale[]) => {
    setKept((k) => ({ key: k.key, sales: next(k.sales) }));
  }, []);
  const markPrinted = useCallback((id: string) => change((all) => all.map((s) => (s.id === id ? { ...s, printed: true } : s))), [change]);
  return { sales: kept.sales, change, markPrinted };
}

export type SessionSales = ReturnType<typeof useSessionSales>;
