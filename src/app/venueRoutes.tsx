import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

// The preview draws with PixiJS: load it only when the page is opened.
const venueImportPage = lazyPage(() => import('../features/venue-import/VenueImportPage'), 'VenueImportPage');

/** Venues and the import of their maps (admin; issue 25). */
export const venueRoutes: RouteObject[] = [
  { path: 'venues', element: venueImportPage },
];
