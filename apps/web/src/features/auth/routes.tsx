import type { RouteObject } from 'react-router';
import { LoginPage } from './components/login-page';
import { LogoutPage } from './components/logout-page';
import { RememberPasswordPage } from './components/remember-password-page';
import { RequestPasswordPage } from './components/request-password-page';

/** Plain-layout routes of signing in and out (spec §2). */
export const authRoutes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/request-password', element: <RequestPasswordPage /> },
  { path: '/remember-password', element: <RememberPasswordPage /> },
];
