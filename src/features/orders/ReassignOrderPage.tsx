import './orders.css';
import { Navigate, useParams } from 'react-router-dom';
import { errorStatus } from '../../api/errorMessage';
import { useGetOrderQuery } from '../../api/ordersApi';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { PersonCell } from './orderCells';
import { OrderItemsTables } from './OrderItemsTables';
import { ReassignPanel } from './ReassignPanel';
import { displayDateTime } from '../../domain/displayDates';

/** /events/{eventId}/general/{reservationId} (001 §2): 'Order ID #{payment id}', and the assignment panel for an unregistered owner. */
export function ReassignOrderPage() {
  const { id, reservationId } = useParams();
  const orderId = Number(reservationId);
  const order = useGetOrderQuery(orderId, { skip: !Number.isInteger(orderId) || orderId < 1 });
  if (!Number.isInteger(orderId) || orderId < 1) return <Navigate to="/404" replace />;
  if (order.isLoading) return <LoadingSpinner label="Loading the order" />;
  if (errorStatus(order.error) === 404) return <Navigate to="/404" replace />;
  if (!order.data) return <RetryPanel onRetry={order.refetch} />;
  const o = order.data;
  return (
    <>
      <BackLink to={`/events/${id}/reassign`} label="Re-assign" />
      <h1 className="page-title">Order ID #{o.active_payment?.id ?? o.id}</h1>
      <dl className="order-facts">
        <dt>Created at</dt><dd>{displayDateTime(o.created_at)}</dd>
        <dt>Reserved by</dt><dd><PersonCell person={o.reserver} /></dd>
        <dt>Owned by</dt><dd><PersonCell person={o.owner} /></dd>
      </dl>
      {o.owner && o.owner.status === 'unregistered' ? <ReassignPanel ownerId={o.owner.id} reservationId={o.id} /> : null}
      <OrderItemsTables items={o.items} label="Items" />
    </>
  );
}
