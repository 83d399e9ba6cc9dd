import type { RouteObject } from 'react-router-dom';
import { BlacklistPage } from '../features/blacklist/BlacklistPage';
import { PromoterDetailPage } from '../features/promoters/PromoterDetailPage';
import { PromoterCreatePage, PromoterEditPage } from '../features/promoters/PromoterFormPage';
import { PromotersListPage } from '../features/promoters/PromotersListPage';
import { UserDetailPage, UserEditPage } from '../features/users/UserDetailPage';
import { UsersListPage } from '../features/users/UsersListPage';

/** People (002 §2): users and promoters (admin; the role whitelist keeps others out), the blacklist. */
export const peopleRoutes: RouteObject[] = [
  { path: 'users', element: <UsersListPage /> },
  { path: 'users/:id', element: <UserDetailPage /> },
  { path: 'users/:id/edit', element: <UserEditPage /> },
  { path: 'promoters', element: <PromotersListPage /> },
  { path: 'promoters/create', element: <PromoterCreatePage /> },
  { path: 'promoters/:id', element: <PromoterDetailPage /> },
  { path: 'promoters/:id/edit', element: <PromoterEditPage /> },
  { path: 'blacklist', element: <BlacklistPage /> },
];
