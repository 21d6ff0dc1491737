import { createBrowserRouter } from 'react-router';
import { StorefrontHostGate } from '../features/storefront/routes';
import { AdminLayout } from './layouts/admin-layout';
import { PlainLayout } from './layouts/plain-layout';
import { adminRoutes, plainRoutes, publicStorefrontRoutes, rootRoute } from './route-table';

/** Each feature exports its routes from `features/<name>/routes.tsx`; route-table.tsx lists them under their layout. */
export const router = createBrowserRouter([
  // `/`: a storefront's subdomain or custom domain shows that storefront, any other host the sign-in page (decision 0322).
  { path: '/', element: <StorefrontHostGate fallback={<PlainLayout />} />, children: [rootRoute] },
  ...publicStorefrontRoutes,
  { element: <PlainLayout />, children: plainRoutes },
  { element: <AdminLayout />, children: adminRoutes },
]);
