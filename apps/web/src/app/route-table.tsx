import type { RouteObject } from 'react-router';
import { aboutRoutes } from '../features/about/routes';
import { agenciesRoutes } from '../features/agencies/routes';
import { authRoutes } from '../features/auth/routes';
import { configurationRoutes } from '../features/configuration/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { flightRoutes } from '../features/flights/routes';
import { hotelRoutes } from '../features/hotels/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { markupsRoutes } from '../features/markups/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { placeRoutes } from '../features/places/routes';
import { productRoutes } from '../features/products/routes';
import { profileRoutes } from '../features/profile/routes';
import { providerRoutes } from '../features/providers/routes';
import { ticketRoutes } from '../features/tickets/routes';
import { transferRoutes } from '../features/transfers/routes';
import { usersRoutes } from '../features/users/routes';
import { bookingPublicRoutes, bookingRoutes } from '../features/vouchers/routes';
import { NotFound } from '../shared/components/not-found';
import { UnderConstruction } from '../shared/components/under-construction';

/**
 * Every route of spec §2, path → element, in one place. A screen another issue builds is an
 * <UnderConstruction /> line until then: replace those lines with the feature's routes
 * (`...dashboardRoutes`). Admin routes all pass the guard of the admin layout (ROUTE_RULES).
 */
const soon = (...paths: string[]): RouteObject[] => paths.map((path) => ({ path, element: <UnderConstruction /> }));

/** Public pages under the plain layout. */
export const plainRoutes: RouteObject[] = [...authRoutes, ...bookingPublicRoutes];

/** Signed-in pages under the admin layout. */
export const adminRoutes: RouteObject[] = [
  ...aboutRoutes,
  ...dashboardRoutes,
  ...configurationRoutes,
  ...integrationsRoutes,
  ...profileRoutes,
  ...usersRoutes,
  ...productRoutes,
  ...bookingRoutes,
  ...markupsRoutes,
  ...placeRoutes,
  ...agenciesRoutes,
  ...providerRoutes,
  ...paymentsRoutes,
  ...soon('/whitelabels', '/whitelabels/create', '/whitelabels/:id', '/whitelabel/:id/customize'),
  // Searchers, options and reserve pages (spec §2 Search, options and reserve routes).
  ...hotelRoutes,
  ...ticketRoutes,
  ...flightRoutes,
  ...transferRoutes,
  { path: '*', element: <NotFound /> },
];
