import type { RouteObject } from 'react-router-dom';
import { AddReservationPage, EditReservationPage } from '../features/reservations/ReservationFormPages';
import { ReservationsListPage } from '../features/reservations/ReservationsListPage';
import { lazyPage } from './lazyPage';

// The map draws with PixiJS: loaded when the page is opened, so the console's first bundle (every page's start) has none.
const reservationMapPage = lazyPage(() => import('../features/reservations/ReservationMapPage'), 'ReservationMapPage');

/** Event reservations (001 §2): children of the event layout (/events/:id/…). */
export const reservationEventRoutes: RouteObject[] = [
  { path: 'reservations', element: <ReservationsListPage /> },
  { path: 'reservations/add', element: <AddReservationPage /> },
  { path: 'reservation/:reservId/edit', element: <EditReservationPage /> },
  { path: 'reservation/:reservId/map', element: reservationMapPage },
];
