import { Button, Callout, Card } from '@blueprintjs/core';
import type { OrderItem } from '../../contracts/orders';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import { reseatQuoteText, type ReseatQuote } from '../../domain/reseat';

export interface ReseatTarget { section: string; row: string | null; seat: string | null; priceOre: number | undefined }

const where = (s: { section: string | null; row: string | null; seat: string | null }) => `${s.section ?? ''}, row ${s.row}, seat ${s.seat}`;

/**
 * The order's re-seat side panel (issue 38): the ticket being moved, the free seat picked on the map, what the move
 * costs or gives back (src/domain/reseat.ts), and Move, which asks for a confirmation first.
 */
export function OrderReseatPanel({ ticket, to, quote, busy, onMove, onCancel }: {
  ticket: OrderItem;
  to: ReseatTarget | undefined;
  quote: ReseatQuote | undefined;
  busy: boolean;
  onMove: () => void;
  onCancel: () => void;
}) {
  const type = ticket.ticket_type?.name ?? '';
  const paid = ticket.confirmation === 'confirmed' && ticket.payment_id !== null;
  return (
    <Card className="order-reseat-panel" aria-label="Move ticket">
      <h3>Move ticket {ticket.id} to another seat</h3>
      <p>
        From <strong>{where(ticket)}</strong> ({type}, {formatReservationSek(oreFromSek(ticket.price))}, {paid ? 'paid' : 'not paid'}).
      </p>
      {to ? (
        <p>To <strong>{where(to)}</strong>{to.priceOre !== undefined ? <> ({type}, {formatReservationSek(to.priceOre)})</> : null}.</p>
      ) : (
        <p>Click a free seat on the map.</p>
      )}
      {to && to.priceOre === undefined ? <Callout intent="warning">This seat has no {type} price: choose another one.</Callout> : null}
      {quote ? <Callout intent={quote.kind === 'refused' ? 'danger' : quote.kind === 'refund' ? 'warning' : 'primary'}>{reseatQuoteText(quote)}</Callout> : null}
      <div className="order-reseat-actions">
        <Button text="Cancel" onClick={onCancel} />
        <Button intent="primary" text="Move ticket" disabled={!quote || quote.kind === 'refused'} loading={busy} onClick={onMove} />
      </div>
    </Card>
  );
}
