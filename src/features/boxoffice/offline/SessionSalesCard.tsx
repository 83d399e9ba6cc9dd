import { Button, Card } from '@blueprintjs/core';
import { formatSek } from '../../../domain/money';
import { TENDER_LABELS } from '../../../domain/tenders';
import { venueTime } from '../../../domain/venueClock';
import { Receipt } from '../Receipt';
import { ticketPlace } from '../saleSeats';
import type { SessionSale } from '../sessionSales';
import { TicketPrint } from '../TicketPrint';

/** A sale of the tab in the print host: its tickets and receipt, as the online counter prints its last sale. */
export function SessionSalePrint({ sale, reservationId, onReady }: { sale: SessionSale; reservationId: number; onReady: (ready: boolean) => void }) {
  return (
    <>
      <TicketPrint tickets={sale.tickets} event={sale.receipt.event} reservationId={reservationId} onReady={onReady} />
      <Receipt sale={sale.receipt} />
    </>
  );
}

/**
 * Offline, the online sales of this tab (sessionSales.ts), newest first, each to print or reprint; and, said plainly,
 * what can be printed offline and what cannot (docs/boxoffice.md "Printing offline what was sold online").
 */
export function SessionSalesCard({ sales, onPrint }: { sales: readonly SessionSale[]; onPrint: (id: string) => void }) {
  return (
    <Card aria-label="Online sales of this session">
      <h3>Online sales of this session</h3>
      <p>
        Offline, this counter prints the tickets and receipt of each sale listed: the sales made online at this counter
        in this browser tab (the last 50), as the server answered them (seats, prices, QR codes), with a seat moved here
        since.
      </p>
      <p>
        It cannot print a sale whose answer did not arrive before the network went (it may still have been sold: check
        it when the server is back), a sale made in another tab or browser, or the operator summary. A release or refund
        made elsewhere since is not known here.
      </p>
      {sales.length === 0 ? <p>No online sale of this tab is kept here: there is nothing to print offline.</p> : (
        <ul className="session-sales">
          {[...sales].reverse().map((s) => (
            <li key={s.id}>
              <div>
                <strong>{venueTime(s.receipt.soldAt)}</strong> · {s.tickets.length} ticket(s) · {formatSek(s.receipt.totalOre)} · {TENDER_LABELS[s.receipt.tender.method]}
                {s.printed ? ' · printed' : ' · not printed yet'}
              </div>
              <div className="session-sale-places">{s.tickets.map((t) => ticketPlace(t.item)).join('; ')}</div>
              <Button icon="print" small text={s.printed ? 'Reprint' : 'Print'}
                aria-label={`${s.printed ? 'Reprint' : 'Print'} the sale of ${venueTime(s.receipt.soldAt)}: ${s.tickets.map((t) => ticketPlace(t.item)).join('; ')}`}
                onClick={() => onPrint(s.id)} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
