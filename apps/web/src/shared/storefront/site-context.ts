import type { StorefrontSite } from '@travesia/contracts';
import { createContext, useContext } from 'react';

/** The storefront being shown: provided by the admin app's StorefrontLayout and by the storefront entry's shell. */
export const StorefrontSiteContext = createContext<StorefrontSite | null>(null);

/** The storefront's published site, inside a storefront layout. */
export function useStorefront(): StorefrontSite {
  const site = useContext(StorefrontSiteContext);
  if (!site) throw new Error('useStorefront outside a storefront layout');
  return site;
}
