import { formatSek } from '../../domain/money';
import { receiptVatLines, TENDER_LABELS, type TenderRow } from '../../domain/tenders';
import { formatVatPercent } from '../../domain/vat';
import { venueDateTime } from '../../domain/venueClock';
import { displayDateTime } from '../../domain/displayDates';

/** What a receipt shows: the sale's lines, its totals by part (öre) and how it was paid. */
export interface ReceiptSale {
  event: { name: string; start_date: string; venue: string };
  counter: string;
  soldAt: string;
  /** A ticket's line keeps the ticket and where it was sold, so a reprint after a move names the new seat and the old. */
  lines: { label: string; totalOre: number; ticket?: { id: number; soldPlace: string } }[];
  ticketsOre: number;
  totalOre: number;
  vat: number;
  feesVat: number;
  tender: TenderRow;
  /** "Reservation 12" online, "Offline sale 3" offline. */
  reference: string;
}


/**
 * The 80 mm receipt printed with a sale's tickets (issue 35; docs/boxoffice.md "Paying at the counter"): the tickets,
 * the total, its VAT lines per rate, the tender with the change. A walk-in sale names no customer.
 */
export function Receipt({ sale }: { sale: ReceiptSale }) {
  const { tender } = sale;
  return (
    <section className="receipt-80mm" aria-label="Receipt">
      <h1>Receipt</h1>
      <p>{sale.event.name}</p>
      <p>{sale.event.venue} · {displayDateTime(sale.event.start_date)}</p>
      <p>{sale.counter} · {venueDateTime(sale.soldAt)}</p>
      <p>{sale.reference} · walk-in</p>
      <table className="receipt-lines">
        <tbody>
          {sale.lines.map((l, i) => <tr key={i}><td>{l.label}</td><td>{formatSek(l.totalOre)}</td></tr>)}
          <tr className="receipt-total"><td>Total</td><td>{formatSek(sale.totalOre)}</td></tr>
          {receiptVatLines(sale.ticketsOre, sale.totalOre - sale.ticketsOre, sale.vat, sale.feesVat).map((v) => (
            <tr key={v.ratePercent}><td>VAT {formatVatPercent(v.ratePercent)} % of {formatSek(v.exclOre)}</td><td>{formatSek(v.vatOre)}</td></tr>
          ))}
          <tr className="receipt-total"><td>Paid: {TENDER_LABELS[tender.method]}{tender.reference ? ` (${tender.reference})` : ''}</td><td>{formatSek(tender.total_ore)}</td></tr>
          {tender.method === 'cash' ? (
            <>
              <tr><td>Cash given</td><td>{formatSek(tender.given_ore ?? tender.total_ore)}</td></tr>
              <tr><td>Change</td><td>{formatSek(tender.change_ore ?? 0)}</td></tr>
            </>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
