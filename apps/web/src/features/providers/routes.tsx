import type { RouteObject } from 'react-router';
import { AgencyProvidersScreen, ProviderTemplatesScreen, SuperAgencyProvidersScreen } from './components/screens';

/** Admin-layout routes of the providers feature (permissions: ROUTE_RULES in contracts). */
export const providerRoutes: RouteObject[] = [
  { path: '/configuration/providers', element: <AgencyProvidersScreen /> },
  { path: '/sa/agencies/:id/providers', element: <SuperAgencyProvidersScreen /> },
  { path: '/sa/providers-template', element: <ProviderTemplatesScreen /> },
];
