import type { OrderDetail } from '../../contracts/orders';
import { ConfirmationTag, PersonCell } from './orderCells';
import { displayDateTime } from '../../domain/displayDates';

/** The head of an order (001 §2): reservation number, confirmation status and type, created at, reserver, owner. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  return (
    <dl className="order-facts">
      <dt>Reservation number</dt><dd>{order.id}</dd>
      <dt>Event</dt><dd>{order.event.name}</dd>
      <dt>Status</dt><dd>{order.status}{order.hold_ended ? ` (hold ended ${displayDateTime(order.reserved_until)}: its seats are free)` : ''}</dd>
      <dt>Confirmation status</dt><dd><ConfirmationTag status={order.confirmation_status} /></dd>
      <dt>Confirmation type</dt><dd>{order.confirmation_type ?? '–'}</dd>
      <dt>Created at</dt><dd>{displayDateTime(order.created_at)}</dd>
      <dt>Reserved by</dt><dd><PersonCell person={order.reserver} /></dd>
      <dt>Owned by</dt><dd><PersonCell person={order.owner} /></dd>
    </dl>
  );
}
