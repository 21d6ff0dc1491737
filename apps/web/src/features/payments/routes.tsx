import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const PaymentsPage = lazyPage(() => import('./components/payments-page'), 'PaymentsPage');

/** Admin-layout routes of the payments feature (permission: ROUTE_RULES in contracts, `/whitelabel/*`). */
export const paymentsRoutes: RouteObject[] = [{ path: '/whitelabel/:id/payments', element: <PaymentsPage /> }];
