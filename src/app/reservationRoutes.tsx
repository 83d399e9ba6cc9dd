import type { RouteObject } from 'react-router-dom';
import { lazyPage, routePage } from './lazyPage';

// The map draws with PixiJS: loaded when the page is opened, so the console's first bundle (every page's start) has none.
const reservationMapPage = lazyPage(() => import('../features/reservations/ReservationMapPage'), 'ReservationMapPage');

/** Event reservations (001 §2): children of the event layout (/events/:id/…). */
export const reservationEventRoutes: RouteObject[] = [
  { path: 'reservations', ...routePage(() => import('../features/reservations/ReservationsListPage'), (m) => <m.ReservationsListPage />) },
  { path: 'reservations/add', ...routePage(() => import('../features/reservations/ReservationFormPages'), (m) => <m.AddReservationPage />) },
  { path: 'reservation/:reservId/edit', ...routePage(() => import('../features/reservations/ReservationFormPages'), (m) => <m.EditReservationPage />) },
  { path: 'reservation/:reservId/map', element: reservationMapPage },
];
