import type { ReactNode } from 'react';
import { FullPageSpin } from '../../../shared/components/full-page-spin';
import { lazyPage } from '../../../shared/routing/lazy-page';
import { useStorefrontByHost } from '../api/get-storefront-by-host';

const StorefrontHomePage = lazyPage(() => import('./storefront-home-page'), 'StorefrontHomePage');
const StorefrontLayout = lazyPage(() => import('./storefront-layout'), 'StorefrontLayout');

/**
 * `/` on any host (decision 0322): a storefront's subdomain or custom domain shows that storefront's
 * home; the platform's own host shows `fallback` (the sign-in page).
 */
export function StorefrontHostGate({ fallback, search }: { fallback: ReactNode; search?: ReactNode }) {
  const host = useStorefrontByHost();
  if (host.isPending) return <FullPageSpin />;
  if (!host.data) return <>{fallback}</>;
  return (
    <StorefrontLayout slug={host.data}>
      <StorefrontHomePage search={search} />
    </StorefrontLayout>
  );
}
