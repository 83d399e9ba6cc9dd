import './orders.css';
import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, errorStatus } from '../../api/errorMessage';
import { useGetOrderQuery, useVoidOrderMutation } from '../../api/ordersApi';
import { VOID_FAILED, type OrderItem } from '../../contracts/orders';
import { movableTickets } from '../../domain/reseat';
import { displayDateTime } from '../../domain/displayDates';
import { BackLink } from '../../ui/BackLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { isUpdating, UpdatingNote } from '../../ui/UpdatingNote';
import { OrderFacts } from './OrderFacts';
import { OrderItemsTables } from './OrderItemsTables';
import { OrderPayments } from './OrderPayments';

const TABS = ['general', 'payments'] as const;

/**
 * /orders/{id}/{tab}: general (items, sub-reservations) and payments (001 §2); Void for new or pending orders. After a
 * refund, a void or a re-seat the order is asked for again; until it is in, the page says it is updating and is busy
 * (aria-busy), so what it shows from before the change is not taken for the order as it now is.
 */
export function OrderDetailPage() {
  const { id, tab = 'general' } = useParams();
  const navigate = useNavigate();
  const orderId = Number(id);
  const order = useGetOrderQuery(orderId, { skip: !Number.isInteger(orderId) || orderId < 1 });
  const [voidOrder, voiding] = useVoidOrderMutation();
  const [confirming, setConfirming] = useState(false);
  if (!Number.isInteger(orderId) || orderId < 1 || !TABS.includes(tab as (typeof TABS)[number])) return <Navigate to="/404" replace />;
  if (order.isLoading) return <LoadingSpinner label="Loading the order" />;
  if (errorStatus(order.error) === 404) return <Navigate to="/404" replace />;
  if (!order.data) return <RetryPanel onRetry={order.refetch} />;
  const o = order.data;
  // An ended hold's tickets hold no seat: there is nothing to move (the server refuses it too).
  const movable = new Set(o.hold_ended ? [] : movableTickets(o).map((i) => i.id));
  const move = { canMove: (i: OrderItem) => movable.has(i.id), onMove: (i: OrderItem) => navigate(`/orders/${o.id}/reseat/${i.id}`) };
  const confirmVoid = async () => {
    try {
      const done = await voidOrder(o.id).unwrap();
      notifySuccess(done.message);
    } catch (err) {
      const reason = errorMessage(err as never, '');
      notifyDanger(reason ? `${VOID_FAILED}. ${reason}` : VOID_FAILED);
    }
    setConfirming(false);
  };
  return (
    <div className="page" aria-busy={isUpdating(order) || undefined}>
      <BackLink to="/orders" label="Reservations" />
      <div className="page-head">
        <h1 className="page-title">Reservation #{o.id}</h1>
        {isUpdating(order) ? <UpdatingNote className="order-updating" /> : null}
        {o.can_void ? <Button intent="danger" icon="disable" text="Void" onClick={() => setConfirming(true)} /> : null}
      </div>
      <OrderFacts order={o} />
      <Tabs id="order-tabs" selectedTabId={tab} onChange={(t) => navigate(`/orders/${o.id}/${String(t)}`)}>
        <Tab
          id="general" title="General" panel={
            <>
              <OrderItemsTables items={o.items} label="Items" {...move} />
              {o.sub_reservations.length ? <h2>Sub-reservations</h2> : null}
              {o.sub_reservations.map((s) => (
                <section key={s.id} aria-label={`Sub-reservation ${s.id}`}>
                  <h3>#{s.id} {s.title} <span className="bp6-text-muted">{s.type} · {s.status}</span></h3>
                  <OrderItemsTables items={s.items} label={`Sub-reservation ${s.id}`} {...move} />
                </section>
              ))}
            </>
          }
        />
        <Tab id="payments" title="Payments" panel={<OrderPayments payments={o.payments} />} />
      </Tabs>
      <ConfirmDialog
        isOpen={confirming} title="Void the order" confirmText="Void" intent="danger" loading={voiding.isLoading}
        onConfirm={confirmVoid} onClose={() => setConfirming(false)}
      >
        {o.hold_ended
          ? `Void reservation #${o.id}? Its hold ended at ${displayDateTime(o.reserved_until)}: its seats are already free, so the void frees none; its tickets become invalid and it can no longer be extended.`
          : `Void reservation #${o.id}? Its tickets become invalid and their seats are free again at once.`}
      </ConfirmDialog>
    </div>
  );
}
