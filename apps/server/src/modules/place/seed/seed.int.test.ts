import type { Place } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { places } from '../../../db/schema/index.js';
import { seedPlaces } from './seed.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const log = pino({ level: 'silent' });
let first: Awaited<ReturnType<typeof seedPlaces>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  first = await seedPlaces({ db: t.database.db, log });
}, 300_000);
afterAll(() => t?.close());

const search = async (keyword: string, type?: string, parent?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/place/autocomplete${type ? `?type=${type}` : ''}`,
    headers: w.headers.adviser,
    payload: { keyword, limit: 10, ...(parent ? { parent } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Place[];
};

describe('place seed', () => {
  it('loads every country, their divisions, main cities, IATA airports and the tourist areas', async () => {
    expect(first.skipped).toBe(false);
    expect(first.inserted).toBeGreaterThan(20_000);
    const count = async (type: Place['type']) =>
      (await t.database.db.select({ id: places.id }).from(places).where(eq(places.type, type))).length;
    expect(await count('country')).toBeGreaterThanOrEqual(245);
    expect(await count('state')).toBeGreaterThan(4000);
    expect(await count('airport')).toBeGreaterThan(5000);
    expect(await count('tourist-area')).toBeGreaterThanOrEqual(10);
  });

  it('answers the places people search, in Spanish, with their hierarchy', async () => {
    expect((await search('colombia', 'country'))[0]).toMatchObject({ name: 'Colombia', countryCode: 'CO' });
    expect((await search('bogota', 'city'))[0].displayName).toBe('Bogotá D.C., Bogotá D.C., Colombia');
    expect((await search('medellin'))[0].displayName).toBe('Medellín, Antioquia, Colombia');
    expect((await search('cartagena', 'city'))[0].displayName).toBe('Cartagena de Indias, Bolívar, Colombia');
    expect((await search('CTG'))[0]).toMatchObject({ type: 'airport', iataCode: 'CTG' });
    expect((await search('CTG'))[0].displayName).toContain('Cartagena de Indias, Bolívar, Colombia');
    expect((await search('MCO'))[0].displayName).toContain('Orlando, Florida, Estados Unidos');
    expect((await search('walt disney'))[0].displayName).toBe('Walt Disney World Resort, Orlando, Florida, Estados Unidos');
    expect((await search('universal orlando'))[0].name).toBe('Universal Orlando Resort');
    expect((await search('zona hotelera', 'tourist-area')).map((p) => p.name)).toContain('Cancún Zona Hotelera');
    expect((await search('bocagrande'))[0].displayName).toBe('Bocagrande, Cartagena de Indias, Bolívar, Colombia');
    expect((await search('mexico', 'country'))[0].name).toBe('México');
  });

  it('flight-place search: "bogota" lists Bogotá with El Dorado (BOG) next; "dorado" puts BOG before other El Dorado airports', async () => {
    const bogota = await search('bogota', 'city,airport');
    expect(bogota[0].displayName).toBe('Bogotá D.C., Bogotá D.C., Colombia');
    expect(bogota[1]).toMatchObject({ type: 'airport', iataCode: 'BOG' });
    expect((await search('bogota', 'airport'))[0]).toMatchObject({ iataCode: 'BOG' });
    expect((await search('BOG', 'airport'))[0]).toMatchObject({ iataCode: 'BOG' });
    const dorado = await search('dorado', 'airport');
    expect(dorado[0]).toMatchObject({ iataCode: 'BOG' });
    expect(dorado.map((p) => p.iataCode)).toEqual(expect.arrayContaining(['EOR']));
    expect((await search('dorado', 'city,airport'))[0]).toMatchObject({ iataCode: 'BOG' });
  });

  it('finds Cartagena hotels and areas by searching inside Colombia or Bolívar', async () => {
    const [colombia] = await search('colombia', 'country');
    const [bolivar] = await search('bolivar', 'state', colombia._id);
    expect(bolivar.displayName).toBe('Bolívar, Colombia');
    const inBolivar = await t.app.services.places.descendantIds(bolivar._id);
    const [boca] = await search('bocagrande');
    expect(inBolivar).toContain(boca._id);
    expect((await search('cartagena', undefined, colombia._id)).every((p) => p.countryCode === 'CO')).toBe(true);
  });

  it('is idempotent: a second run is skipped, a forced one inserts nothing new', async () => {
    expect(await seedPlaces({ db: t.database.db, log })).toMatchObject({ skipped: true, inserted: 0 });
    expect(await seedPlaces({ db: t.database.db, log }, { force: true })).toMatchObject({ skipped: false, inserted: 0 });
  }, 300_000);
});
