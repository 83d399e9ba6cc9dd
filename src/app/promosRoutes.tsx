import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';

const promoList = lazyPage(() => import('../features/promos/PromoListPage'), 'PromoListPage');
const promoForm = lazyPage(() => import('../features/promos/PromoFormPage'), 'PromoFormPage');
const settings = lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage');

/**
 * Promo codes, ombuds and Platform Settings (002 §2). Settings' refund tab (/settings/refund) is the orders area's
 * route; only fees, vat, forget and faq are mounted here.
 */
export const promosRoutes: RouteObject[] = [
  { path: 'promocodes', element: <Navigate to="/promocodes/list" replace /> },
  { path: 'promocodes/list/:page?', element: promoList },
  { path: 'promocodes/add', element: promoForm },
  { path: 'promocodes/:id/edit', element: promoForm },
  { path: 'ombuds', element: lazyPage(() => import('../features/ombuds/OmbudsPage'), 'OmbudsPage') },
  { path: 'settings', element: <Navigate to="/settings/fees" replace /> },
  ...['fees', 'vat', 'forget', 'faq', 'operations'].map((tab) => ({ path: `settings/${tab}`, element: settings })),
];
