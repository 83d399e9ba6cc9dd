import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

const CrmPage = lazy(() => import('../features/crm/CrmPage').then((m) => ({ default: m.CrmPage })));

/** CRM (002 §2): /crm/{filter|send|download}; an unknown mode shows the filter. */
export const crmRoutes: RouteObject[] = [
  { path: 'crm/:mode?', element: <Suspense fallback={<LoadingSpinner />}><CrmPage /></Suspense> },
];
