import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type StorefrontSite, storefrontSiteSchema } from '@travesia/contracts';
import {
  hotelResultsHeading,
  imageUrl,
  readablePrimary,
  STOREFRONT_BOOT_ID,
  type StorefrontBoot,
} from '@travesia/contracts/storefront-page';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The storefront's own page (issue 20, decision 0460): `storefront.html`, the web's second Vite input, is
 * answered for `/s/{slug}` and below, and for every page path on a host that resolves to a storefront
 * (decision 0322). The server fills in what the first paint needs — language, title, description,
 * favicon, and on the home the header and hero in the white label's colour — and hands the published
 * site to the page as JSON in a `<script type="application/json">` (data, not a script: the CSP's
 * `script-src 'self'` stays as it is). Everything taken from the white label is escaped: it is
 * reseller-controlled text.
 */
export interface StorefrontPageSource {
  /** The published site of a live storefront; throws (404) otherwise. */
  publicSite(slug: string): Promise<StorefrontSite>;
  /** The storefront a host serves; throws (404) when it serves none. */
  byHost(hostname: string): Promise<{ slug: string }>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values in HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** JSON inside `<script type="application/json">`: no `</script>`, comment opener or line separator can end or confuse it. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The slug of a `/s/{slug}` path (and whether it is the storefront's home), or null for any other path. */
export function storefrontPathOf(url: string): { slug: string; home: boolean } | null {
  const pathname = url.split('?')[0] ?? '';
  const m = /^\/s\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1] as string).toLowerCase();
  } catch {
    return null;
  }
  if (!/^[a-z0-9-]{1,63}$/.test(slug)) return null;
  return { slug, home: !m[2] || m[2] === '/' };
}

/**
 * The storefront's frame around a page's main content: the same elements and classes as the storefront
 * entry's React shell and header (apps/web/src/features/storefront-home/components/storefront-shell.tsx and
 * storefront-header.tsx), so nothing moves when React takes the page over.
 */
function renderFrame(site: StorefrontSite, homeHref: string, main: string): string {
  const name = escapeHtml(site.name);
  const logo = site.branding.logo ? `<img class="sf-logo" src="${escapeHtml(imageUrl(site.branding.logo, 320))}" alt="" height="40">` : '';
  return (
    `<div class="sf" style="--sf-primary:${readablePrimary(site.branding.primaryColor)}" data-testid="storefront">` +
    `<header class="sf-header"><div class="sf-bar"><a class="sf-brand" href="${escapeHtml(homeHref)}" aria-label="${name}: inicio">${logo}<span class="sf-name">${name}</span></a></div></header>` +
    `<main class="sf-main">${main}</main></div>`
  );
}

/** The header and hero of a storefront's home as HTML (the hero as storefront-hero.tsx renders it). */
export function renderHero(site: StorefrontSite, homeHref: string): string {
  const image = site.hero.image
    ? `<img class="sf-hero-img" src="${escapeHtml(imageUrl(site.hero.image, 800))}" alt="" fetchpriority="high">`
    : '';
  const text = site.hero.text ? `<p class="sf-hero-text">${escapeHtml(site.hero.text)}</p>` : '';
  return renderFrame(
    site,
    homeHref,
    `<section class="sf-hero${image ? ' sf-hero-with-image' : ''}" aria-labelledby="storefront-hero-title">${image}` +
      `<div class="sf-wrap"><h1 id="storefront-hero-title" class="sf-hero-title">${escapeHtml(site.hero.title ?? site.name)}</h1>${text}</div>` +
      `</section>`,
  );
}

/**
 * The hotel results page before its search answers (decision 0730): header, heading, the search's summary
 * and the searching state with the results' place kept — what the storefront entry's results page
 * (apps/web/src/features/storefront-home/components/storefront-results-page.tsx) renders while it waits, so
 * the first paint needs the HTML alone and nothing moves when React takes over.
 */
export function renderHotelResults(site: StorefrontSite, homeHref: string, query: URLSearchParams): string {
  const { title, summary } = hotelResultsHeading(query);
  const searching = query.get('destino') && query.get('entrada') && query.get('salida');
  const ghost = '<li class="sf-result sf-result-ghost"></li>';
  return renderFrame(
    site,
    homeHref,
    `<div class="sf-section sf-results"><h1 class="sf-results-title">${escapeHtml(title)}</h1>` +
      (summary ? `<p class="sf-results-summary">${escapeHtml(summary)}</p>` : '') +
      (searching
        ? `<div class="sf-searching" aria-busy="true"><p class="sf-status" role="status">Buscando hoteles…</p>` +
          `<ul class="sf-results-list" aria-hidden="true">${ghost.repeat(3)}</ul></div>`
        : '<p class="sf-note">Elige destino y fechas en el buscador.</p>') +
      '</div>',
  );
}

/** The lazily loaded module of the storefront's antd pages (apps/web/src/app/storefront/storefront-router.tsx). */
const ANTD_PAGES = 'src/app/storefront/storefront-antd-pages.tsx';
const ZOD_JITLESS = 'src/lib/zod-jitless.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * What the storefront's pages other than the home load at once, from Vite's manifest: the antd pages' chunk
 * and everything it imports statically, the zod chunk first. Announced as `modulepreload` on those pages so
 * the browser fetches them with the entry instead of after it (one round trip instead of three).
 */
export function antdPagesPreloads(manifest: Record<string, ManifestChunk>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    files.push(`/${chunk.file}`);
  };
  visit(ZOD_JITLESS);
  visit(ANTD_PAGES);
  return [...new Set(files)];
}

/**
 * The built storefront.html made ready to serve: its one stylesheet (the storefront's few KB of CSS) inlined,
 * so the first paint waits for the HTML alone (the CSP allows inline styles, never inline scripts).
 */
export function prepareTemplate(html: string, readAsset: (file: string) => string | null): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const css = readAsset(file);
    return css && !css.includes('</') ? `<style>${css}</style>` : link;
  });
}

/**
 * storefront.html with the site's head, the pre-rendered home (when `home`) or hotel results (when
 * `hotelResults`, the page's query: decision 0730) and the boot JSON. The other pages get `preloads` (the
 * antd pages' chunks); the hotel results need none of them.
 */
export function renderStorefrontPage(
  template: string,
  boot: StorefrontBoot & { site: StorefrontSite | null },
  home: boolean,
  preloads: string[] = [],
  hotelResults?: URLSearchParams,
): string {
  const site = boot.site;
  let html = template;
  if (!home && !hotelResults && preloads.length) {
    const missing = preloads.filter((href) => !html.includes(`"${href}"`));
    html = html.replace(
      '</head>',
      `${missing.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('')}</head>`,
    );
  }
  if (site) {
    const head = [
      site.seo.description ? `<meta name="description" content="${escapeHtml(site.seo.description)}">` : '',
      `<meta name="theme-color" content="${readablePrimary(site.branding.primaryColor)}">`,
      site.hero.image && home
        ? `<link rel="preload" as="image" href="${escapeHtml(imageUrl(site.hero.image, 800))}" fetchpriority="high">`
        : '',
    ].join('');
    html = html
      .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(site.language)}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.seo.title)}</title>`)
      .replace('</head>', `${head}</head>`);
    if (site.branding.favicon) {
      html = html.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${escapeHtml(imageUrl(site.branding.favicon, 320))}">`);
    }
  }
  const homeHref = boot.byHost ? '/' : `/s/${boot.slug}`;
  const root = !site ? '' : home ? renderHero(site, homeHref) : hotelResults ? renderHotelResults(site, homeHref, hotelResults) : '';
  return html.replace(
    '<div id="root"></div>',
    `<div id="root">${root}</div><script type="application/json" id="${STOREFRONT_BOOT_ID}">${jsonForScript(boot)}</script>`,
  );
}

/** A 404 from the white-label service means "no storefront here"; anything else is a real failure. */
const orNullWhenNotFound = (err: unknown): null => {
  if (err instanceof AppError && err.status === 404) return null;
  throw err;
};

/**
 * The storefront page for a GET that is not a file nor the API, or null when the platform's app
 * (index.html) answers: `/s/{slug}…` on any host, any path on a storefront's own host.
 */
export function storefrontPages(distDir: string, source: StorefrontPageSource) {
  let loaded: { template: string; preloads: string[] } | null = null;
  const read = (file: string) => {
    try {
      return readFileSync(path.join(distDir, file), 'utf8');
    } catch {
      return null;
    }
  };
  const load = () => {
    if (!loaded) {
      const manifest = read('.vite/manifest.json');
      loaded = {
        template: prepareTemplate(read('storefront.html') ?? '', read),
        preloads: manifest ? antdPagesPreloads(JSON.parse(manifest) as Record<string, ManifestChunk>) : [],
      };
    }
    return loaded;
  };
  return async (req: FastifyRequest): Promise<{ status: number; html: string } | null> => {
    const pathname = req.url.split('?')[0] ?? '/';
    let target = storefrontPathOf(pathname);
    let byHost = false;
    if (!target) {
      const host = await source.byHost(req.hostname).catch(orNullWhenNotFound);
      if (!host) return null;
      target = { slug: host.slug, home: pathname === '/' };
      byHost = true;
    }
    const found = await source.publicSite(target.slug).catch(orNullWhenNotFound);
    const site = found ? storefrontSiteSchema.parse(found) : null;
    const { template, preloads } = load();
    // `/s/{slug}/hoteles`: the storefront entry's own results page (on a storefront's host the entry has no such path).
    const hotelResults =
      !byHost && /^\/s\/[^/]+\/hoteles\/?$/.test(pathname) ? new URLSearchParams(req.url.split('?')[1] ?? '') : undefined;
    return {
      status: site ? 200 : 404,
      html: renderStorefrontPage(template, { slug: target.slug, site, byHost }, target.home, preloads, hotelResults),
    };
  };
}
