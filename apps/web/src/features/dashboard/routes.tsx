import type { RouteObject } from 'react-router';
import { DashboardPage } from './components/dashboard-page';

/** Admin-layout route: /dashboard (spec §2). */
export const dashboardRoutes: RouteObject[] = [{ path: '/dashboard', element: <DashboardPage /> }];
