import { createBrowserRouter } from 'react-router';
import { lazyPage } from '../shared/routing/lazy-page';
import { PlainLayout } from './layouts/plain-layout';
import { adminRoutes, plainRoutes } from './route-table';

// The admin shell (menus, bars) is a chunk of its own: the sign-in page never downloads it (decision 0381).
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');

/** Each feature exports its routes from `features/<name>/routes.tsx`; route-table.tsx lists them under their layout. */
export const router = createBrowserRouter([
  { element: <PlainLayout />, children: plainRoutes },
  { element: <AdminLayout />, children: adminRoutes },
]);
