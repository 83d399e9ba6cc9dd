import type { RouteObject } from 'react-router-dom';
import { lazyPage, routePage } from './lazyPage';

// The sale's map draws with PixiJS: loaded when the page is opened, so the console's first bundle (every page's start) has none.
const boxOfficeSalePage = lazyPage(() => import('../features/boxoffice/BoxOfficeSalePage'), 'BoxOfficeSalePage');

/** Box-office reservations of an event (001 §2): children of the event layout (/events/:id/…). */
export const boxOfficeEventRoutes: RouteObject[] = [
  { path: 'boxoffice', ...routePage(() => import('../features/boxoffice/BoxOfficeListPage'), (m) => <m.BoxOfficeListPage />) },
  { path: 'boxoffice/add', ...routePage(() => import('../features/boxoffice/BoxOfficeFormPages'), (m) => <m.AddBoxOfficePage />) },
  { path: 'boxoffice/:reservId', ...routePage(() => import('../features/boxoffice/BoxOfficeFormPages'), (m) => <m.EditBoxOfficePage />) },
];

/** The box-office app (001 §2 "Box-office app"): the box-office role's only screens besides / and /404. */
export const boxOfficeAppRoutes: RouteObject[] = [
  { path: 'boxoffice-app', ...routePage(() => import('../features/boxoffice/BoxOfficeAppPage'), (m) => <m.BoxOfficeAppPage />) },
  { path: 'boxoffice-app/:id', element: boxOfficeSalePage },
];
