import type { RouteObject } from 'react-router-dom';
import { routePage } from './lazyPage';

/** People (002 §2): users and promoters (admin; the role whitelist keeps others out), the blacklist. */
export const peopleRoutes: RouteObject[] = [
  { path: 'users', ...routePage(() => import('../features/users/UsersListPage'), (m) => <m.UsersListPage />) },
  { path: 'users/:id', ...routePage(() => import('../features/users/UserDetailPage'), (m) => <m.UserDetailPage />) },
  { path: 'users/:id/edit', ...routePage(() => import('../features/users/UserDetailPage'), (m) => <m.UserEditPage />) },
  { path: 'promoters', ...routePage(() => import('../features/promoters/PromotersListPage'), (m) => <m.PromotersListPage />) },
  { path: 'promoters/create', ...routePage(() => import('../features/promoters/PromoterFormPage'), (m) => <m.PromoterCreatePage />) },
  { path: 'promoters/:id', ...routePage(() => import('../features/promoters/PromoterDetailPage'), (m) => <m.PromoterDetailPage />) },
  { path: 'promoters/:id/edit', ...routePage(() => import('../features/promoters/PromoterFormPage'), (m) => <m.PromoterEditPage />) },
  { path: 'blacklist', ...routePage(() => import('../features/blacklist/BlacklistPage'), (m) => <m.BlacklistPage />) },
];
