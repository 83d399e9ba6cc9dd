import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { formatSek } from '../../../domain/money';
import { displayDateTime } from '../../../domain/displayDates';
import type { CounterKit, LoggedSale } from './counterStore';
import { placeLabel } from './leaseSeats';
import { TICKET_QR } from '../TicketPrint';

/**
 * The 80 mm tickets of a sale made offline (the layout of TicketPrint): the QR code carries the ticket's text signed
 * by the counter's lease key, which a scanner checks with the lease's public key, without the server.
 */
export function OfflineTicketPrint({ sale, kit, onReady }: { sale: LoggedSale | undefined; kit: CounterKit; onReady: (ready: boolean) => void }) {
  const [codes, setCodes] = useState<string[]>([]);
  const key = sale?.key ?? '';
  useEffect(() => {
    let cancelled = false;
    setCodes([]);
    void Promise.all((sale?.tickets ?? []).map((t) => QRCode.toDataURL(t.qr, TICKET_QR)))
      .then((urls) => !cancelled && setCodes(urls));
    return () => {
      cancelled = true;
    };
    // The sale's key names its tickets.
  }, [key]);
  const ready = Boolean(sale) && codes.length === sale!.tickets.length;
  useEffect(() => onReady(ready), [ready, onReady]);
  if (!sale) return null;
  return (
    <div className="ticket-print" data-ready={ready ? 'true' : 'false'}>
      {sale.tickets.map((t, i) => (
        <section className="ticket-80mm" key={`${t.section}|${t.row ?? ''}|${t.seat ?? t.place}`} aria-label={`Offline ticket ${i + 1}`}>
          <h1>{kit.event.name}</h1>
          <p>{displayDateTime(kit.event.start_date)}</p>
          <p>{kit.event.venue}</p>
          <p className="ticket-place">{placeLabel(t)}</p>
          <p>{t.ticket_type}</p>
          <p className="ticket-price">{formatSek(t.totalOre)} incl. fees</p>
          <p>Reservation {kit.reservationId} · offline sale {sale.seq}</p>
          {codes[i] ? <img src={codes[i]} alt={`QR code ${t.qr}`} className="ticket-qr" /> : null}
        </section>
      ))}
    </div>
  );
}
