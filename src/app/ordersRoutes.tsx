import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { routePage } from './lazyPage';
import { LoadingSpinner } from '../ui/LoadingSpinner';

// The re-seat map draws with PixiJS: loaded when it is opened, as the counter's map is.
const OrderReseatPage = lazy(() => import('../features/orders/OrderReseatPage').then((m) => ({ default: m.OrderReseatPage })));

/** Orders, refunds and the audit log (001 §2): admin screens (the role whitelist keeps others out). */
export const ordersRoutes: RouteObject[] = [
  { path: 'orders', ...routePage(() => import('../features/orders/OrdersListPage'), (m) => <m.OrdersListPage />) },
  { path: 'orders/:id', element: <Navigate to="general" replace /> },
  { path: 'orders/:id/:tab', ...routePage(() => import('../features/orders/OrderDetailPage'), (m) => <m.OrderDetailPage />) },
  { path: 'orders/:id/reseat/:itemId', element: <Suspense fallback={<LoadingSpinner />}><OrderReseatPage /></Suspense> },
  // Platform Settings' Refund tab: the settings' tabs above the refund page, as on every other tab (002 §2).
  {
    path: 'settings/refund',
    ...routePage(
      () => Promise.all([import('../features/settings/SettingsPage'), import('../features/refunds/RefundPage')]),
      ([settings, refunds]) => <settings.SettingsPage refundPanel={<refunds.RefundPage />} />,
    ),
  },
  { path: 'logs', ...routePage(() => import('../features/orders/AuditLogPage'), (m) => <m.AuditLogPage />) },
];

/** The event's re-assign screens, children of /events/:id (the event layout). */
export const orderEventRoutes: RouteObject[] = [
  { path: 'reassign', ...routePage(() => import('../features/orders/ReassignListPage'), (m) => <m.ReassignListPage />) },
  { path: 'general/:reservationId', ...routePage(() => import('../features/orders/ReassignOrderPage'), (m) => <m.ReassignOrderPage />) },
];
