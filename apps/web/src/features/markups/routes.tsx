import type { RouteObject } from 'react-router';
import { CommissionPage } from './components/commission-page';
import { MarkupFormPage } from './components/markup-form-page';
import { MarkupsPage } from './components/markups-page';

/** Markups (permission markups:manage) and the agency commission setting (configuration:manage). */
export const markupsRoutes: RouteObject[] = [
  { path: '/markup', element: <MarkupsPage /> },
  { path: '/markup/create', element: <MarkupFormPage /> },
  { path: '/markup/:id', element: <MarkupFormPage /> },
  { path: '/configuration/commission', element: <CommissionPage /> },
];
