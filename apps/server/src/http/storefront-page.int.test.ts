import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWebDist } from '../../test/web-dist.js';
import { agencies } from '../db/schema/index.js';

/**
 * The storefront's own page (issue 20, decision 0460): `/s/{slug}…` and a storefront host's pages get
 * storefront.html with the published site; the platform's own host keeps the admin app (index.html).
 */
const BASE = 'tiendas.travesia.test';
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let removeWeb: () => Promise<void>;
let slug: string;
let draftSlug: string;

const get = (url: string, host?: string) => t.app.inject({ method: 'GET', url, headers: host ? { host } : undefined });
const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="storefront-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

beforeAll(async () => {
  const web = await makeWebDist();
  removeWeb = web.remove;
  t = await createTestApp({ WEB_DIST: web.dir, STOREFRONT_BASE_DOMAIN: BASE });
  w = await makeWorld(t.app, t.database);
  await t.database.db
    .update(agencies)
    .set({ options: { 'hotels-travesia': true, 'white-labels': true } })
    .where(eq(agencies.id, w.agencyA.id));
  const create = async (over: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/whitelabels',
      headers: w.headers.admin,
      payload: {
        name: 'Viajes <Sol>',
        slug: `tienda-${randomUUID().slice(0, 8)}`,
        products: ['hotels-travesia'],
        currency: 'COP',
        language: 'es',
        markupPercent: '10',
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; slug: string };
  };
  const live = await create({ status: 'active', subdomain: 'solpage' });
  slug = live.slug;
  const draft = await t.app.inject({
    method: 'PUT',
    url: `/api/whitelabels/${live._id}/site/draft`,
    headers: w.headers.admin,
    payload: {
      heroTitle: 'Viaja <b>ya</b>',
      heroText: 'Hoteles',
      seoTitle: 'Sol & Playa',
      seoDescription: 'Reserva "hoy"',
      primaryColor: '#0b5cab',
    },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/whitelabels/${live._id}/site/publish`, headers: w.headers.admin })).statusCode,
  ).toBe(200);
  // Active but never published: not a live storefront.
  draftSlug = (await create({ status: 'active' })).slug;
});
afterAll(async () => {
  await t?.close();
  await removeWeb?.();
});

describe('storefront page', () => {
  it('answers /s/{slug} with storefront.html: head, pre-rendered hero, the published site as JSON; never cached', async () => {
    const res = await get(`/s/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('/assets/storefront-Ab12Cd34.js');
    expect(res.body).toContain('<title>Sol &amp; Playa</title>');
    expect(res.body).toContain('<meta name="description" content="Reserva &quot;hoy&quot;">');
    expect(res.body).toContain('class="sf-hero-title">Viaja &lt;b&gt;ya&lt;/b&gt;</h1>');
    expect(res.body).toContain('<span class="sf-name">Viajes &lt;Sol&gt;</span>');
    const boot = bootOf(res.body);
    expect(boot).toMatchObject({ slug, byHost: false, site: { slug, name: 'Viajes <Sol>', hero: { title: 'Viaja <b>ya</b>' } } });
    // What the public site endpoint answers, nothing more (no agency, markup or cost).
    expect(boot.site).toEqual((await get(`/api/storefront/${slug}/site`)).json());
  });

  it("answers the storefront's other pages with storefront.html too, without the hero", async () => {
    for (const path of [
      `/s/${slug}/hoteles?destino=x&entrada=2026-12-01`,
      `/s/${slug}/legal/terminos`,
      `/s/${slug.toUpperCase()}/mi-reserva`,
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain('sf-hero-title');
      // The hotel results are pre-rendered until their search answers (decision 0730); the other pages are empty.
      if (path.includes('/hoteles')) {
        expect(res.body, path).toContain('<h1 class="sf-results-title">Hoteles</h1><p class="sf-note">');
      } else expect(res.body, path).toContain('<div id="root"></div>');
      expect(bootOf(res.body).slug, path).toBe(slug);
    }
  });

  it('answers 404 with the page (its data null) for an unknown, unpublished or malformed storefront', async () => {
    for (const path of ['/s/no-existe-esta-tienda', `/s/${draftSlug}`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(bootOf(res.body)).toMatchObject({ site: null, byHost: false });
    }
    // Not a storefront path at all: the platform's app answers.
    expect((await get('/s/a%20b')).body).toContain('/assets/index-6winMaX_.js');
  });

  it("answers a storefront host's pages with its storefront; the platform's host keeps the admin app", async () => {
    const home = await get('/', `solpage.${BASE}`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('class="sf-hero-title">');
    expect(home.body).toContain('href="/" aria-label');
    expect(bootOf(home.body)).toMatchObject({ slug, byHost: true });
    const other = await get('/hoteles', `SOLPAGE.${BASE}:8080`);
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('sf-hero-title');
    expect(bootOf(other.body)).toMatchObject({ slug, byHost: true });

    for (const path of ['/', '/booking/list', '/login']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('/assets/index-6winMaX_.js');
      expect(res.body, path).not.toContain('storefront-boot');
    }
    // An unknown subdomain is not a storefront: the platform's app.
    expect((await get('/', `nadie.${BASE}`)).body).toContain('/assets/index-6winMaX_.js');
  });

  it('leaves the API, files and other methods alone', async () => {
    expect((await get(`/api/storefront/${slug}/site`)).headers['content-type']).toContain('application/json');
    expect((await get('/api/nope', `solpage.${BASE}`)).statusCode).toBe(404);
    expect((await get('/favicon.svg', `solpage.${BASE}`)).headers['content-type']).toContain('image/svg');
    expect((await t.app.inject({ method: 'POST', url: `/s/${slug}` })).statusCode).toBe(404);
  });
});
