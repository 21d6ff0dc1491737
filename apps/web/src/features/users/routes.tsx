import type { RouteObject } from 'react-router';
import { UserFormPage } from './components/user-form-page';
import { UsersPage } from './components/users-page';

export const usersRoutes: RouteObject[] = [
  { path: '/user', element: <UsersPage /> },
  { path: '/user/create', element: <UserFormPage /> },
  { path: '/user/:id', element: <UserFormPage /> },
];
