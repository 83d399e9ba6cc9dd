import type { TicketItem } from '../../contracts/reservations';
import type { SectionDetailResponse } from '../../contracts/venueMap';
import type { BestRow } from '../../domain/bestAvailable';
import { oreFromSek } from '../../domain/money';
import { standingName } from '../../domain/places';
import { entranceFeeOre, type ServiceFeeBand } from '../../domain/serviceFees';
import { vatRow } from '../../domain/vat';
import type { ReceiptSale } from './Receipt';

export type SaleSeat = SectionDetailResponse['rows'][number]['seats'][number];

/**
 * A seat the counter may sell now: not taken, not hidden, priced, not held by the event's season family (the back
 * office may reserve it: can_reserve_admin), and not function-varied (kept for those who need it).
 */
export const isSellable = (s: SaleSeat): boolean => !s.reserved && !s.hidden && !s.handicapped && s.prices.length > 0 && s.can_reserve_admin;

/** The section's rows for best available (front first, as the venue's row order gives them), ids = seat ids. */
export function bestRows(section: SectionDetailResponse): BestRow[] {
  return section.rows.map((row) => row.seats.map((s) => ({ id: s.id, free: isSellable(s) })));
}

/** Where a sold ticket is, as the counter's panels, its tickets and its receipt name it: "Floor (standing)" or "A, row 3, seat 7". */
export const ticketPlace = (t: Pick<TicketItem, 'general_admission' | 'section' | 'row' | 'seat'>): string =>
  (t.general_admission ? standingName(t.section) : `${t.section}, row ${t.row}, seat ${t.seat}`);

/** A sold ticket's line on the receipt: where it is and its type. */
export const ticketLine = (t: Pick<TicketItem, 'general_admission' | 'section' | 'row' | 'seat' | 'ticket_type'>): string =>
  `${ticketPlace(t)} · ${t.ticket_type?.name ?? ''}`;

/**
 * The sale's receipt after one of its tickets moved with no money taken (same price, or the difference refunded): its
 * line names the seat the ticket has now and the one it was sold on; the amounts stay what the sale was paid.
 */
export function receiptAfterMove(receipt: ReceiptSale, moved: TicketItem): ReceiptSale {
  return {
    ...receipt,
    lines: receipt.lines.map((l) => {
      if (l.ticket?.id !== moved.id) return l;
      const now = ticketPlace(moved);
      return { ...l, label: now === l.ticket.soldPlace ? ticketLine(moved) : `${ticketLine(moved)} (moved from ${l.ticket.soldPlace})` };
    }),
  };
}

/** Keys that choose a ticket type: a, b, c … by the types' order (digits are taken by best available). */
export const typeKey = (index: number): string => String.fromCharCode(97 + index);
export function typeOfKey(key: string, types: readonly string[]): string | undefined {
  const i = key.length === 1 ? key.toLowerCase().charCodeAt(0) - 97 : -1;
  return i >= 0 && i < types.length && !['n', 'p'].includes(key.toLowerCase()) ? types[i] : undefined;
}

/** A seat's price of a ticket type, in öre; undefined when the seat has no such price. */
export function seatPriceOre(seat: SaleSeat, type: string): number | undefined {
  const p = seat.prices.find((x) => x.ticket_type.name === type);
  return p ? oreFromSek(p.original_price) : undefined;
}

export interface SaleTotal {
  /** Per ticket: price, entrance fee (price + band fee), with the extra fee. */
  lines: { priceOre: number; entranceOre: number; totalOre: number }[];
  totalOre: number;
  vatOre: number;
}

/**
 * The calculator (001 §9): each ticket's entrance fee (its price + the fixed fee of its service-fee band) plus the
 * reservation's extra fee; the total is their sum, (entrance fee + extra fee) × seats at one price. VAT is the
 * tickets' part at the event's ticket VAT rate plus the fees' part at the fees' rate (amount / (1 + rate/100)), as
 * the sale writes its items (ticket items at the ticket VAT, fee items at the order's fees VAT) and the finance
 * report reads them.
 */
export function saleTotal(pricesOre: readonly number[], bands: readonly ServiceFeeBand[], extraFeeOre: number, vatPercent: number, feesVatPercent = vatPercent): SaleTotal {
  const lines = pricesOre.map((priceOre) => {
    const entranceOre = entranceFeeOre(bands, priceOre);
    return { priceOre, entranceOre, totalOre: entranceOre + extraFeeOre };
  });
  const totalOre = lines.reduce((sum, l) => sum + l.totalOre, 0);
  const ticketsOre = lines.reduce((sum, l) => sum + l.priceOre, 0);
  return { lines, totalOre, vatOre: vatRow(ticketsOre, vatPercent).vatOre + vatRow(totalOre - ticketsOre, feesVatPercent).vatOre };
}
