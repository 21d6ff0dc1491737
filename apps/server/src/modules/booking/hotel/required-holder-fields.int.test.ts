import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody } from '../../../../test/hotel-reserve.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 14: Juniper's HotelRequiredFields (the simulator's `required-address` scenario answers them as
 * the recorded UAT BookingRules: the holder's phone and postal address) come back with the quote, a
 * reserve without one of them is a Spanish 400 naming it before anything is recorded, and a complete
 * holder reaches Juniper (the simulator refuses the booking without them) (docs/decisions/0181).
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let agencyId = '';
let juniper = '';
let cartagena = '';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, payload: payload as object });
}

async function quote(scenario?: string) {
  const s = await call('POST', '/api/search/new-avail', admin, {
    provider_id: juniper,
    destination: cartagena,
    countryCode: 'CO',
    start: day(60),
    end: day(62),
    paxes: [{ adults: 2, children: [] }],
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const q = await call('POST', '/api/hotel/quote', scenario ? { ...admin, 'x-sim-scenario': scenario } : admin, {
    cacheId,
    optionId: items[0].options[0].optionId,
  });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response as { quoteId: string; price: { amount: string; currency: string }; requiredHolderFields: string[] };
}

const reserve = (q: Awaited<ReturnType<typeof quote>>, client: Record<string, unknown>) =>
  call('POST', '/api/voucher', { ...admin, 'idempotency-key': `rf-${randomUUID()}` }, hotelReserveBody(q, 'juniper', { client }));

const countVouchers = async () =>
  (await t.database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.agencyId, agencyId))).length;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 4000 });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([{ supplier: 'juniper', placeId: cartagena, code: '49000' }]);
  const agency = await makeAgency(t.database, { modules: ['hotels-juniper'] });
  agencyId = agency.id;
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  juniper = await createProviderAccount(t.app, admin, 'juniper', { email: 'test@demo.com', password: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('Juniper HotelRequiredFields', () => {
  it('an option without extra requirements answers none and books with the name only', async () => {
    const q = await quote();
    expect(q.requiredHolderFields).toEqual([]);
    const res = await reserve(q, {});
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the quote names what the option requires', async () => {
    const q = await quote('required-address:quote');
    expect(q.requiredHolderFields).toEqual(['phone', 'address', 'city', 'country', 'postalCode']);
  });

  it('a missing required detail is a Spanish 400 naming it; nothing is recorded, Juniper is not called', async () => {
    const q = await quote('required-address:quote');
    const before = await countVouchers();
    const noPhone = await reserve(q, { address: 'Calle 10 # 3-20', city: 'Cartagena', postalCode: '130001', countryCode: 'CO' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().msg).toBe('El teléfono del titular es obligatorio para este proveedor');
    expect(noPhone.json().code).toBe('HOLDER_FIELD_REQUIRED');

    const noAddress = await reserve(q, { phones: ['+573001234567'], city: 'Cartagena', countryCode: 'CO' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().msg).toBe('La dirección del titular es obligatoria para este proveedor');
    expect(noAddress.json().fields).toEqual({
      'client.address': 'La dirección del titular es obligatoria para este proveedor',
      'client.postalCode': 'El código postal del titular es obligatorio para este proveedor',
    });
    const blank = await reserve(q, { phones: ['  '], address: ' ', city: 'Cartagena', postalCode: '130001', countryCode: 'CO' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('El teléfono del titular es obligatorio para este proveedor');
    expect(await countVouchers()).toBe(before);
  });

  it('a complete holder reaches Juniper, which books it', async () => {
    const q = await quote('required-address:quote');
    const res = await reserve(q, {
      phones: ['+573001234567'],
      address: 'Calle 10 # 3-20',
      city: 'Cartagena',
      postalCode: '130001',
      country: 'Colombia',
      countryCode: 'CO',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().response.status).toBe('confirmed');
  });
});
