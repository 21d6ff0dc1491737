import { PLACE_MESSAGES, type Place, type PlaceBody } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { places } from '../../db/schema/index.js';
import { withinPlace } from './repository.js';

const m = PLACE_MESSAGES;
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};

const create = async (body: Partial<PlaceBody>, headers = w.headers.super) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/place', headers, payload: { address: 'Sin dirección', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Place;
};
const search = (keyword: string, opts: { type?: string; parent?: string; limit?: number; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/place/autocomplete${opts.type ? `?type=${opts.type}` : ''}`,
    headers: opts.headers ?? w.headers.adviser,
    payload: { keyword, ...(opts.limit !== undefined ? { limit: opts.limit } : {}), ...(opts.parent ? { parent: opts.parent } : {}) },
  });
const names = async (res: Awaited<ReturnType<typeof search>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Place[]).map((p) => p.displayName);
};

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = async (key: string, body: Partial<PlaceBody>, parentKey?: string) => {
    ids[key] = (await create({ ...body, parent: parentKey ? ids[parentKey] : null }))._id;
  };
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('bol', { name: 'Bolívar', type: 'state' }, 'co');
  await add('ctg', { name: 'Cartagena', type: 'city', lat: 10.39972, lng: -75.51444 }, 'bol');
  await add('boca', { name: 'Bocagrande', type: 'neighborhood' }, 'ctg');
  await add('caribe', { name: 'Hotel Caribe', type: 'hotel', address: 'Cra. 1 #2-87, Bocagrande' }, 'boca');
  await add('plaza', { name: 'Cartagena Plaza Hotel', type: 'hotel' }, 'boca');
  await add('ctgAir', { name: 'Aeropuerto Internacional Rafael Núñez', type: 'airport', iataCode: 'ctg' }, 'ctg');
  await add('caq', { name: 'Caquetá', type: 'state' }, 'co');
  await add('chaira', { name: 'Cartagena del Chairá', type: 'city' }, 'caq');
  await add('ant', { name: 'Antioquia', type: 'state' }, 'co');
  await add('mde', { name: 'Medellín', type: 'city' }, 'ant');
  await add('poblado', { name: 'El Poblado', type: 'neighborhood' }, 'mde');
  await add('dc', { name: 'Bogotá D.C.', type: 'state' }, 'co');
  await add('bog', { name: 'Bogotá', type: 'city' }, 'dc');
  await add('es', { name: 'España', type: 'country', countryCode: 'ES' });
  await add('mur', { name: 'Región de Murcia', type: 'state' }, 'es');
  await add('ctgEs', { name: 'Cartagena', type: 'city' }, 'mur');
  await add('hotelCtg', { name: 'Hotel Cartagena Real', type: 'hotel' }, 'ctgEs');
});
afterAll(() => t?.close());

describe('POST /api/place', () => {
  it('answers the spec messages for a missing name, type and address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/place', headers: w.headers.super, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: m['place.name.required'],
      type: m['place.type.required'],
      address: m['place.address.required'],
    });
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/place',
      headers: w.headers.super,
      payload: { name: '   ', type: 'volcano', address: '' },
    });
    expect(blank.json().fields).toMatchObject({
      name: 'Nombre es obligatorio',
      type: 'Tipo es obligatorio',
      address: 'Tipo es obligatorio',
    });
  });

  it('refuses bad coordinates, IATA codes, country codes, unknown parents and images', async () => {
    const base = { name: 'X', type: 'city', address: 'Y' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ lat: 91 }, 'lat', m['place.lat.invalid']],
      [{ name: 'Bogo\u0000tá' }, 'name', 'Contiene caracteres no válidos'],
      [{ lng: '10' }, 'lng', m['place.lng.invalid']],
      [{ iataCode: 'CT' }, 'iataCode', m['place.iata.invalid']],
      [{ countryCode: 'COL' }, 'countryCode', m['place.country.invalid']],
      [{ parent: 'nope' }, 'parent', 'Identificador no válido'],
      [{ parent: '00000000-0000-4000-8000-000000000000' }, 'parent', m['place.parent.notFound']],
      [{ images: ['../../etc/passwd'] }, 'images.0', m['file.badName']],
      [{ images: [`${'a'.repeat(32)}.webp`] }, 'images', m['place.image.notFound']],
    ];
    for (const [extra, field, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/place', headers: w.headers.super, payload: { ...base, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(extra)).toBe(message);
    }
  });

  it('lets super and product-loader create; others get 403, strangers 401', async () => {
    const loaderPlace = await create({ name: 'Getsemaní', type: 'neighborhood', parent: ids.ctg }, w.headers.loader);
    expect(loaderPlace.countryCode).toBe('CO');
    for (const h of [w.headers.admin, w.headers.adviser, w.headers.reseller]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/place', headers: h, payload: { name: 'X', type: 'city', address: 'Y' } });
      expect(res.statusCode).toBe(403);
    }
    const anon = await t.app.inject({ method: 'POST', url: '/api/place', payload: { name: 'X', type: 'city', address: 'Y' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/place/{id}', () => {
  it('answers the place with its ancestors, display name and inherited country', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/place/${ids.caribe}`, headers: w.headers.adviser });
    expect(res.statusCode).toBe(200);
    const p = res.json() as Place;
    expect(p).toMatchObject({
      _id: ids.caribe,
      name: 'Hotel Caribe',
      type: 'hotel',
      address: 'Cra. 1 #2-87, Bocagrande',
      active: true,
      parent: ids.boca,
      countryCode: 'CO',
      displayName: 'Hotel Caribe, Bocagrande, Cartagena, Bolívar, Colombia',
    });
    expect(p.ancestors.map((a) => a._id)).toEqual([ids.boca, ids.ctg, ids.bol, ids.co]);
    const city = (await t.app.inject({ method: 'GET', url: `/api/place/${ids.ctg}`, headers: w.headers.adviser })).json();
    expect(city).toMatchObject({ lat: 10.39972, lng: -75.51444 });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/place/00000000-0000-4000-8000-000000000000',
      headers: w.headers.adviser,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(m['place.notFound']);
    const bad = await t.app.inject({ method: 'GET', url: "/api/place/1'%20or%201=1", headers: w.headers.adviser });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/place/autocomplete', () => {
  it('ignores accents and case', async () => {
    expect(await names(await search('bogota'))).toContain('Bogotá, Bogotá D.C., Colombia');
    expect(await names(await search('medellin'))).toEqual(['Medellín, Antioquia, Colombia']);
    expect(await names(await search('MEDELLÍN'))).toEqual(['Medellín, Antioquia, Colombia']);
    expect(await names(await search('BOLIVAR'))).toEqual(['Bolívar, Colombia']);
  });

  it('matches the start of any word, not the middle of one', async () => {
    expect(await names(await search('poblado'))).toEqual(['El Poblado, Medellín, Antioquia, Colombia']);
    expect(await names(await search('carib'))).toEqual(['Hotel Caribe, Bocagrande, Cartagena, Bolívar, Colombia']);
    expect(await names(await search('ribe'))).toEqual([]);
  });

  it('ranks exact names and IATA codes first, then prefixes, then larger kinds of place', async () => {
    const res = await names(await search('cartagena'));
    expect(res.slice(0, 2).sort()).toEqual(['Cartagena, Bolívar, Colombia', 'Cartagena, Región de Murcia, España']);
    expect(res.slice(2)).toEqual([
      'Cartagena del Chairá, Caquetá, Colombia',
      'Cartagena Plaza Hotel, Bocagrande, Cartagena, Bolívar, Colombia',
      'Hotel Cartagena Real, Cartagena, Región de Murcia, España',
    ]);
    const byCode = await names(await search('CTG'));
    expect(byCode[0]).toBe('Aeropuerto Internacional Rafael Núñez, Cartagena, Bolívar, Colombia');
  });

  it('narrows by the words of the ancestors, by type and by parent anywhere up the tree', async () => {
    expect(await names(await search('cartagena colombia', { type: 'city' }))).toEqual([
      'Cartagena, Bolívar, Colombia',
      'Cartagena del Chairá, Caquetá, Colombia',
    ]);
    expect(await names(await search('cartagena esp'))).toEqual([
      'Cartagena, Región de Murcia, España',
      'Hotel Cartagena Real, Cartagena, Región de Murcia, España',
    ]);
    expect(await names(await search('cartagena', { type: 'hotel' }))).toHaveLength(2);
    expect(await names(await search('cartagena', { type: 'hotel,airport' }))).toHaveLength(2);
    expect(await names(await search('rafael', { type: 'city,airport' }))).toHaveLength(1);
    expect(await names(await search('hotel', { parent: ids.co }))).toEqual([
      'Hotel Caribe, Bocagrande, Cartagena, Bolívar, Colombia',
      'Cartagena Plaza Hotel, Bocagrande, Cartagena, Bolívar, Colombia',
    ]);
    expect(await names(await search('cartagena', { parent: ids.bol }))).toEqual([
      'Cartagena, Bolívar, Colombia',
      'Cartagena Plaza Hotel, Bocagrande, Cartagena, Bolívar, Colombia',
    ]);
    expect(await names(await search('cartagena', { parent: ids.es, type: 'hotel' }))).toEqual([
      'Hotel Cartagena Real, Cartagena, Región de Murcia, España',
    ]);
    expect((await search('cartagena', { limit: 1 })).json()).toHaveLength(1);
  });

  it('refuses empty, short, huge and malformed requests with the spec messages, never a 500', async () => {
    const expectField = async (res: Awaited<ReturnType<typeof search>>, field: string, message: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    };
    await expectField(await search(''), 'keyword', m['place.keyword.required']);
    await expectField(await search('   '), 'keyword', m['place.keyword.required']);
    await expectField(await search('bo'), 'keyword', m['place.keyword.min']);
    await expectField(await search('x'.repeat(10_000)), 'keyword', m['place.keyword.max']);
    await expectField(await search('cartagena', { limit: 0 }), 'limit', m['place.limit.invalid']);
    await expectField(await search('cartagena', { limit: 1000 }), 'limit', m['place.limit.invalid']);
    await expectField(await search('cartagena', { parent: 'colombia' }), 'parent', 'Identificador no válido');
    const badType = await search('cartagena', { type: 'city,volcano' });
    expect(badType.statusCode).toBe(400);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/place/autocomplete', headers: w.headers.adviser });
    expect(noBody.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/place/autocomplete',
      headers: { ...w.headers.adviser, 'content-type': 'application/json' },
      payload: '{"keyword": ',
    });
    expect(badJson.statusCode).toBe(400);
    for (const keyword of [
      "'; drop table places; --",
      '%%%',
      '___',
      '.*[(+?',
      '\\\\\\',
      'car%',
      'car_',
      '(?:a+)+$',
      '\u0000abc',
      'ab\u0000c\u001f',
    ]) {
      const res = await search(keyword);
      expect(res.statusCode, keyword).toBe(200);
      expect(Array.isArray(res.json()), keyword).toBe(true);
    }
    expect(await names(await search('car%'))).toEqual(await names(await search('car')));
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(places);
    expect(n).toBeGreaterThan(10);
  });
});

describe('active flag', () => {
  it('toggles with only {active}; inactive places are visible to managers only', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/place/${ids.plaza}`,
      headers: w.headers.loader,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, name: 'Cartagena Plaza Hotel', parent: ids.boca });

    expect(await names(await search('plaza'))).toEqual([]);
    expect(await names(await search('plaza', { headers: w.headers.loader }))).toHaveLength(1);
    expect(await names(await search('plaza', { headers: w.headers.super }))).toHaveLength(1);
    const hidden = await t.app.inject({ method: 'GET', url: `/api/place/${ids.plaza}`, headers: w.headers.adviser });
    expect(hidden.statusCode).toBe(404);
    const shown = await t.app.inject({ method: 'GET', url: `/api/place/${ids.plaza}`, headers: w.headers.loader });
    expect(shown.statusCode).toBe(200);
    const byIds = await t.app.inject({
      method: 'POST',
      url: '/api/place/get-by-ids',
      headers: w.headers.adviser,
      payload: { ids: [ids.plaza, ids.caribe] },
    });
    expect(byIds.json().map((p: Place) => p._id)).toEqual([ids.caribe]);

    const on = await t.app.inject({ method: 'PUT', url: `/api/place/${ids.plaza}`, headers: w.headers.super, payload: { active: true } });
    expect(on.json().active).toBe(true);
    expect(await names(await search('plaza'))).toHaveLength(1);
  });

  it('refuses a toggle from a reader, of an unknown place, or of a wrong value', async () => {
    const reader = await t.app.inject({
      method: 'PUT',
      url: `/api/place/${ids.plaza}`,
      headers: w.headers.admin,
      payload: { active: false },
    });
    expect(reader.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/place/00000000-0000-4000-8000-000000000000',
      headers: w.headers.super,
      payload: { active: false },
    });
    expect(unknown.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/place/${ids.plaza}`,
      headers: w.headers.super,
      payload: { active: 'no' },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('PUT /api/place/{id} with the whole place', () => {
  const full = (p: Place, over: Partial<PlaceBody>): PlaceBody => ({
    name: p.name,
    type: p.type,
    address: p.address,
    active: p.active,
    parent: p.parent,
    lat: p.lat,
    lng: p.lng,
    images: p.images,
    iataCode: p.iataCode,
    countryCode: p.countryCode,
    ...over,
  });
  const get = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/place/${id}`, headers: w.headers.super })).json() as Place;
  const put = (id: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/place/${id}`, headers: w.headers.super, payload: body as object });

  it('validates like create', async () => {
    const res = await put(ids.bog, { name: '', type: 'city' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: m['place.name.required'], address: m['place.address.required'] });
    const extra = await put(ids.bog, { active: false, name: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a parent cycle: itself, or any place below it', async () => {
    const co = await get(ids.co);
    for (const parent of [ids.co, ids.ctg, ids.caribe]) {
      const res = await put(ids.co, full(co, { parent }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: m['place.parent.cycle'], fields: { parent: m['place.parent.cycle'] } });
    }
    expect((await get(ids.co)).parent).toBeNull();
    const unknownParent = await put(ids.bog, full(await get(ids.bog), { parent: '00000000-0000-4000-8000-000000000000' }));
    expect(unknownParent.statusCode).toBe(400);
    const unknownPlace = await put('00000000-0000-4000-8000-000000000000', full(co, {}));
    expect(unknownPlace.statusCode).toBe(404);
  });

  it('renames and moves a place and rewrites everything below it', async () => {
    const bol = await get(ids.bol);
    const renamed = await put(ids.bol, full(bol, { name: 'Departamento de Bolívar' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(ids.caribe)).displayName).toBe('Hotel Caribe, Bocagrande, Cartagena, Departamento de Bolívar, Colombia');
    expect(await names(await search('caribe departamento'))).toHaveLength(1);

    // Bocagrande (with its hotels) moves under Medellín, then back.
    const boca = await get(ids.boca);
    const moved = await put(ids.boca, full(boca, { parent: ids.mde }));
    expect(moved.json().displayName).toBe('Bocagrande, Medellín, Antioquia, Colombia');
    const caribe = await get(ids.caribe);
    expect(caribe.ancestors.map((a) => a._id)).toEqual([ids.boca, ids.mde, ids.ant, ids.co]);
    expect(await names(await search('caribe', { parent: ids.ant }))).toHaveLength(1);
    expect(await names(await search('caribe', { parent: ids.bol }))).toHaveLength(0);
    await put(ids.boca, full(boca, { parent: ids.ctg }));
    await put(ids.bol, full(bol, {}));
    expect((await get(ids.caribe)).displayName).toBe('Hotel Caribe, Bocagrande, Cartagena, Bolívar, Colombia');

    // A move to the top of the tree.
    const top = await put(ids.poblado, full(await get(ids.poblado), { parent: null }));
    expect(top.json()).toMatchObject({ ancestors: [], displayName: 'El Poblado' });
    await put(ids.poblado, full(await get(ids.poblado), { parent: ids.mde }));
  });
});

describe('GET /api/place', () => {
  it('pages 50 by default, answers pagination fields and filters by type and parent', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/place', headers: w.headers.super });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ limit: 50, page: 1, hasPrevPage: false, prevPage: null });
    expect(body.docs.length).toBe(body.totalDocs);
    const paged = (await t.app.inject({ method: 'GET', url: '/api/place?page=2&perPage=3', headers: w.headers.super })).json();
    expect(paged).toMatchObject({ page: 2, limit: 3, hasPrevPage: true, prevPage: 1, hasNextPage: true, nextPage: 3 });
    expect(paged.docs).toHaveLength(3);
    const countries = (await t.app.inject({ method: 'GET', url: '/api/place?type=country', headers: w.headers.adviser })).json();
    expect(countries.docs.map((p: Place) => p.name)).toEqual(['Colombia', 'España']);
    const inBol = (
      await t.app.inject({ method: 'GET', url: `/api/place?parent=${ids.bol}&perPage=100`, headers: w.headers.adviser })
    ).json();
    expect(inBol.docs.map((p: Place) => p.name)).toContain('Hotel Caribe');
    expect(inBol.docs.map((p: Place) => p.name)).not.toContain('Bolívar');
    for (const q of ['page=0', 'perPage=500', 'page=abc', 'type=volcano', 'parent=x']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/place?${q}`, headers: w.headers.super });
      expect(res.statusCode, q).toBe(400);
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/place' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/place/get-by-ids', () => {
  it('answers the known places in the order asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place/get-by-ids',
      headers: w.headers.reseller,
      payload: { ids: [ids.mde, '00000000-0000-4000-8000-000000000000', ids.co, ids.mde] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: Place) => p.name)).toEqual(['Medellín', 'Colombia']);
    const empty = await t.app.inject({ method: 'POST', url: '/api/place/get-by-ids', headers: w.headers.reseller, payload: { ids: [] } });
    expect(empty.json()).toEqual([]);
  });

  it('refuses malformed ids and too many', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/place/get-by-ids', headers: w.headers.reseller, payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 501 }, () => ids.co);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/place/get-by-ids',
      headers: w.headers.reseller,
      payload: { ids: many },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.ids).toBe(m['place.ids.max']);
    const notList = await t.app.inject({
      method: 'POST',
      url: '/api/place/get-by-ids',
      headers: w.headers.reseller,
      payload: { ids: 'x' },
    });
    expect(notList.statusCode).toBe(400);
  });
});

describe('descendants for other modules', () => {
  it('descendantIds and withinPlace find everything below a place', async () => {
    const below = await t.app.services.places.descendantIds(ids.bol);
    expect(below).toEqual(expect.arrayContaining([ids.ctg, ids.boca, ids.caribe, ids.plaza, ids.ctgAir]));
    expect(below).not.toContain(ids.bol);
    expect(below).not.toContain(ids.mde);
    const rows = await t.database.db.select({ id: places.id }).from(places).where(withinPlace(places.id, ids.co));
    const within = rows.map((r) => r.id);
    expect(within).toEqual(expect.arrayContaining([ids.co, ids.caribe, ids.mde]));
    expect(within).not.toContain(ids.ctgEs);
  });
});

describe('GET /api/catalog/countries', () => {
  it('is public, cached and answers the Spanish catalogue', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=86400');
    const list = res.json() as Array<{ alpha2: string; alpha3: string; name: string; phoneCode: string }>;
    expect(list.length).toBeGreaterThan(240);
    expect(list.find((c) => c.alpha2 === 'CO')).toMatchObject({ alpha3: 'COL', name: 'Colombia', phoneCode: '57' });
  });
});
