import type { RouteObject } from 'react-router-dom';
import { AddBoxOfficePage, EditBoxOfficePage } from '../features/boxoffice/BoxOfficeFormPages';
import { BoxOfficeListPage } from '../features/boxoffice/BoxOfficeListPage';
import { BoxOfficeAppPage } from '../features/boxoffice/BoxOfficeAppPage';
import { lazyPage } from './lazyPage';

// The sale's map draws with PixiJS: loaded when the page is opened, so the console's first bundle (every page's start) has none.
const boxOfficeSalePage = lazyPage(() => import('../features/boxoffice/BoxOfficeSalePage'), 'BoxOfficeSalePage');

/** Box-office reservations of an event (001 §2): children of the event layout (/events/:id/…). */
export const boxOfficeEventRoutes: RouteObject[] = [
  { path: 'boxoffice', element: <BoxOfficeListPage /> },
  { path: 'boxoffice/add', element: <AddBoxOfficePage /> },
  { path: 'boxoffice/:reservId', element: <EditBoxOfficePage /> },
];

/** The box-office app (001 §2 "Box-office app"): the box-office role's only screens besides / and /404. */
export const boxOfficeAppRoutes: RouteObject[] = [
  { path: 'boxoffice-app', element: <BoxOfficeAppPage /> },
  { path: 'boxoffice-app/:id', element: boxOfficeSalePage },
];
