import type { RouteObject } from 'react-router';
import { IntegrationsPage } from './components/integrations-page';

/** Admin-layout routes of the integrations feature (permission: ROUTE_RULES in contracts). */
export const integrationsRoutes: RouteObject[] = [{ path: '/configuration/integrations', element: <IntegrationsPage /> }];
