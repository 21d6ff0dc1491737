import { createBrowserRouter } from 'react-router';
import { dashboardRoutes } from '../features/dashboard/routes';
import { markupsRoutes } from '../features/markups/routes';
import { placeRoutes } from '../features/places/routes';
import { productRoutes } from '../features/products/routes';
import { providerRoutes } from '../features/providers/routes';
import { bookingPublicRoutes, bookingRoutes } from '../features/vouchers/routes';

/**
 * Each feature exports its routes from `features/<name>/routes.tsx`; this file only puts them under
 * the right layout. The platform shell issue fills in layouts, guards and the login screen.
 */
export const router = createBrowserRouter([
  ...placeRoutes,
  ...productRoutes,
  ...providerRoutes,
  ...markupsRoutes,
  ...dashboardRoutes,
  ...bookingRoutes,
  ...bookingPublicRoutes,
  { path: '*', element: <p>Travesía</p> },
]);
