import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const AgencyProvidersScreen = lazyPage(() => import('./components/screens'), 'AgencyProvidersScreen');
const ProviderTemplatesScreen = lazyPage(() => import('./components/screens'), 'ProviderTemplatesScreen');
const SuperAgencyProvidersScreen = lazyPage(() => import('./components/screens'), 'SuperAgencyProvidersScreen');

/** Admin-layout routes of the providers feature (permissions: ROUTE_RULES in contracts). */
export const providerRoutes: RouteObject[] = [
  { path: '/configuration/providers', element: <AgencyProvidersScreen /> },
  { path: '/sa/agencies/:id/providers', element: <SuperAgencyProvidersScreen /> },
  { path: '/sa/providers-template', element: <ProviderTemplatesScreen /> },
];
