import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const DashboardPage = lazyPage(() => import('./components/dashboard-page'), 'DashboardPage');

/** Admin-layout route: /dashboard (spec §2). */
export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardPage /> }];
