import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

const OutboxPage = lazy(() => import('../features/outbox/OutboxPage').then((m) => ({ default: m.OutboxPage })));
const OutboxMessagePage = lazy(() => import('../features/outbox/OutboxMessagePage').then((m) => ({ default: m.OutboxMessagePage })));

/** The Outbox (admin; docs/outbox.md): every message sent, and one in full. */
export const outboxRoutes: RouteObject[] = [
  { path: 'outbox', element: <Suspense fallback={<LoadingSpinner />}><OutboxPage /></Suspense> },
  { path: 'outbox/:id', element: <Suspense fallback={<LoadingSpinner />}><OutboxMessagePage /></Suspense> },
];
