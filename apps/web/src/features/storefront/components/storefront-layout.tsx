import { ConfigProvider, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { StorefrontFrame } from '../../../shared/storefront/storefront-frame';
import { useDocumentBranding } from '../../../shared/storefront/use-document-branding';
import { useStorefrontSite } from '../api/get-storefront-site';
import { StorefrontSiteContext } from './storefront-context';

/**
 * The public storefront's shell (`/s/:slug/*`, or `/` on a storefront's own host): loads the published
 * site, applies its branding (antd theme, favicon, title, description, language) and renders the page
 * (`children`, or the route's `<Outlet/>`) inside its header and footer. No session is needed.
 */
export function StorefrontLayout({ slug: slugProp, children }: { slug?: string; children?: ReactNode }) {
  const params = useParams();
  const slug = slugProp ?? params.slug;
  const site = useStorefrontSite(slug);
  useDocumentBranding(site.data);
  if (site.isPending) {
    return (
      <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" aria-label="Cargando" />
      </main>
    );
  }
  if (site.error || !site.data) {
    const message =
      site.error instanceof ApiError && site.error.status === 404 ? site.error.message : 'No pudimos cargar la tienda. Intenta de nuevo.';
    return (
      <ConfigProvider>
        <main>
          <Result status="404" title={<h1 style={{ fontSize: 24, margin: 0 }}>{message}</h1>} />
        </main>
      </ConfigProvider>
    );
  }
  return (
    <StorefrontSiteContext.Provider value={site.data}>
      <StorefrontFrame site={site.data}>{children ?? <Outlet />}</StorefrontFrame>
    </StorefrontSiteContext.Provider>
  );
}
