import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

const outboxPage = lazyPage(() => import('../features/outbox/OutboxPage'), 'OutboxPage');
const outboxMessagePage = lazyPage(() => import('../features/outbox/OutboxMessagePage'), 'OutboxMessagePage');

/** The Outbox (admin; docs/outbox.md): every message sent, and one in full. */
export const outboxRoutes: RouteObject[] = [
  { path: 'outbox', element: outboxPage },
  { path: 'outbox/:id', element: outboxMessagePage },
];
