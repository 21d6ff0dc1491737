/**
 * The hotel-search world shared by the streamed-search and memory benchmarks: the whole app on a fresh
 * database (PGlite, or PostgreSQL with TEST_DB=postgres + DATABASE_URL), the supplier simulator in its
 * own process (BENCH_SIM=inprocess shares the API's), one agency with a Hotelbeds, a Juniper and a
 * Restel sandbox account and one own hotel in Cartagena, listening on a free port.
 */
import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { supplierDestinations } from '../../apps/server/src/db/schema/index.js';
import { loginAs, makeAgency, makeUser } from '../../apps/server/test/factories.js';
import { insertPlace } from '../../apps/server/test/places.js';
import { createTestApp } from '../../apps/server/test/test-app.js';
import { simulatorProcess } from '../simulator-process.js';

export async function hotelWorld(latency: { hotelbeds: number; juniper: number; restel: number }) {
  const sim =
    process.env.BENCH_SIM === 'inprocess'
      ? await startSimulator({ port: 0, host: '127.0.0.1', latencyMs: latency })
      : await simulatorProcess(latency);
  const t = await createTestApp({}, { simulatorUrl: sim.url });
  const db = t.database.db;

  const co = await insertPlace(t.database, 'Colombia', 'country', null);
  const bol = await insertPlace(t.database, 'Bolívar', 'state', co);
  const ctg = await insertPlace(t.database, 'Cartagena de Indias', 'city', bol);
  await db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: ctg.id, code: 'CTG' },
    { supplier: 'juniper', placeId: ctg.id, code: '49000' },
    { supplier: 'restel', placeId: ctg.id, code: 'COBOL' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel', 'hotels-travesia'] });
  const admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  const loader = await loginAs(t.app, (await makeUser(t.database, 'product-loader', null)).email);
  const inject = async (url: string, headers: Record<string, string>, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  for (const [supplier, credentials] of [
    ['hotelbeds', { hotelsApiKey: 'bench-hotels', hotelsSecret: 'sandbox' }],
    ['juniper', { email: 'bench@demo.com', password: 'sandbox' }],
    ['restel', { codigousu: 'BENCH', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' }],
  ] as const)
    await inject('/api/provider-account', admin, { supplier, name: `${supplier} ${randomUUID().slice(0, 6)}`, credentials });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const hotel = await inject('/api/product/hotel', loader, {
    name: 'Hotel Casa Travesía',
    placeId: ctg.id,
    address: 'Calle del Arsenal 10',
    stars: 4,
    category: 'moderate',
    currency: 'USD',
    boards: ['RO', 'BB'],
    policy: { nonRefundable: false, rules: [], noShow: null },
    roomTypes: [{ name: 'Doble estándar', maxAdults: 3 }],
  });
  await inject('/api/product/hotel/avail/bulk', loader, {
    roomTypeId: hotel.roomTypes[0]._id,
    from: day(30),
    to: day(50),
    allotment: 5,
    price2: '100',
  });

  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const body = JSON.stringify({
    destination: ctg.id,
    countryCode: 'CO',
    start: day(40),
    end: day(42),
    paxes: [{ adults: 2, children: [] }],
  });
  return { t, sim, base, admin, body };
}
