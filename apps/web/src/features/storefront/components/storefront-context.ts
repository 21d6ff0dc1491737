import type { StorefrontSite } from '@travesia/contracts';
import { createContext, useContext } from 'react';

export const StorefrontSiteContext = createContext<StorefrontSite | null>(null);

/** The storefront's published site, inside StorefrontLayout. */
export function useStorefront(): StorefrontSite {
  const site = useContext(StorefrontSiteContext);
  if (!site) throw new Error('useStorefront outside StorefrontLayout');
  return site;
}
