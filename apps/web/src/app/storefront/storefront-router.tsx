import { createBrowserRouter, type RouteObject } from 'react-router';
import { StorefrontHomePage } from '../../features/storefront-home/components/storefront-home-page';
import { StorefrontNotFound } from '../../features/storefront-home/components/storefront-not-found';
import { StorefrontResultsPage } from '../../features/storefront-home/components/storefront-results-page';
import { StorefrontShell } from '../../features/storefront-home/components/storefront-shell';

/**
 * Everything but the home: zod's jitless setting runs first (its chunk also holds zod, vite.config.ts), then
 * antd's section and the pages, which read the contracts' schemas (decision 0460).
 */
const antdPages = () => import('../../lib/zod-jitless').then(() => import('./storefront-antd-pages'));

/** Children of the storefront shell that load with antd; `lazy` route objects, so the home never pulls them. */
const antdChildren: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await antdPages()).StorefrontAntdSection }),
    children: [
      { path: 'legal/terminos', lazy: async () => ({ Component: (await antdPages()).TermsPage }) },
      { path: 'legal/privacidad', lazy: async () => ({ Component: (await antdPages()).PrivacyPage }) },
      { path: 'hoteles/reservar', lazy: async () => ({ Component: (await antdPages()).StorefrontCheckoutPage }) },
      { path: 'tickets', lazy: async () => ({ Component: (await antdPages()).StorefrontTicketResultsPage }) },
      { path: 'tickets/reservar', lazy: async () => ({ Component: (await antdPages()).StorefrontTicketCheckoutPage }) },
      { path: 'traslados', lazy: async () => ({ Component: (await antdPages()).StorefrontTransferResultsPage }) },
      { path: 'traslados/reservar', lazy: async () => ({ Component: (await antdPages()).StorefrontTransferCheckoutPage }) },
      { path: 'pedido/:ref', lazy: async () => ({ Component: (await antdPages()).StorefrontOrderPage }) },
      { path: 'mi-reserva', lazy: async () => ({ Component: (await antdPages()).StorefrontLookupPage }) },
    ],
  },
];

/**
 * The storefront entry's routes (storefront.html): `/s/:slug` and its pages on any host, and `/` on a
 * storefront's own host (the server answers this page there only: decision 0322).
 */
export const storefrontRouter = createBrowserRouter([
  {
    path: '/s/:slug',
    element: <StorefrontShell />,
    children: [
      { index: true, element: <StorefrontHomePage /> },
      // The hotel results have no antd (decision 0730): they paint with the entry, the search's answer alone awaited.
      { path: 'hoteles', element: <StorefrontResultsPage /> },
      ...antdChildren,
      { path: '*', element: <StorefrontNotFound /> },
    ],
  },
  {
    path: '/',
    element: <StorefrontShell />,
    children: [
      { index: true, element: <StorefrontHomePage /> },
      { path: '*', element: <StorefrontNotFound /> },
    ],
  },
]);
