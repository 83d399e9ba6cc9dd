import { Button, Callout, Card, Radio, RadioGroup } from '@blueprintjs/core';
import type { OrderItem } from '../../contracts/orders';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import { RESEAT_PAYMENT_LABELS, RESEAT_PAYMENT_METHODS, reseatQuoteText, type ReseatPaymentMethod, type ReseatQuote } from '../../domain/reseat';

export interface ReseatTarget { section: string; row: string | null; seat: string | null; priceOre: number | undefined }

const where = (s: { section: string | null; row: string | null; seat: string | null }) => `${s.section ?? ''}, row ${s.row}, seat ${s.seat}`;

/**
 * The order's re-seat side panel (issue 38): the ticket being moved, the free seat picked on the map, what the move
 * costs or gives back (src/domain/reseat.ts), how a dearer seat's difference is paid, and Move, which asks for a
 * confirmation first.
 */
export function OrderReseatPanel({ ticket, to, quote, method, onMethod, busy, onMove, onCancel }: {
  ticket: OrderItem;
  to: ReseatTarget | undefined;
  quote: ReseatQuote | undefined;
  method: ReseatPaymentMethod;
  onMethod: (m: ReseatPaymentMethod) => void;
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
        From <strong>{where(ticket)}</strong> ({type}, {formatReservationSek(oreFromSek(ticket.paid ?? ticket.price))}, {paid ? 'paid' : 'not paid'}).
      </p>
      {to ? (
        <p>To <strong>{where(to)}</strong>{to.priceOre !== undefined ? <> ({type}, {formatReservationSek(to.priceOre)})</> : null}.</p>
      ) : (
        <p>Click a free seat on the map.</p>
      )}
      {to && to.priceOre === undefined ? <Callout intent="warning">This seat has no {type} price: choose another one.</Callout> : null}
      {quote ? <Callout intent={quote.kind === 'refused' ? 'danger' : quote.kind === 'refund' || quote.kind === 'charge' ? 'warning' : 'primary'}>{reseatQuoteText(quote)}</Callout> : null}
      {quote?.kind === 'charge' ? (
        <RadioGroup inline label="The difference is paid by" selectedValue={method} onChange={(e) => onMethod(e.currentTarget.value as ReseatPaymentMethod)}>
          {RESEAT_PAYMENT_METHODS.map((m) => <Radio key={m} value={m} label={RESEAT_PAYMENT_LABELS[m]} />)}
        </RadioGroup>
      ) : null}
      <div className="order-reseat-actions">
        <Button text="Cancel" onClick={onCancel} />
        <Button intent="primary" text="Move ticket" disabled={!quote || quote.kind === 'refused'} loading={busy} onClick={onMove} />
      </div>
    </Card>
  );
}
