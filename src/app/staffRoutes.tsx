import { Navigate, type RouteObject } from 'react-router-dom';
import { routePage } from './lazyPage';

/** A promoter's staff (002 §2): scanner-app users, box-office users, affiliates. */
export const staffRoutes: RouteObject[] = [
  { path: 'scanner-users', ...routePage(() => import('../features/staff/ScannerUsersListPage'), (m) => <m.ScannerUsersListPage />) },
  { path: 'scanner-users/add', ...routePage(() => import('../features/staff/ScannerUserFormPage'), (m) => <m.ScannerUserFormPage />) },
  { path: 'scanner-users/:userId/edit', ...routePage(() => import('../features/staff/ScannerUserFormPage'), (m) => <m.ScannerUserFormPage />) },
  { path: 'scanner-users/:id/management', element: <Navigate to="events" replace /> },
  { path: 'scanner-users/:id/management/:mode', ...routePage(() => import('../features/staff/ScannerManagementPage'), (m) => <m.ScannerManagementPage />) },
  { path: 'scanner-users/*', element: <Navigate to="/404" replace /> },
  { path: 'boxoffice-users', element: <Navigate to="/boxoffice-users/list" replace /> },
  { path: 'boxoffice-users/list', ...routePage(() => import('../features/staff/BoxOfficeUsersListPage'), (m) => <m.BoxOfficeUsersListPage />) },
  { path: 'boxoffice-users/add', ...routePage(() => import('../features/staff/BoxOfficeUserFormPage'), (m) => <m.BoxOfficeUserFormPage />) },
  { path: 'boxoffice-users/:id/edit', ...routePage(() => import('../features/staff/BoxOfficeUserFormPage'), (m) => <m.BoxOfficeUserFormPage />) },
  { path: 'boxoffice-users/*', element: <Navigate to="/404" replace /> },
  { path: 'affiliates', ...routePage(() => import('../features/staff/AffiliatesListPage'), (m) => <m.AffiliatesListPage />) },
  { path: 'affiliates/add', ...routePage(() => import('../features/staff/AffiliateAddPage'), (m) => <m.AffiliateAddPage />) },
  { path: 'affiliates/:id', element: <Navigate to="branding" replace /> },
  { path: 'affiliates/:id/:tab', ...routePage(() => import('../features/staff/AffiliatePage'), (m) => <m.AffiliatePage />) },
  { path: 'affiliates/*', element: <Navigate to="/404" replace /> },
];
