import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

const crmPage = lazyPage(() => import('../features/crm/CrmPage'), 'CrmPage');

/** CRM (002 §2): /crm/{filter|send|download}; an unknown mode shows the filter. */
export const crmRoutes: RouteObject[] = [
  { path: 'crm/:mode?', element: crmPage },
];
