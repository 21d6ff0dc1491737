import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

// The three signed-out pages are in the sign-in entry already (signed-out-routes.tsx, decision 0570): their
// "lazy" chunks are that entry's, loaded before the app; the gate and the sign-out are the app's own.
const SignInGate = lazyPage(() => import('./components/sign-in-gate'), 'SignInGate');
const LogoutPage = lazyPage(() => import('./components/logout-page'), 'LogoutPage');
const RememberPasswordPage = lazyPage(() => import('./components/remember-password-page'), 'RememberPasswordPage');
const RequestPasswordPage = lazyPage(() => import('./components/request-password-page'), 'RequestPasswordPage');

/** Plain-layout routes of signing in and out (spec §2), in the signed-in app. */
export const authRoutes: RouteObject[] = [
  { path: '/', element: <SignInGate /> },
  { path: '/logout', element: <LogoutPage /> },
  { path: '/request-password', element: <RequestPasswordPage /> },
  { path: '/remember-password', element: <RememberPasswordPage /> },
];
