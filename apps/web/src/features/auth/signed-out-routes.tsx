import type { RouteObject } from 'react-router';
import { LoginPage } from './components/login-page';
import { RememberPasswordPage } from './components/remember-password-page';
import { RequestPasswordPage } from './components/request-password-page';

export { SignInStarting } from './components/login-page';

/**
 * The pages a signed-out visitor opens first, for the sign-in entry (main.tsx, decision 0570): plain forms
 * without antd, imported statically, so the page is usable once the entry has run. The signed-in app reaches
 * the same components through routes.tsx.
 */
export const signedOutRoutes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  { path: '/request-password', element: <RequestPasswordPage /> },
  { path: '/remember-password', element: <RememberPasswordPage /> },
];

/** Whether the sign-in entry alone shows `pathname` (a trailing slash as React Router reads it). */
export function isSignedOutPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return signedOutRoutes.some((r) => r.path === path);
}
