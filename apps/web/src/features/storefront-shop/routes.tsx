import type { RouteObject } from 'react-router';
import { StorefrontCheckoutPage } from './pages/checkout-page';
import { StorefrontOrderPage } from './pages/order-page';
import { StorefrontResultsPage } from './pages/results-page';

/**
 * The shop's pages, relative to the storefront layout's `/s/:slug` route (the lead composes them as
 * its children in `app/`): results, checkout, the payment return page, "mi reserva".
 */
export const storefrontShopRoutes: RouteObject[] = [
  { path: 'hoteles', element: <StorefrontResultsPage /> },
  { path: 'hoteles/reservar', element: <StorefrontCheckoutPage /> },
  { path: 'pedido/:ref', element: <StorefrontOrderPage /> },
  { path: 'mi-reserva', element: <StorefrontOrderPage lookup /> },
];

export { StorefrontSearchForm } from './components/storefront-search-form';
