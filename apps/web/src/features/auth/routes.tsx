import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const LoginPage = lazyPage(() => import('./components/login-page'), 'LoginPage');
const LogoutPage = lazyPage(() => import('./components/logout-page'), 'LogoutPage');
const RememberPasswordPage = lazyPage(() => import('./components/remember-password-page'), 'RememberPasswordPage');
const RequestPasswordPage = lazyPage(() => import('./components/request-password-page'), 'RequestPasswordPage');

/** Plain-layout routes of signing in and out (spec §2). */
export const authRoutes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/request-password', element: <RequestPasswordPage /> },
  { path: '/remember-password', element: <RememberPasswordPage /> },
];
