import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

// The preview draws with PixiJS: load it only when the page is opened.
const VenueImportPage = lazy(() => import('../features/venue-import/VenueImportPage').then((m) => ({ default: m.VenueImportPage })));

/** Venues and the import of their maps (admin; issue 25). */
export const venueRoutes: RouteObject[] = [
  { path: 'venues', element: <Suspense fallback={<LoadingSpinner />}><VenueImportPage /></Suspense> },
];
