import type { ReactNode } from 'react';
import { StorefrontHome } from '../../../shared/storefront/storefront-home';
import { useStorefront } from './storefront-context';

/** `/s/:slug`: hero, the search area (`search`, the storefront search form the app router passes) and featured destinations. */
export function StorefrontHomePage({ search }: { search?: ReactNode }) {
  return <StorefrontHome site={useStorefront()} search={search} />;
}
