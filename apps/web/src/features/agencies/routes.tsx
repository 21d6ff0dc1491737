import type { RouteObject } from 'react-router';
import { AgenciesPage } from './components/agencies-page';
import { AgencyFormPage } from './components/agency-form-page';

/** Super-only agency screens; /sa/agencies/{id}/providers belongs to the providers feature. */
export const agenciesRoutes: RouteObject[] = [
  { path: '/sa/agencies', element: <AgenciesPage /> },
  { path: '/sa/agencies/create', element: <AgencyFormPage /> },
  { path: '/sa/agencies/:id', element: <AgencyFormPage /> },
];
