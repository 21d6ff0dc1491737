import type { RouteObject } from 'react-router';
import { PaymentsPage } from './components/payments-page';

/** Admin-layout routes of the payments feature (permission: ROUTE_RULES in contracts, `/whitelabel/*`). */
export const paymentsRoutes: RouteObject[] = [{ path: '/whitelabel/:id/payments', element: <PaymentsPage /> }];
