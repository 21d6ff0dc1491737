import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const CommissionPage = lazyPage(() => import('./components/commission-page'), 'CommissionPage');
const MarkupFormPage = lazyPage(() => import('./components/markup-form-page'), 'MarkupFormPage');
const MarkupsPage = lazyPage(() => import('./components/markups-page'), 'MarkupsPage');

/** Markups (permission markups:manage) and the agency commission setting (configuration:manage). */
export const markupsRoutes: RouteObject[] = [
  { path: '/markup', element: <MarkupsPage /> },
  { path: '/markup/create', element: <MarkupFormPage /> },
  { path: '/markup/:id', element: <MarkupFormPage /> },
  { path: '/configuration/commission', element: <CommissionPage /> },
];
