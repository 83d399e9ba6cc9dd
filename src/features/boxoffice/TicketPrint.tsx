import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { TicketItem } from '../../contracts/reservations';
import { formatSek } from '../../domain/money';
import { displayDateTime } from '../../domain/displayDates';
import { ticketPlace } from './saleSeats';

export interface PrintedTicket {
  item: TicketItem;
  /** Price incl. service fee and extra fee, öre. */
  totalOre: number;
  reference: string | undefined;
}

/**
 * A ticket's QR code as an image: 8 pixels a module, a whole number, so no module is drawn a pixel wider than
 * another, and enough pixels for a 203 or 300 dpi ticket printer at the 36 mm it is printed at (boxoffice.css draws
 * it without smoothing). A width in pixels (180, 220 before 30 Nov 2026) gave modules of 3 and 4 pixels, 155 dpi for
 * an offline ticket's longer code.
 */
export const TICKET_QR = { margin: 1, scale: 8, errorCorrectionLevel: 'M' } as const;

/**
 * The 80 mm tickets of the last added seats (001 §9 "Ticket print layout 80mm wide"): shown only when printing
 * (boxoffice.css: a named @page of 80 mm width). Each carries a QR code of its signed reference.
 */
export function TicketPrint({ tickets, event, reservationId, onReady }: {
  tickets: readonly PrintedTicket[];
  event: { name: string; start_date: string; venue: string };
  reservationId: number;
  onReady?: (ready: boolean) => void;
}) {
  const [codes, setCodes] = useState<ReadonlyMap<string, string>>(new Map());
  const refs = tickets.map((t) => t.reference).filter((r): r is string => Boolean(r));
  const key = refs.join(' ');
  useEffect(() => {
    let cancelled = false;
    void Promise.all(refs.map(async (r) => [r, await QRCode.toDataURL(r, TICKET_QR)] as const))
      .then((pairs) => !cancelled && setCodes(new Map(pairs)));
    return () => {
      cancelled = true;
    };
    // refs is derived from key.
  }, [key]);
  const ready = tickets.length > 0 && tickets.every((t) => t.reference && codes.has(t.reference));
  useEffect(() => onReady?.(ready), [ready, onReady]);

  return (
    <div className="ticket-print" data-ready={ready ? 'true' : 'false'}>
      {tickets.map(({ item, totalOre, reference }) => (
        <section className="ticket-80mm" key={item.id} aria-label={`Ticket ${item.id}`}>
          <h1>{event.name}</h1>
          <p>{displayDateTime(event.start_date)}</p>
          <p>{event.venue}</p>
          <p className="ticket-place">{ticketPlace(item)}</p>
          <p>{item.ticket_type?.name ?? ''}</p>
          <p className="ticket-price">{formatSek(totalOre)} incl. fees</p>
          <p>Reservation {reservationId} · ticket {item.id}</p>
          {reference && codes.get(reference) ? <img src={codes.get(reference)} alt={`QR code ${reference}`} className="ticket-qr" /> : null}
        </section>
      ))}
    </div>
  );
}
