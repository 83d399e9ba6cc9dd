import type { RouteObject } from 'react-router-dom';
import { AddReservationPage, EditReservationPage } from '../features/reservations/ReservationFormPages';
import { ReservationMapPage } from '../features/reservations/ReservationMapPage';
import { ReservationsListPage } from '../features/reservations/ReservationsListPage';

/** Event reservations (001 §2): children of the event layout (/events/:id/…). */
export const reservationEventRoutes: RouteObject[] = [
  { path: 'reservations', element: <ReservationsListPage /> },
  { path: 'reservations/add', element: <AddReservationPage /> },
  { path: 'reservation/:reservId/edit', element: <EditReservationPage /> },
  { path: 'reservation/:reservId/map', element: <ReservationMapPage /> },
];
