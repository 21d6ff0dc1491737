import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const AgenciesPage = lazyPage(() => import('./components/agencies-page'), 'AgenciesPage');
const AgencyFormPage = lazyPage(() => import('./components/agency-form-page'), 'AgencyFormPage');

/** Super-only agency screens; /sa/agencies/{id}/providers belongs to the providers feature. */
export const agenciesRoutes: RouteObject[] = [
  { path: '/sa/agencies', element: <AgenciesPage /> },
  { path: '/sa/agencies/create', element: <AgencyFormPage /> },
  { path: '/sa/agencies/:id', element: <AgencyFormPage /> },
];
