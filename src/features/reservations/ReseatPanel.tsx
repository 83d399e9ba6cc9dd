import { Button, Callout, Card } from '@blueprintjs/core';
import type { TicketItem } from '../../contracts/reservations';
import type { EventSectionsResponse } from '../../contracts/venueMap';
import { formatReservationSek, oreFromSek } from '../../domain/money';
import type { SelectedSeat } from './ReservePanel';
import { seatPrices } from './reservationSeats';

const where = (s: { section: string; row: string | null; seat: string | null }) => `${s.section}, row ${s.row}, seat ${s.seat}`;

/**
 * Re-seat on the map (issue 38): the ticket being moved, the free seat chosen for it, what it will cost, and Move.
 * A paid ticket moves to a seat of the same price, or a cheaper one with the difference refunded; a dearer one is paid
 * for on the order screen or at the counter, which take the payment (this screen takes none, so the server refuses it).
 */
export function ReseatPanel({ map, ticket, to, busy, onMove, onCancel }: {
  map: EventSectionsResponse;
  ticket: TicketItem;
  to: SelectedSeat | undefined;
  busy: boolean;
  onMove: () => void;
  onCancel: () => void;
}) {
  const type = ticket.ticket_type?.name ?? '';
  const price = to ? seatPrices(map, to.priceSet).find((p) => p.name === type)?.price : undefined;
  const changes = price !== undefined && oreFromSek(price) !== oreFromSek(ticket.price);
  return (
    <Card className="reserve-panel" aria-label="Move ticket">
      <h3>Move a ticket to another seat</h3>
      <p>From <strong>{where(ticket)}</strong> ({type}, {formatReservationSek(oreFromSek(ticket.price))}).</p>
      {to ? (
        <p>To <strong>{where(to.at)}</strong>{price !== undefined ? <> ({type}, {formatReservationSek(oreFromSek(price))})</> : null}.</p>
      ) : (
        <p>Click a free seat on the map.</p>
      )}
      {to && price === undefined ? <Callout intent="warning">This seat has no {type} price: choose another one.</Callout> : null}
      {changes ? <Callout intent="primary">An unpaid ticket takes the new seat's price. A paid one moves to a seat of the same price, or to a cheaper one with the difference refunded; a dearer one is paid for on the order screen or at the counter.</Callout> : null}
      <div className="reserve-actions">
        <Button text="Cancel" onClick={onCancel} />
        <Button intent="primary" text="Move ticket" disabled={!to || price === undefined} loading={busy} onClick={onMove} />
      </div>
    </Card>
  );
}
