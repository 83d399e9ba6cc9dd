import { Navigate, type RouteObject } from 'react-router-dom';
import { routePage } from './lazyPage';

/** The event's Shop (001 §2), inside the event layout (events/:id/…). */
export const merchandiseEventRoutes: RouteObject[] = [
  { path: 'merchandise', ...routePage(() => import('../features/merchandise/MerchandiseListPage'), (m) => <m.MerchandiseListPage />) },
  { path: 'merchandise/create', ...routePage(() => import('../features/merchandise/MerchandiseFormPage'), (m) => <m.CreateMerchandisePage />) },
  { path: 'merchandise/:merchandiseId/edit', ...routePage(() => import('../features/merchandise/MerchandiseFormPage'), (m) => <m.EditMerchandisePage />) },
];

/** Gift cards (001 §2). */
export const giftCardRoutes: RouteObject[] = [
  { path: 'gift-card', element: <Navigate to="/gift-card/list" replace /> },
  { path: 'gift-card/list', ...routePage(() => import('../features/merchandise/GiftCardListPage'), (m) => <m.GiftCardListPage />) },
  { path: 'gift-card/add', ...routePage(() => import('../features/merchandise/GiftCardFormPage'), (m) => <m.AddGiftCardPage />) },
  { path: 'gift-card/:giftCardId/edit', ...routePage(() => import('../features/merchandise/GiftCardFormPage'), (m) => <m.EditGiftCardPage />) },
  { path: 'gift-card/*', element: <Navigate to="/404" replace /> },
];
