import type { RouteObject } from 'react-router';
import { ProfilePage } from './components/profile-page';

/** The signed-in user's own page: every user type opens it (no ROUTE_RULES entry). */
export const profileRoutes: RouteObject[] = [{ path: '/profile', element: <ProfilePage /> }];
