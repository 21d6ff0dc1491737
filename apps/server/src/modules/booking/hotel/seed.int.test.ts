import { randomBytes } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { places, providerAccounts, supplierDestinations } from '../../../db/schema/index.js';
import { DEMO_PASSWORD, seedFoundation } from '../../../db/seed/demo-foundation.js';
import type { SeedContext } from '../../../db/seed/index.js';
import { SecretBox } from '../../../lib/secret-box.js';
import { seedDemoProviderAccounts, seedSupplierDestinations } from './seed.js';

const SECRETS_KEY = randomBytes(32).toString('hex');
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let ctx: SeedContext;
const ids: Record<string, string> = {};

async function place(
  name: string,
  type: 'country' | 'state' | 'city' | 'airport' | 'tourist-area',
  parent: string | null,
  extra: Partial<typeof places.$inferInsert> = {},
) {
  const p = parent ? (await t.database.db.select().from(places).where(eq(places.id, parent)))[0] : null;
  const [row] = await t.database.db
    .insert(places)
    .values({
      name,
      type,
      parentId: parent,
      path: p ? [...p.path, p.id] : [],
      ancestorNames: p ? [...p.ancestorNames, p.name] : [],
      countryCode: 'CO',
      ...extra,
    })
    .returning();
  ids[name] = row.id;
  return row.id;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({ SECRETS_KEY }, { simulatorUrl: sim.url });
  ctx = { db: t.database.db, log: pino({ level: 'silent' }), secrets: () => SecretBox.fromText(SECRETS_KEY) };
  await seedFoundation(ctx);
  const co = await place('Colombia', 'country', null);
  const bol = await place('Bolívar', 'state', co);
  const ctg = await place('Cartagena de Indias', 'city', bol, { population: 1_000_000 });
  await place('Cartagena del Chairá', 'city', bol, { population: 30_000 });
  await place('Aeropuerto Rafael Núñez', 'airport', ctg, { iataCode: 'CTG' });
  await place('Bocagrande', 'tourist-area', ctg);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('demo seeders for hotel booking', () => {
  it('give the demo agencies sandbox accounts and map the simulator cities, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      await seedDemoProviderAccounts(ctx);
      await seedSupplierDestinations(ctx);
    }
    const accounts = await t.database.db.select().from(providerAccounts);
    expect(accounts.map((a) => a.supplier).sort()).toEqual(['hotelbeds', 'hotelbeds', 'juniper', 'juniper', 'restel', 'santsg']);
    const maps = await t.database.db.select().from(supplierDestinations);
    const of = (placeId: string) => Object.fromEntries(maps.filter((m) => m.placeId === placeId).map((m) => [m.supplier, m.code]));
    expect(of(ids['Cartagena de Indias'])).toEqual({ hotelbeds: 'CTG', juniper: '49000', restel: 'COBOL' });
    expect(of(ids['Aeropuerto Rafael Núñez'])).toEqual({ hotelbeds: 'CTG', juniper: '49000', restel: 'COBOL' });
    expect(of(ids.Bocagrande)).toEqual({ juniper: '49002' });
    expect(of(ids['Cartagena del Chairá'])).toEqual({});
  });

  it('the demo agency user searches Cartagena in sandbox out of the box', async () => {
    const headers = await loginAs(t.app, 'agencia@travesia.example', DEMO_PASSWORD);
    const usable = (await t.app.inject({ method: 'GET', url: '/api/provider-account/usable', headers })).json() as {
      _id: string;
      supplier: string;
    }[];
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 32 * 86_400_000).toISOString().slice(0, 10);
    for (const [supplier, url] of [
      ['hotelbeds', '/api/hotel/hotelbeds/avail'],
      ['juniper', '/api/search/new-avail'],
      ['restel', '/api/test/v1/restel/hotel/avail'],
    ] as const) {
      const account = usable.find((a) => a.supplier === supplier);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: {
          provider_id: account?._id,
          destination: ids.Bocagrande,
          countryCode: 'CO',
          start,
          end,
          paxes: [{ adults: 2, children: [] }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response.itemsFound, supplier).toBeGreaterThan(0);
    }
  });
});
