import { Navigate, type RouteObject } from 'react-router-dom';
import { AddGiftCardPage, EditGiftCardPage } from '../features/merchandise/GiftCardFormPage';
import { GiftCardListPage } from '../features/merchandise/GiftCardListPage';
import { CreateMerchandisePage, EditMerchandisePage } from '../features/merchandise/MerchandiseFormPage';
import { MerchandiseListPage } from '../features/merchandise/MerchandiseListPage';

/** The event's Shop (001 §2), inside the event layout (events/:id/…). */
export const merchandiseEventRoutes: RouteObject[] = [
  { path: 'merchandise', element: <MerchandiseListPage /> },
  { path: 'merchandise/create', element: <CreateMerchandisePage /> },
  { path: 'merchandise/:merchandiseId/edit', element: <EditMerchandisePage /> },
];

/** Gift cards (001 §2). */
export const giftCardRoutes: RouteObject[] = [
  { path: 'gift-card', element: <Navigate to="/gift-card/list" replace /> },
  { path: 'gift-card/list', element: <GiftCardListPage /> },
  { path: 'gift-card/add', element: <AddGiftCardPage /> },
  { path: 'gift-card/:giftCardId/edit', element: <EditGiftCardPage /> },
  { path: 'gift-card/*', element: <Navigate to="/404" replace /> },
];
