import { createBrowserRouter } from 'react-router';
import { StorefrontHostGate } from '../features/storefront/routes';
import { lazyPage } from '../shared/routing/lazy-page';
import { PlainLayout } from './layouts/plain-layout';
import { adminRoutes, plainRoutes, publicStorefrontRoutes, rootRoute, StorefrontShopSearch } from './route-table';

// The admin shell (menus, bars) is a chunk of its own: the sign-in page never downloads it (decision 0381).
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');

/**
 * Each feature exports its routes from `features/<name>/routes.tsx`; route-table.tsx lists them under their layout.
 * Made when the app mounts (mount-app.tsx), not when this module loads: the sign-in entry downloads the app
 * while its own router still answers (decision 0570).
 */
export const createAppRouter = () =>
  createBrowserRouter([
    // `/`: a storefront's subdomain or custom domain shows that storefront, any other host the sign-in page (decision 0322).
    { path: '/', element: <StorefrontHostGate fallback={<PlainLayout />} search={<StorefrontShopSearch />} />, children: [rootRoute] },
    ...publicStorefrontRoutes,
    { element: <PlainLayout />, children: plainRoutes },
    { element: <AdminLayout />, children: adminRoutes },
  ]);
