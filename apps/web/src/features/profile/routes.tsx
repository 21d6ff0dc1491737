import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const ProfilePage = lazyPage(() => import('./components/profile-page'), 'ProfilePage');

/** The signed-in user's own page: every user type opens it (no ROUTE_RULES entry). */
export const profileRoutes: RouteObject[] = [{ path: '/profile', element: <ProfilePage /> }];
