import type { StorefrontSite } from '@travesia/contracts';
import { STOREFRONT_BOOT_ID, type StorefrontBoot } from '@travesia/contracts/storefront-page';

export interface Boot extends StorefrontBoot {
  site: StorefrontSite | null;
}

let boot: Boot | null | undefined;

/**
 * What the server put in the page (apps/server/src/http/storefront-page.ts): the slug it serves, its
 * published site (null: no live storefront there) and whether the host chose it. Read once; null when
 * the page has none (the Vite dev server).
 */
export function storefrontBoot(): Boot | null {
  if (boot !== undefined) return boot;
  const el = document.getElementById(STOREFRONT_BOOT_ID);
  try {
    boot = el?.textContent ? (JSON.parse(el.textContent) as Boot) : null;
  } catch {
    boot = null;
  }
  return boot;
}
