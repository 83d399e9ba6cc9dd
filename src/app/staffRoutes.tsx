import { Navigate, type RouteObject } from 'react-router-dom';
import { AffiliateAddPage } from '../features/staff/AffiliateAddPage';
import { AffiliatePage } from '../features/staff/AffiliatePage';
import { AffiliatesListPage } from '../features/staff/AffiliatesListPage';
import { BoxOfficeUserFormPage } from '../features/staff/BoxOfficeUserFormPage';
import { BoxOfficeUsersListPage } from '../features/staff/BoxOfficeUsersListPage';
import { ScannerManagementPage } from '../features/staff/ScannerManagementPage';
import { ScannerUserFormPage } from '../features/staff/ScannerUserFormPage';
import { ScannerUsersListPage } from '../features/staff/ScannerUsersListPage';

/** A promoter's staff (002 §2): scanner-app users, box-office users, affiliates. */
export const staffRoutes: RouteObject[] = [
  { path: 'scanner-users', element: <ScannerUsersListPage /> },
  { path: 'scanner-users/add', element: <ScannerUserFormPage /> },
  { path: 'scanner-users/:userId/edit', element: <ScannerUserFormPage /> },
  { path: 'scanner-users/:id/management', element: <Navigate to="events" replace /> },
  { path: 'scanner-users/:id/management/:mode', element: <ScannerManagementPage /> },
  { path: 'scanner-users/*', element: <Navigate to="/404" replace /> },
  { path: 'boxoffice-users', element: <Navigate to="/boxoffice-users/list" replace /> },
  { path: 'boxoffice-users/list', element: <BoxOfficeUsersListPage /> },
  { path: 'boxoffice-users/add', element: <BoxOfficeUserFormPage /> },
  { path: 'boxoffice-users/:id/edit', element: <BoxOfficeUserFormPage /> },
  { path: 'boxoffice-users/*', element: <Navigate to="/404" replace /> },
  { path: 'affiliates', element: <AffiliatesListPage /> },
  { path: 'affiliates/add', element: <AffiliateAddPage /> },
  { path: 'affiliates/:id', element: <Navigate to="branding" replace /> },
  { path: 'affiliates/:id/:tab', element: <AffiliatePage /> },
  { path: 'affiliates/*', element: <Navigate to="/404" replace /> },
];
