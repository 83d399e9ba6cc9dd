import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

/** Corporates (002 §2) and the corporate app (001 §2). The role whitelist (src/domain/roles.ts) keeps each to its users. */
export const corporatesRoutes: RouteObject[] = [
  { path: 'corporates', element: lazyPage(() => import('../features/corporates/CorporatesListPage'), 'CorporatesListPage') },
  { path: 'corporates/access', element: lazyPage(() => import('../features/corporates/CorporateAccessPage'), 'CorporateAccessPage') },
  { path: 'corporates/add', element: lazyPage(() => import('../features/corporates/CorporateFormPage'), 'CorporateFormPage') },
  { path: 'corporates/:id/edit', element: lazyPage(() => import('../features/corporates/CorporateFormPage'), 'CorporateFormPage') },
  { path: 'corporates/:id/management/reservations/:mode?', element: lazyPage(() => import('../features/corporates/CorporateManagementPage'), 'CorporateManagementPage') },
  { path: 'corporate-app', element: <Navigate to="/corporate-app/reservations" replace /> },
  { path: 'corporate-app/reservations/:mode?', element: lazyPage(() => import('../features/corporate-app/CorporateAppPage'), 'CorporateAppPage') },
  { path: 'corporate-app/event/:eventId/reservation/:id', element: lazyPage(() => import('../features/corporate-app/CorporateReservationPage'), 'CorporateReservationPage') },
];
