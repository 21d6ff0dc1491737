import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const UserFormPage = lazyPage(() => import('./components/user-form-page'), 'UserFormPage');
const UsersPage = lazyPage(() => import('./components/users-page'), 'UsersPage');

export const usersRoutes: RouteObject[] = [
  { path: '/user', element: <UsersPage /> },
  { path: '/user/create', element: <UserFormPage /> },
  { path: '/user/:id', element: <UserFormPage /> },
];
