import { readablePrimary } from '@travesia/contracts/storefront-page';
import type { CSSProperties, ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { StorefrontSiteContext } from '../../../shared/storefront/site-context';
import { useSite } from '../api/get-site';
import type { StorefrontFetchError } from '../api/public-fetch';
import { storefrontBoot } from '../api/storefront-boot';
import { StorefrontFooter } from './storefront-footer';
import { StorefrontHeader } from './storefront-header';

const NOT_FOUND = 'Esta tienda no existe o no está disponible';

/**
 * The storefront entry's shell (`/s/:slug/*`, or `/` on the storefront's own host): the published site
 * (from the page, else fetched), its colour and the page inside the header and footer. Title, language and
 * favicon come with the server's page; the home and the legal pages set theirs (useDocumentBranding). No antd: the home paints with this entry's small bundle (decision 0460).
 */
export function StorefrontShell({ children }: { children?: ReactNode }) {
  const params = useParams();
  const boot = storefrontBoot();
  const slug = params.slug ?? boot?.slug ?? '';
  const site = useSite(slug);
  if (site.known404 || site.error || (!site.data && !slug)) {
    const message =
      site.known404 || !slug || (site.error as StorefrontFetchError | null)?.status === 404
        ? NOT_FOUND
        : 'No pudimos cargar la tienda. Intenta de nuevo.';
    return (
      <main className="sf-center">
        <h1 className="sf-message">{message}</h1>
      </main>
    );
  }
  if (!site.data) {
    return (
      <main className="sf-center" aria-busy="true">
        <p className="sf-muted">Cargando…</p>
      </main>
    );
  }
  const data = site.data;
  // On its own host the storefront's home is `/`; elsewhere `/s/{slug}`.
  const home = boot?.byHost && !params.slug ? '/' : `/s/${data.slug}`;
  return (
    <StorefrontSiteContext.Provider value={data}>
      <div className="sf" style={{ '--sf-primary': readablePrimary(data.branding.primaryColor) } as CSSProperties} data-testid="storefront">
        <StorefrontHeader site={data} home={home} />
        <main className="sf-main">{children ?? <Outlet />}</main>
        <StorefrontFooter site={data} />
      </div>
    </StorefrontSiteContext.Provider>
  );
}
