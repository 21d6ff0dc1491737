import { CATALOGUE_MESSAGES as cm, type HotelCatalogueDto } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const URL = '/api/product/hotel/configuration';
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const catalogue = async () => (await inject('GET', URL, w.headers.loader)).json() as HotelCatalogueDto;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
}, 60_000);
afterAll(() => t?.close());

describe('hotel configuration catalogues', () => {
  it('starts with the standard boards, amenities, room features and child age bands', async () => {
    const c = await catalogue();
    expect(c.board.map((b) => [b.code, b.label])).toEqual([
      ['RO', 'Solo alojamiento'],
      ['BB', 'Alojamiento y desayuno'],
      ['HB', 'Media pensión'],
      ['FB', 'Pensión completa'],
      ['AI', 'Todo incluido'],
    ]);
    expect(c.amenity.map((a) => a.label)).toContain('Piscina');
    expect(c['room-feature'].map((a) => a.label)).toContain('Vista al mar');
    expect(c['child-age-band'].map((b) => [b.label, b.ageFrom, b.ageTo])).toEqual([
      ['Bebé', 0, 1],
      ['Niño', 2, 11],
      ['Adolescente', 12, 17],
    ]);
  });

  it('a product loader creates, edits and deactivates items; super too; agency users may not', async () => {
    const created = await inject('POST', URL, w.headers.loader, { kind: 'amenity', label: 'Terraza' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    const edited = await inject('PUT', `${URL}/${id}`, w.headers.super, { label: 'Terraza en la azotea', active: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Terraza en la azotea', active: false, kind: 'amenity' });
    const band = await inject('POST', URL, w.headers.loader, { kind: 'child-age-band', label: 'Junior', ageFrom: 12, ageTo: 15 });
    expect(band.statusCode, band.body).toBe(201);
    const widened = await inject('PUT', `${URL}/${band.json()._id}`, w.headers.loader, { label: 'Junior', ageTo: 16, active: true });
    expect(widened.json()).toMatchObject({ ageFrom: 12, ageTo: 16 });
    // A board can be deactivated (the hotel form stops offering it) but keeps its standard name.
    const hb = (await catalogue()).board.find((b) => b.code === 'HB');
    const off = await inject('PUT', `${URL}/${hb?._id}`, w.headers.loader, { label: 'Media pensión', active: false });
    expect(off.json()).toMatchObject({ code: 'HB', active: false });
    expect((await inject('GET', URL, w.headers.adviser)).statusCode).toBe(403);
    expect((await inject('POST', URL, w.headers.admin, { kind: 'amenity', label: 'X' })).statusCode).toBe(403);
  });

  it('refuses bad items in Spanish', async () => {
    const bad = async (method: 'POST' | 'PUT', url: string, body: unknown, status: number, msg: string) => {
      const res = await inject(method, url, w.headers.loader, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toBe(msg);
    };
    await bad('POST', URL, { kind: 'amenity', label: '  ' }, 400, cm.label);
    await bad('POST', URL, { kind: 'amenity', label: 'x'.repeat(81) }, 400, cm.label);
    await bad('POST', URL, { kind: 'colour', label: 'Rojo' }, 400, cm.kind);
    await bad('POST', URL, { kind: 'amenity', label: 'piscina' }, 409, cm.duplicate);
    await bad('POST', URL, { kind: 'child-age-band', label: 'Raro', ageFrom: 10, ageTo: 5 }, 400, cm.ages);
    await bad('POST', URL, { kind: 'child-age-band', label: 'Raro', ageFrom: 10, ageTo: 18 }, 400, cm.ages);
    await bad('POST', URL, { kind: 'child-age-band', label: 'Raro' }, 400, cm.ages);
    await bad('POST', URL, { kind: 'amenity', label: 'Raro', ageFrom: 1, ageTo: 2 }, 400, cm.agesOnlyForBands);
    await bad('POST', URL, { kind: 'board', label: 'Desayuno americano', code: 'AB' }, 400, cm.boardCode);
    await bad('POST', URL, { kind: 'board', label: 'Solo alojamiento', code: 'RO' }, 409, cm.duplicate);
    const c = await catalogue();
    const ro = c.board.find((b) => b.code === 'RO');
    await bad('PUT', `${URL}/${ro?._id}`, { label: 'Solo cama', active: true }, 400, cm.boardLabel);
    const bebe = c['child-age-band'].find((b) => b.label === 'Bebé');
    await bad('PUT', `${URL}/${bebe?._id}`, { label: 'Bebé', ageFrom: 3, active: true }, 400, cm.ages);
    const wifi = c.amenity.find((a) => a.label === 'Wifi');
    await bad('PUT', `${URL}/${wifi?._id}`, { label: 'Spa', active: true }, 409, cm.duplicate);
    await bad('PUT', `${URL}/00000000-0000-4000-8000-000000000000`, { label: 'X', active: true }, 404, cm.notFound);
  });

  it('room types carry features', async () => {
    const place = await inject('POST', '/api/place', w.headers.super, {
      name: 'Cartagena',
      type: 'city',
      address: 'Sin dirección',
      parent: null,
    });
    const hotel = await inject('POST', '/api/product/hotel', w.headers.loader, {
      name: 'Hotel con vista',
      placeId: place.json()._id,
      stars: 4,
      category: 'deluxe',
      roomTypes: [{ name: 'Suite', maxAdults: 2, features: ['Vista al mar', 'Jacuzzi'] }],
    });
    expect(hotel.statusCode, hotel.body).toBe(201);
    expect(hotel.json().roomTypes[0].features).toEqual(['Vista al mar', 'Jacuzzi']);
  });
});
