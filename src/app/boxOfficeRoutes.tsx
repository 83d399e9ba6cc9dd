import type { RouteObject } from 'react-router-dom';
import { AddBoxOfficePage, EditBoxOfficePage } from '../features/boxoffice/BoxOfficeFormPages';
import { BoxOfficeListPage } from '../features/boxoffice/BoxOfficeListPage';

/** Box-office reservations of an event (001 §2): children of the event layout (/events/:id/…). */
export const boxOfficeEventRoutes: RouteObject[] = [
  { path: 'boxoffice', element: <BoxOfficeListPage /> },
  { path: 'boxoffice/add', element: <AddBoxOfficePage /> },
  { path: 'boxoffice/:reservId', element: <EditBoxOfficePage /> },
];
