import type { RouteObject } from 'react-router';
import { AppSettingsPage } from './components/app-settings-page';
import { AppearancePage } from './components/appearance-page';
import { ConfigurationPage } from './components/configuration-page';

/** Admin-layout routes of the agency configuration (permissions: ROUTE_RULES in contracts). */
export const configurationRoutes: RouteObject[] = [
  { path: '/configuration', element: <ConfigurationPage /> },
  { path: '/configuration/app', element: <AppSettingsPage /> },
  { path: '/configuration/appearance', element: <AppearancePage /> },
];
