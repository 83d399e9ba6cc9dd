import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AddBoxOfficePage, EditBoxOfficePage } from '../features/boxoffice/BoxOfficeFormPages';
import { BoxOfficeListPage } from '../features/boxoffice/BoxOfficeListPage';
import { BoxOfficeAppPage } from '../features/boxoffice/BoxOfficeAppPage';
import { LoadingSpinner } from '../ui/LoadingSpinner';

// The sale's map draws with PixiJS: loaded when the page is opened, so the console's first bundle (every page's start) has none.
const BoxOfficeSalePage = lazy(() => import('../features/boxoffice/BoxOfficeSalePage').then((m) => ({ default: m.BoxOfficeSalePage })));

/** Box-office reservations of an event (001 §2): children of the event layout (/events/:id/…). */
export const boxOfficeEventRoutes: RouteObject[] = [
  { path: 'boxoffice', element: <BoxOfficeListPage /> },
  { path: 'boxoffice/add', element: <AddBoxOfficePage /> },
  { path: 'boxoffice/:reservId', element: <EditBoxOfficePage /> },
];

/** The box-office app (001 §2 "Box-office app"): the box-office role's only screens besides / and /404. */
export const boxOfficeAppRoutes: RouteObject[] = [
  { path: 'boxoffice-app', element: <BoxOfficeAppPage /> },
  { path: 'boxoffice-app/:id', element: <Suspense fallback={<LoadingSpinner />}><BoxOfficeSalePage /></Suspense> },
];
