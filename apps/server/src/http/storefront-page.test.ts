import type { StorefrontSite } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import {
  antdPagesPreloads,
  escapeHtml,
  jsonForScript,
  prepareTemplate,
  renderStorefrontPage,
  storefrontPathOf,
} from './storefront-page.js';

const TEMPLATE =
  '<!doctype html>\n<html lang="es">\n<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>Tienda</title></head>\n<body><div id="root"></div></body></html>';

const site = (over: Partial<StorefrontSite> = {}): StorefrontSite => ({
  slug: 'viajes-sol',
  name: 'Viajes Sol',
  products: ['hotels-travesia'],
  currency: 'COP',
  language: 'es',
  branding: { logo: 'logo.webp', favicon: 'fav.webp', primaryColor: '#ffcc00', secondaryColor: null },
  hero: { title: 'Viaja', text: 'Hoteles y más', image: null },
  featuredDestinations: [],
  support: { email: null, phone: null },
  legal: { terms: null, privacy: null },
  seo: { title: 'Viajes Sol: hoteles', description: 'Reserva tu hotel' },
  publishedAt: '2026-11-25T00:00:00.000Z',
  ...over,
});

const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="storefront-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

describe('storefront page', () => {
  it('finds the slug of /s/{slug} paths and whether it is the home', () => {
    expect(storefrontPathOf('/s/viajes-sol')).toEqual({ slug: 'viajes-sol', home: true });
    expect(storefrontPathOf('/s/Viajes-Sol/?x=1')).toEqual({ slug: 'viajes-sol', home: true });
    expect(storefrontPathOf('/s/viajes-sol/hoteles?destino=1')).toEqual({ slug: 'viajes-sol', home: false });
    for (const p of ['/', '/s', '/s/', '/login', '/s/%E0%A4%A/x', '/s/a%20b', `/s/${'x'.repeat(64)}`])
      expect(storefrontPathOf(p), p).toBeNull();
  });

  it('fills in the head, the pre-rendered header and hero, and the boot JSON on the home', () => {
    const html = renderStorefrontPage(TEMPLATE, { slug: 'viajes-sol', site: site(), byHost: false }, true);
    expect(html).toContain('<title>Viajes Sol: hoteles</title>');
    expect(html).toContain('<meta name="description" content="Reserva tu hotel">');
    expect(html).toContain('<link rel="icon" href="/api/file/serve/fav-320.webp">');
    expect(html).toContain('<h1 id="storefront-hero-title" class="sf-hero-title">Viaja</h1>');
    expect(html).toContain('<p class="sf-hero-text">Hoteles y más</p>');
    expect(html).toContain('href="/s/viajes-sol" aria-label="Viajes Sol: inicio"');
    expect(html).toContain('<img class="sf-logo" src="/api/file/serve/logo-320.webp" alt="" height="40">');
    // The yellow is darkened until white text on it reads at 4.5:1.
    expect(html).toMatch(/style="--sf-primary:#[0-9a-f]{6}"/);
    expect(html).not.toContain('--sf-primary:#ffcc00');
    expect(bootOf(html)).toEqual({ slug: 'viajes-sol', site: site(), byHost: false });
  });

  it('preloads the hero image on the home only; other pages get the head and the data, no hero', () => {
    const withImage = site({ hero: { title: null, text: null, image: 'hero.webp' } });
    const home = renderStorefrontPage(TEMPLATE, { slug: 'viajes-sol', site: withImage, byHost: true }, true);
    expect(home).toContain('<link rel="preload" as="image" href="/api/file/serve/hero-800.webp" fetchpriority="high">');
    expect(home).toContain('<img class="sf-hero-img" src="/api/file/serve/hero-800.webp" alt="" fetchpriority="high">');
    expect(home).toContain('>Viajes Sol</h1>');
    expect(home).toContain('href="/" aria-label');
    const results = renderStorefrontPage(TEMPLATE, { slug: 'viajes-sol', site: withImage, byHost: false }, false);
    expect(results).toContain('<div id="root"></div>');
    expect(results).not.toContain('preload');
    expect(results).toContain('<title>Viajes Sol: hoteles</title>');
  });

  it("escapes the reseller's text everywhere: nothing it writes becomes markup or ends the JSON", () => {
    const evil = '</script><script>alert(1)</script>"\'&\u2028';
    const html = renderStorefrontPage(
      TEMPLATE,
      {
        slug: 'viajes-sol',
        site: site({ name: evil, hero: { title: evil, text: evil, image: null }, seo: { title: evil, description: evil }, language: 'es' }),
        byHost: false,
      },
      true,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(bootOf(html).site.name).toBe(evil);
  });

  it('an unknown storefront gets the page with null data and no hero', () => {
    const html = renderStorefrontPage(TEMPLATE, { slug: 'no-existe', site: null, byHost: false }, true);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Tienda</title>');
    expect(bootOf(html)).toEqual({ slug: 'no-existe', site: null, byHost: false });
  });

  it('escapes HTML and script-breaking characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(jsonForScript({ a: '</script><!--\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u2028"}');
  });

  it('inlines the built stylesheet so the first paint waits for the HTML alone', () => {
    const built =
      '<head><link rel="stylesheet" crossorigin href="/assets/storefront-Ab12.css"><link rel="stylesheet" href="/assets/gone-1.css"></head>';
    const css: Record<string, string> = { 'assets/storefront-Ab12.css': '.sf{color:red}' };
    expect(prepareTemplate(built, (f) => css[f] ?? null)).toBe(
      '<head><style>.sf{color:red}</style><link rel="stylesheet" href="/assets/gone-1.css"></head>',
    );
  });

  it("preloads the antd pages' chunks (zod's first) on the pages other than the home", () => {
    const manifest = {
      'src/lib/zod-jitless.ts': { file: 'assets/zod-1.js' },
      'src/app/storefront/storefront-antd-pages.tsx': { file: 'assets/pages-2.js', imports: ['_antd.js', '_zod.js'] },
      '_antd.js': { file: 'assets/antd-3.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-4.js' },
      '_zod.js': { file: 'assets/zod-1.js' },
    };
    const preloads = antdPagesPreloads(manifest);
    expect(preloads).toEqual(['/assets/zod-1.js', '/assets/react-4.js', '/assets/antd-3.js', '/assets/pages-2.js']);
    const template = TEMPLATE.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/react-4.js"></head>');
    const results = renderStorefrontPage(template, { slug: 'viajes-sol', site: site(), byHost: false }, false, preloads);
    expect(results.match(/rel="modulepreload"/g)).toHaveLength(4);
    expect(results).toContain('<link rel="modulepreload" crossorigin href="/assets/pages-2.js">');
    const home = renderStorefrontPage(template, { slug: 'viajes-sol', site: site(), byHost: false }, true, preloads);
    expect(home.match(/rel="modulepreload"/g)).toHaveLength(1);
  });

  it('pre-renders the hotel results page: header, heading, summary and the searching state, no antd preloads', () => {
    const query = new URLSearchParams({
      destino: 'p1',
      nombre: 'Cartagena <de> Indias',
      entrada: '2027-01-13',
      salida: '2027-01-15',
      adultos: '2',
    });
    const preloads = ['/assets/zod-1.js', '/assets/pages-2.js'];
    const html = renderStorefrontPage(TEMPLATE, { slug: 'viajes-sol', site: site(), byHost: false }, false, preloads, query);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<header class="sf-header"><div class="sf-bar"><a class="sf-brand" href="/s/viajes-sol" aria-label="Viajes Sol: inicio">',
    );
    expect(html).toContain('<h1 class="sf-results-title">Hoteles en Cartagena &lt;de&gt; Indias</h1>');
    expect(html).toContain('<p class="sf-results-summary">13-01-2027 – 15-01-2027 · 2 adultos</p>');
    expect(html).toContain('<p class="sf-status" role="status">Buscando hoteles…</p>');
    expect(html.match(/sf-result-ghost/g)).toHaveLength(3);
    const noCriteria = renderStorefrontPage(
      TEMPLATE,
      { slug: 'viajes-sol', site: site(), byHost: false },
      false,
      preloads,
      new URLSearchParams(),
    );
    expect(noCriteria).toContain('<h1 class="sf-results-title">Hoteles</h1><p class="sf-note">Elige destino y fechas en el buscador.</p>');
    expect(noCriteria).not.toContain('sf-status');
    const unknown = renderStorefrontPage(TEMPLATE, { slug: 'no-existe', site: null, byHost: false }, false, preloads, query);
    expect(unknown).toContain('<div id="root"></div>');
  });
});
