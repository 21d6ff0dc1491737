import type { StorefrontSite } from '@travesia/contracts';
import { imageUrl } from '@travesia/contracts/storefront-page';
import { useEffect } from 'react';

/** Title, description, language and favicon of the page from the white label's SEO and branding; put back on leave. */
export function useDocumentBranding(site: StorefrontSite | undefined, pageTitle?: string) {
  useEffect(() => {
    if (!site) return;
    const before = { title: document.title, lang: document.documentElement.lang };
    document.title = pageTitle ? `${pageTitle} · ${site.seo.title}` : site.seo.title;
    document.documentElement.lang = site.language;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const beforeDescription = meta.content;
    meta.content = site.seo.description ?? '';
    const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const beforeIcon = icon?.getAttribute('href') ?? null;
    if (icon && site.branding.favicon) icon.href = imageUrl(site.branding.favicon, 320);
    return () => {
      document.title = before.title;
      document.documentElement.lang = before.lang;
      if (created) meta.remove();
      else meta.content = beforeDescription;
      if (icon && beforeIcon !== null) icon.setAttribute('href', beforeIcon);
    };
  }, [site, pageTitle]);
}
