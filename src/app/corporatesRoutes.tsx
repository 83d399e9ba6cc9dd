import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Lazy />
    </Suspense>
  );
};

/** Corporates (002 §2) and the corporate app (001 §2). The role whitelist (src/domain/roles.ts) keeps each to its users. */
export const corporatesRoutes: RouteObject[] = [
  { path: 'corporates', element: page(() => import('../features/corporates/CorporatesListPage'), 'CorporatesListPage') },
  { path: 'corporates/access', element: page(() => import('../features/corporates/CorporateAccessPage'), 'CorporateAccessPage') },
  { path: 'corporates/add', element: page(() => import('../features/corporates/CorporateFormPage'), 'CorporateFormPage') },
  { path: 'corporates/:id/edit', element: page(() => import('../features/corporates/CorporateFormPage'), 'CorporateFormPage') },
  { path: 'corporates/:id/management/reservations/:mode?', element: page(() => import('../features/corporates/CorporateManagementPage'), 'CorporateManagementPage') },
  { path: 'corporate-app', element: <Navigate to="/corporate-app/reservations" replace /> },
  { path: 'corporate-app/reservations/:mode?', element: page(() => import('../features/corporate-app/CorporateAppPage'), 'CorporateAppPage') },
  { path: 'corporate-app/event/:eventId/reservation/:id', element: page(() => import('../features/corporate-app/CorporateReservationPage'), 'CorporateReservationPage') },
];
