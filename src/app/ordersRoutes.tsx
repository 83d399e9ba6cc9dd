import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuditLogPage } from '../features/orders/AuditLogPage';
import { OrderDetailPage } from '../features/orders/OrderDetailPage';
import { OrdersListPage } from '../features/orders/OrdersListPage';
import { ReassignListPage } from '../features/orders/ReassignListPage';
import { ReassignOrderPage } from '../features/orders/ReassignOrderPage';
import { RefundPage } from '../features/refunds/RefundPage';
import { LoadingSpinner } from '../ui/LoadingSpinner';

// The re-seat map draws with PixiJS: loaded when it is opened, as the counter's map is.
const OrderReseatPage = lazy(() => import('../features/orders/OrderReseatPage').then((m) => ({ default: m.OrderReseatPage })));

/** Orders, refunds and the audit log (001 §2): admin screens (the role whitelist keeps others out). */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', element: <OrdersListPage /> },
  { path: 'orders/:id', element: <Navigate to="general" replace /> },
  { path: 'orders/:id/:tab', element: <OrderDetailPage /> },
  { path: 'orders/:id/reseat/:itemId', element: <Suspense fallback={<LoadingSpinner />}><OrderReseatPage /></Suspense> },
  { path: 'settings/refund', element: <RefundPage /> },
  { path: 'logs', element: <AuditLogPage /> },
];

/** The event's re-assign screens, children of /events/:id (the event layout). */
export const orderEventRoutes: RouteObject[] = [
  { path: 'reassign', element: <ReassignListPage /> },
  { path: 'general/:reservationId', element: <ReassignOrderPage /> },
];
