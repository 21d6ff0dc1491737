import { createBrowserRouter } from 'react-router';
import { AdminLayout } from './layouts/admin-layout';
import { PlainLayout } from './layouts/plain-layout';
import { adminRoutes, plainRoutes } from './route-table';

/** Each feature exports its routes from `features/<name>/routes.tsx`; route-table.tsx lists them under their layout. */
export const router = createBrowserRouter([
  { element: <PlainLayout />, children: plainRoutes },
  { element: <AdminLayout />, children: adminRoutes },
]);
