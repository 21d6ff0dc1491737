import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { ownTransferOptions } from '../../../test/own-transfers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedInventory } from './seed.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = async (key: string, body: Record<string, unknown>, parentKey?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place',
      headers: w.headers.super,
      payload: { address: 'Sin dirección', ...body, parent: parentKey ? ids[parentKey] : null },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json()._id;
  };
  // The seeded place names the demo hotels are attached to (the full place seed is tested in modules/place).
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('bol', { name: 'Bolívar', type: 'state', countryCode: 'CO' }, 'co');
  await add('ctg', { name: 'Cartagena de Indias', type: 'city', countryCode: 'CO' }, 'bol');
  await add('ant', { name: 'Antioquia', type: 'state', countryCode: 'CO' }, 'co');
  await add('mde', { name: 'Medellín', type: 'city', countryCode: 'CO' }, 'ant');
  await add('ctgAir', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG', countryCode: 'CO' }, 'ctg');
  await add('mx', { name: 'México', type: 'country', countryCode: 'MX' });
  await add('cun', { name: 'Cancún', type: 'city', countryCode: 'MX' }, 'mx');
}, 60_000);
afterAll(() => t?.close());

describe('inventory demo seed', () => {
  it('loads hotels with a year of availability, idempotently, and the search finds them', async () => {
    await seedInventory({ db: t.database.db, log });
    await seedInventory({ db: t.database.db, log });
    const count = async (q: string) => ((await t.database.db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(await count('select count(*)::int as n from hotel_products')).toBe(6);
    // 6 hotels × 2 room types × 366 nights.
    expect(await count('select count(*)::int as n from hotel_inventory')).toBe(6 * 2 * 366);
    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 43 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/hotel/travesia/avail',
      headers: w.headers.adviser,
      payload: { destination: ids.bol, start, end, paxes: [{ adults: 2, children: [4] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = res
      .json()
      .response.items.map((i: { name: string }) => i.name)
      .sort();
    expect(names).toEqual(['Casa Travesía Ciudad Amurallada', 'Travesía Bocagrande Playa']);
    const co = await t.app.inject({
      method: 'POST',
      url: '/api/hotel/travesia/avail',
      headers: w.headers.adviser,
      payload: { destination: ids.co, start, end, paxes: [{ adults: 2, children: [] }] },
    });
    expect(co.json().response.itemsFound).toBe(4);

    // Airport transfers and tickets with capacity come with it.
    expect(await count('select count(*)::int as n from transfer_products')).toBe(2);
    expect(await count('select count(*)::int as n from ticket_products')).toBe(4);
    // Cartagena: 2 + 1 sessions; Medellín: 2 sessions; Cancún: one whole-day ticket; 366 days each.
    expect(await count('select count(*)::int as n from ticket_capacity')).toBe(366 * 6);
    expect(await count('select count(*)::int as n from transfer_capacity')).toBe(366 * 2);
    // Own transfers are searched on the booking engine (decision 0395).
    const tr = await ownTransferOptions(t.app, w.headers.super, { origin: ids.ctgAir, destination: ids.ctg, date: start, time: '10:00' });
    expect(tr.items).toHaveLength(2);
    const tk = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/travesia/avail',
      headers: w.headers.super,
      payload: { destination: ids.co, countryCode: 'CO', date: start, paxes: { adults: 2, children: [] } },
    });
    expect(tk.json().response.itemsFound).toBe(3);
  }, 60_000);
});
