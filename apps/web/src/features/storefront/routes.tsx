import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

// Loaded only when a storefront is shown: the sign-in page never downloads them (decision 0381).
const StorefrontHomePage = lazyPage(() => import('./components/storefront-home-page'), 'StorefrontHomePage');
const StorefrontLayout = lazyPage(() => import('./components/storefront-layout'), 'StorefrontLayout');
const StorefrontLegalPage = lazyPage(() => import('./components/storefront-legal-page'), 'StorefrontLegalPage');

export { useStorefront } from './components/storefront-context';
export { StorefrontHostGate } from './components/storefront-host-gate';

/**
 * The public storefront (issue 20): `/s/:slug` and its legal pages, under `StorefrontLayout` (no
 * session, no admin guard). The app router may pass the storefront search form to the home (`search`)
 * and add more children (results, checkout) beside these.
 */
export function storefrontRoutes(opts: { search?: React.ReactNode; children?: RouteObject[] } = {}): RouteObject[] {
  return [
    {
      path: '/s/:slug',
      element: <StorefrontLayout />,
      children: [
        { index: true, element: <StorefrontHomePage search={opts.search} /> },
        { path: 'legal/terminos', element: <StorefrontLegalPage kind="terms" /> },
        { path: 'legal/privacidad', element: <StorefrontLegalPage kind="privacy" /> },
        ...(opts.children ?? []),
      ],
    },
  ];
}
