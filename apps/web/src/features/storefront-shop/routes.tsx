import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const StorefrontCheckoutPage = lazyPage(() => import('./pages/checkout-page'), 'StorefrontCheckoutPage');
const StorefrontOrderPage = lazyPage(() => import('./pages/order-page'), 'StorefrontOrderPage');
const StorefrontResultsPage = lazyPage(() => import('./pages/results-page'), 'StorefrontResultsPage');
const StorefrontTicketCheckoutPage = lazyPage(() => import('./pages/ticket-checkout-page'), 'StorefrontTicketCheckoutPage');
const StorefrontTicketResultsPage = lazyPage(() => import('./pages/ticket-results-page'), 'StorefrontTicketResultsPage');
const StorefrontTransferCheckoutPage = lazyPage(() => import('./pages/transfer-checkout-page'), 'StorefrontTransferCheckoutPage');
const StorefrontTransferResultsPage = lazyPage(() => import('./pages/transfer-results-page'), 'StorefrontTransferResultsPage');

/**
 * The shop's pages, relative to the storefront layout's `/s/:slug` route (the lead composes them as
 * its children in `app/`): each product's results and checkout (hotels, tickets, transfers), the payment return
 * page, "mi reserva".
 */
export const storefrontShopRoutes: RouteObject[] = [
  { path: 'hoteles', element: <StorefrontResultsPage /> },
  { path: 'hoteles/reservar', element: <StorefrontCheckoutPage /> },
  { path: 'tickets', element: <StorefrontTicketResultsPage /> },
  { path: 'tickets/reservar', element: <StorefrontTicketCheckoutPage /> },
  { path: 'traslados', element: <StorefrontTransferResultsPage /> },
  { path: 'traslados/reservar', element: <StorefrontTransferCheckoutPage /> },
  { path: 'pedido/:ref', element: <StorefrontOrderPage /> },
  { path: 'mi-reserva', element: <StorefrontOrderPage lookup /> },
];

/** The home page's search form, loaded with the storefront rather than with the sign-in page. */
export const StorefrontSearchForm = lazyPage(() => import('./components/storefront-search-form'), 'StorefrontSearchForm');
