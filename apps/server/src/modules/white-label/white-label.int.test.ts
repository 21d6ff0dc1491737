import { randomBytes, randomUUID } from 'node:crypto';
import { WHITE_LABEL_MESSAGES as M } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { agencies } from '../../db/schema/index.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let noModule: Record<string, string>;
const BASE = 'tiendas.travesia.test';
const URL_ = '/api/whitelabels';

beforeAll(async () => {
  t = await createTestApp({ STOREFRONT_BASE_DOMAIN: BASE });
  w = await makeWorld(t.app, t.database);
  const wlModules = { 'hotels-travesia': true, 'tickets-hotelbeds': true, 'white-labels': true };
  await t.database.db.update(agencies).set({ options: wlModules }).where(eq(agencies.id, w.agencyA.id));
  await t.database.db.update(agencies).set({ options: wlModules }).where(eq(agencies.id, w.agencyB.id));
  const plain = await makeAgency(t.database, { modules: ['hotels-travesia'] });
  noModule = await loginAs(t.app, (await makeUser(t.database, 'agency', plain.id)).email);
});
afterAll(async () => {
  await t?.close();
});

const slugOf = () => `tienda-${randomUUID().slice(0, 8)}`;
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Viajes Sol',
  slug: slugOf(),
  products: ['hotels-travesia'],
  currency: 'COP',
  language: 'es',
  markupPercent: '12.5',
  ...over,
});

async function create(headers = w.headers.admin, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: URL_, headers, payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function multipart(data: Buffer) {
  const boundary = `----travesia${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
async function uploadPng(color: string): Promise<string> {
  const data = await sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer();
  const mp = multipart(data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    headers: { ...w.headers.admin, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

describe('who may manage white labels', () => {
  it('asks for a session and refuses advisers, resellers and product loaders', async () => {
    expect((await t.app.inject({ url: URL_ })).statusCode).toBe(401);
    for (const h of [w.headers.adviser, w.headers.reseller, w.headers.loader]) {
      expect((await t.app.inject({ url: URL_, headers: h })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: URL_, headers: h, payload: body() })).statusCode).toBe(403);
    }
  });

  it('refuses an agency admin whose agency lacks the white-labels module', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_, headers: noModule, payload: body() });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(M.moduleDisabled);
  });
});

describe('admin CRUD', () => {
  it('creates for the session agency (a body agencyId is ignored), lists and reads it with its addresses', async () => {
    const slug = slugOf();
    const wl = await create(w.headers.admin, {
      slug: slug.toUpperCase(),
      agencyId: w.agencyB.id,
      subdomain: 'Sol',
      customDomain: 'Reservas.ViajesSol.com',
    });
    expect(wl).toMatchObject({
      agencyId: w.agencyA.id,
      slug,
      status: 'draft',
      subdomain: 'sol',
      customDomain: 'reservas.viajessol.com',
      markupPercent: '12.50',
      currency: 'COP',
      products: ['hotels-travesia'],
      addresses: { path: `/s/${slug}`, subdomain: `sol.${BASE}`, customDomain: 'reservas.viajessol.com' },
      published: false,
      holdMinutes: null,
    });
    expect(wl.dnsRecords).toEqual([
      { type: 'CNAME', name: `sol.${BASE}`, value: 'travesia.test' },
      { type: 'CNAME', name: 'reservas.viajessol.com', value: 'travesia.test' },
    ]);
    const list = await t.app.inject({ url: `${URL_}?q=${slug}`, headers: w.headers.admin });
    expect(list.json().docs.map((d: { _id: string }) => d._id)).toEqual([wl._id]);
    const got = await t.app.inject({ url: `${URL_}/${wl._id}`, headers: w.headers.admin });
    expect(got.json()).toEqual(wl);
  });

  it('updates every field', async () => {
    const wl = await create();
    const slug = slugOf();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${wl._id}`,
      headers: w.headers.admin,
      payload: body({
        name: 'Sol 2',
        slug,
        status: 'active',
        products: ['tickets-hotelbeds', 'hotels-travesia'],
        markupPercent: 0,
        language: 'en',
        holdMinutes: 5,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Sol 2',
      slug,
      status: 'active',
      markupPercent: '0.00',
      language: 'en',
      subdomain: null,
      holdMinutes: 5,
    });
    // A blank time to pay is the platform's again.
    const blank = await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${wl._id}`,
      headers: w.headers.admin,
      payload: body({ slug, holdMinutes: '' }),
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().holdMinutes).toBeNull();
  });

  it('lets super create for a named agency and list any agency; asks super for the agency', async () => {
    const missing = await t.app.inject({ method: 'POST', url: URL_, headers: w.headers.super, payload: body() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.agencyId).toBe(M.agencyRequired);
    const wl = await create(w.headers.super, { agencyId: w.agencyB.id });
    expect(wl.agencyId).toBe(w.agencyB.id);
    const list = await t.app.inject({ url: `${URL_}?agencyId=${w.agencyB.id}`, headers: w.headers.super });
    expect(list.json().docs.every((d: { agencyId: string }) => d.agencyId === w.agencyB.id)).toBe(true);
    expect(list.json().docs.map((d: { _id: string }) => d._id)).toContain(wl._id);
  });

  it("answers 404 for another agency's white label on every route, and never lists it", async () => {
    const other = await create(w.headers.adminB);
    for (const [method, url, payload] of [
      ['GET', `${URL_}/${other._id}`, undefined],
      ['PUT', `${URL_}/${other._id}`, body()],
      ['GET', `${URL_}/${other._id}/site`, undefined],
      ['PUT', `${URL_}/${other._id}/site/draft`, {}],
      ['POST', `${URL_}/${other._id}/site/publish`, undefined],
      ['GET', `${URL_}/${other._id}/site/preview`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: w.headers.admin, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().msg).toBe(M.notFound);
    }
    const list = await t.app.inject({ url: `${URL_}?limit=100`, headers: w.headers.admin });
    expect(list.json().docs.some((d: { _id: string }) => d._id === other._id)).toBe(false);
  });
});

describe('bad input', () => {
  it('refuses malformed or reserved addresses with Spanish messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ slug: '-mal-' }, 'slug', M['slug.invalid']],
      [{ slug: 'a' }, 'slug', M['slug.invalid']],
      [{ slug: 'admin' }, 'slug', M['slug.reserved']],
      [{ subdomain: 'con espacio' }, 'subdomain', M['subdomain.invalid']],
      [{ subdomain: 'www' }, 'subdomain', M['subdomain.reserved']],
      [{ customDomain: 'https://x.com/a' }, 'customDomain', M['domain.invalid']],
      [{ customDomain: '10.0.0.1' }, 'customDomain', M['domain.invalid']],
      [{ customDomain: `otra.${BASE}` }, 'customDomain', M['domain.platform']],
      [{ customDomain: 'travesia.test' }, 'customDomain', M['domain.platform']],
      [{ markupPercent: '301' }, 'markupPercent', M['markup.invalid']],
      [{ markupPercent: '1.234' }, 'markupPercent', M['markup.invalid']],
      [{ products: [] }, 'products', M['products.required']],
      [{ products: ['white-labels'] }, 'products.0', M['products.invalid']],
      [{ products: ['hotels-restel'] }, 'products', M['products.notEnabled']],
      [{ currency: 'XXX' }, 'currency', M['currency.invalid']],
      [{ holdMinutes: 0 }, 'holdMinutes', M['hold.invalid']],
      [{ holdMinutes: 61 }, 'holdMinutes', M['hold.invalid']],
      [{ holdMinutes: 2.5 }, 'holdMinutes', M['hold.invalid']],
      [{ holdMinutes: 'diez' }, 'holdMinutes', M['hold.invalid']],
      [{ name: '' }, 'name', M['name.required']],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: URL_, headers: w.headers.admin, payload: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields?.[field] ?? res.json().msg, JSON.stringify(over)).toContain(message);
    }
  });

  it('answers 409 when a slug, subdomain or domain is taken by any agency', async () => {
    const first = await create(w.headers.adminB, { subdomain: 'tomado', customDomain: 'tomado.example.com' });
    for (const [over, field, message] of [
      [{ slug: first.slug }, 'slug', M['slug.taken']],
      [{ subdomain: 'tomado' }, 'subdomain', M['subdomain.taken']],
      [{ customDomain: 'TOMADO.example.com' }, 'customDomain', M['domain.taken']],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: URL_, headers: w.headers.admin, payload: body(over) });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields[field]).toBe(message);
    }
    // Its own addresses are not "taken" when it is saved again.
    const again = await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${first._id}`,
      headers: w.headers.adminB,
      payload: body({ slug: first.slug, subdomain: 'tomado', customDomain: 'tomado.example.com' }),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a subdomain when the platform has no base domain', async () => {
    const bare = await createTestApp();
    try {
      const world = await makeWorld(bare.app, bare.database);
      const res = await bare.app.inject({
        method: 'POST',
        url: URL_,
        headers: world.headers.super,
        payload: body({ agencyId: world.agencyA.id, subdomain: 'sol' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.subdomain).toBe(M['subdomain.unavailable']);
    } finally {
      await bare.close();
    }
    // A second whole app (a database migrated from scratch on PGlite) inside the test: the setup timeout, not the
    // test's (it took over 30 s at load 8).
  }, 120_000);
});

describe('customize, preview and publish', () => {
  it('keeps a draft, previews it, publishes it; the storefront shows only the published version', async () => {
    const wl = await create(w.headers.admin, { status: 'active' });
    const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
    const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
    const cartagena = await insertPlace(t.database, 'Cartagena', 'city', bolivar);
    const logo = await uploadPng('#ff0000');
    const hero = await uploadPng('#00ff00');
    const site = `/api/storefront/${wl.slug}/site`;
    expect((await t.app.inject({ url: site })).statusCode).toBe(404);

    const draft = {
      logo,
      favicon: '',
      heroImage: hero,
      primaryColor: '#0B6E4F',
      secondaryColor: '',
      heroTitle: 'Tu próximo viaje',
      heroText: 'Hoteles y tickets al mejor precio',
      featuredDestinations: [cartagena.id],
      supportEmail: 'Ayuda@ViajesSol.com',
      supportPhone: '+57 300 111 2233',
      termsText: 'Primera cláusula.\n\n<script>alert(1)</script>',
      privacyText: 'Tus datos.',
      seoTitle: 'Viajes Sol',
      seoDescription: 'Reserva hoteles',
    };
    const saved = await t.app.inject({ method: 'PUT', url: `${URL_}/${wl._id}/site/draft`, headers: w.headers.admin, payload: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      draft: {
        primaryColor: '#0b6e4f',
        favicon: null,
        supportEmail: 'ayuda@viajessol.com',
        supportPhone: '+573001112233',
        featuredDestinations: [{ id: cartagena.id, name: 'Cartagena', description: 'Bolívar, Colombia' }],
        termsText: 'Primera cláusula.\n\n<script>alert(1)</script>',
      },
      published: null,
      unpublishedChanges: true,
    });
    // A draft is not public: the storefront still answers 404, the authenticated preview shows it.
    expect((await t.app.inject({ url: site })).statusCode).toBe(404);
    const preview = await t.app.inject({ url: `${URL_}/${wl._id}/site/preview`, headers: w.headers.admin });
    expect(preview.json()).toMatchObject({ hero: { title: 'Tu próximo viaje' }, publishedAt: null });
    // An unpublished image is served to managers only until publication.
    expect((await t.app.inject({ url: `/api/file/serve/${logo}` })).statusCode).toBe(404);

    const published = await t.app.inject({ method: 'POST', url: `${URL_}/${wl._id}/site/publish`, headers: w.headers.admin });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().unpublishedChanges).toBe(false);
    expect((await t.app.inject({ url: `/api/file/serve/${logo}` })).statusCode).toBe(200);

    const pub = await t.app.inject({ url: site });
    expect(pub.statusCode, pub.body).toBe(200);
    const answer = pub.json();
    expect(answer).toMatchObject({
      slug: wl.slug,
      name: 'Viajes Sol',
      currency: 'COP',
      language: 'es',
      products: ['hotels-travesia'],
      branding: { logo, favicon: null, primaryColor: '#0b6e4f', secondaryColor: null },
      hero: { title: 'Tu próximo viaje', text: 'Hoteles y tickets al mejor precio', image: hero },
      support: { email: 'ayuda@viajessol.com', phone: '+573001112233' },
      legal: { terms: 'Primera cláusula.\n\n<script>alert(1)</script>', privacy: 'Tus datos.' },
      seo: { title: 'Viajes Sol', description: 'Reserva hoteles' },
    });
    const text = pub.body;
    for (const secret of ['markup', 'agency', w.agencyA.id, wl._id, '12.5']) expect(text).not.toContain(secret);

    // A later draft change stays out of the storefront until it is published.
    await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${wl._id}/site/draft`,
      headers: w.headers.admin,
      payload: { ...draft, heroTitle: 'Cambio sin publicar' },
    });
    expect((await t.app.inject({ url: site })).json().hero.title).toBe('Tu próximo viaje');
    const versions = await t.app.inject({ url: `${URL_}/${wl._id}/site`, headers: w.headers.admin });
    expect(versions.json()).toMatchObject({
      draft: { heroTitle: 'Cambio sin publicar' },
      published: { heroTitle: 'Tu próximo viaje' },
      unpublishedChanges: true,
    });

    // Suspended or back to draft: the storefront is gone.
    await t.app.inject({
      method: 'PUT',
      url: `${URL_}/${wl._id}`,
      headers: w.headers.admin,
      payload: body({ slug: wl.slug, status: 'suspended' }),
    });
    const gone = await t.app.inject({ url: site });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(M['storefront.notFound']);
  });

  it('refuses bad customize input with Spanish messages', async () => {
    const wl = await create();
    const url = `${URL_}/${wl._id}/site/draft`;
    const cases: Array<[Record<string, unknown>, string, string, number]> = [
      [{ supportPhone: '3001112233' }, 'supportPhone', M['phone.invalid'], 400],
      [{ supportEmail: 'no-es-correo' }, 'supportEmail', M['email.invalid'], 400],
      [{ primaryColor: 'red' }, 'primaryColor', M['color.invalid'], 400],
      [{ logo: '../../etc/passwd' }, 'logo', M['image.invalid'], 400],
      [{ logo: `${'a'.repeat(32)}.webp` }, 'logo', M['image.missing'], 400],
      [{ featuredDestinations: [randomUUID()] }, 'featuredDestinations', M['destinations.missing'], 400],
      [{ featuredDestinations: Array.from({ length: 9 }, () => randomUUID()) }, 'featuredDestinations', M['destinations.tooMany'], 400],
      [{ seoTitle: 'x'.repeat(71) }, 'seoTitle', 'Máximo 70 caracteres', 400],
    ];
    for (const [payload, field, message, status] of cases) {
      const res = await t.app.inject({ method: 'PUT', url, headers: w.headers.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    const publish = await t.app.inject({ method: 'POST', url: `${URL_}/${wl._id}/site/publish`, headers: w.headers.admin });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().msg).toBe(M['publish.empty']);
  });
});

describe('public storefront and host resolution', () => {
  it('resolves a subdomain or custom domain host to its live storefront; 404 otherwise', async () => {
    const wl = await create(w.headers.admin, { status: 'active', subdomain: 'hostsol', customDomain: 'www.hostsol.com' });
    const byHost = (host: string) => t.app.inject({ url: '/api/storefront/by-host', headers: { host } });
    // Not published yet.
    expect((await byHost(`hostsol.${BASE}`)).statusCode).toBe(404);
    await t.app.inject({ method: 'PUT', url: `${URL_}/${wl._id}/site/draft`, headers: w.headers.admin, payload: { heroTitle: 'Hola' } });
    await t.app.inject({ method: 'POST', url: `${URL_}/${wl._id}/site/publish`, headers: w.headers.admin });
    for (const host of [`hostsol.${BASE}`, `HOSTSOL.${BASE}:8080`, 'www.hostsol.com']) {
      const res = await byHost(host);
      expect(res.statusCode, host).toBe(200);
      expect(res.json()).toEqual({ slug: wl.slug });
    }
    for (const host of ['travesia.test', `a.b.${BASE}`, `nadie.${BASE}`, 'otro.example.com']) {
      const res = await byHost(host);
      expect(res.statusCode, host).toBe(404);
      expect(res.json().msg).toBe(M['host.notFound']);
    }
  });

  it('answers 404 in Spanish for an unknown or malformed slug', async () => {
    for (const slug of ['no-existe', 'MAL%20slug', 'x'.repeat(80)]) {
      const res = await t.app.inject({ url: `/api/storefront/${slug}/site` });
      expect(res.statusCode, slug).toBe(slug.length > 63 ? 400 : 404);
    }
  });
});
