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
import { storefrontRoutes, useStorefront } from '../features/storefront/routes';
import { StorefrontSearchForm, storefrontShopRoutes } from '../features/storefront-shop/routes';
import { ticketRoutes } from '../features/tickets/routes';
import { transferRoutes } from '../features/transfers/routes';
import { usersRoutes } from '../features/users/routes';
import { bookingPublicRoutes, bookingRoutes } from '../features/vouchers/routes';
import { whiteLabelRoutes } from '../features/whitelabels/routes';
import { NotFound } from '../shared/components/not-found';

/**
 * Every route of spec §2, path → element, in one place: each feature exports its routes
 * (`...dashboardRoutes`). Admin routes all pass the guard of the admin layout (ROUTE_RULES).
 */

/** Public pages under the plain layout (`/` is the host root below). */
export const plainRoutes: RouteObject[] = [...authRoutes.filter((r) => r.path !== '/'), ...bookingPublicRoutes];

/** `/` on the platform's host: the sign-in page (on a storefront's own host the storefront answers: router.tsx). */
export const rootRoute: RouteObject = { index: true, element: authRoutes.find((r) => r.path === '/')?.element };

/** The public storefront (issue 20): no session, no admin guard. */
export const publicStorefrontRoutes: RouteObject[] = storefrontRoutes({
  search: <StorefrontShopSearch />,
  children: storefrontShopRoutes,
});

/**
 * The shop's search form in the storefront home, for the storefront shown: from the site the layout loaded,
 * so it works on `/s/{slug}` and on the storefront's own domain's `/` (no slug in the address there).
 */
export function StorefrontShopSearch() {
  return <StorefrontSearchForm slug={useStorefront().slug} />;
}

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
  ...whiteLabelRoutes,
  ...paymentsRoutes,
  // Searchers, options and reserve pages (spec §2 Search, options and reserve routes).
  ...hotelRoutes,
  ...ticketRoutes,
  ...flightRoutes,
  ...transferRoutes,
  { path: '*', element: <NotFound /> },
];
