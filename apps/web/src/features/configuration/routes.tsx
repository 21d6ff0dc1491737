import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const AppSettingsPage = lazyPage(() => import('./components/app-settings-page'), 'AppSettingsPage');
const AppearancePage = lazyPage(() => import('./components/appearance-page'), 'AppearancePage');
const ConfigurationPage = lazyPage(() => import('./components/configuration-page'), 'ConfigurationPage');

/** Admin-layout routes of the agency configuration (permissions: ROUTE_RULES in contracts). */
export const configurationRoutes: RouteObject[] = [
  { path: '/configuration', element: <ConfigurationPage /> },
  { path: '/configuration/app', element: <AppSettingsPage /> },
  { path: '/configuration/appearance', element: <AppearancePage /> },
];
