import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Lazy />
    </Suspense>
  );
};

const promoList = page(() => import('../features/promos/PromoListPage'), 'PromoListPage');
const promoForm = page(() => import('../features/promos/PromoFormPage'), 'PromoFormPage');
const settings = page(() => import('../features/settings/SettingsPage'), 'SettingsPage');

/**
 * Promo codes, ombuds and Platform Settings (002 §2). Settings' refund tab (/settings/refund) is the orders area's
 * route; only fees, vat, forget and faq are mounted here.
 */
export const promosRoutes: RouteObject[] = [
  { path: 'promocodes', element: <Navigate to="/promocodes/list" replace /> },
  { path: 'promocodes/list/:page?', element: promoList },
  { path: 'promocodes/add', element: promoForm },
  { path: 'promocodes/:id/edit', element: promoForm },
  { path: 'ombuds', element: page(() => import('../features/ombuds/OmbudsPage'), 'OmbudsPage') },
  { path: 'settings', element: <Navigate to="/settings/fees" replace /> },
  ...['fees', 'vat', 'forget', 'faq', 'operations'].map((tab) => ({ path: `settings/${tab}`, element: settings })),
];
