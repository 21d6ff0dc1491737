import type { RouteObject } from 'react-router';
import { StorefrontHomePage } from './components/storefront-home-page';
import { StorefrontLayout } from './components/storefront-layout';
import { StorefrontLegalPage } from './components/storefront-legal-page';

export { useStorefront } from './components/storefront-context';
export { StorefrontHomePage } from './components/storefront-home-page';
export { StorefrontHostGate } from './components/storefront-host-gate';
export { StorefrontLayout } from './components/storefront-layout';

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
