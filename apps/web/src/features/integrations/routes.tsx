import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const IntegrationsPage = lazyPage(() => import('./components/integrations-page'), 'IntegrationsPage');

/** Admin-layout routes of the integrations feature (permission: ROUTE_RULES in contracts). */
export const integrationsRoutes: RouteObject[] = [{ path: '/configuration/integrations', element: <IntegrationsPage /> }];
