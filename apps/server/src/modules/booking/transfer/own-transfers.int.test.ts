import { randomUUID } from 'node:crypto';
import { OWN_INVENTORY_ACCOUNT_ID } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../../test/factories.js';
import { placeAdder } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { vouchers } from '../../../db/schema/index.js';

/**
 * Own transfers through the engine (issue 18 on the own-inventory core, docs/decisions/0270, 0280):
 * the built-in Travesía source in the streamed search, a round trip under one reference taking a
 * vehicle per leg keyed by our reference, a retry that takes nothing again, the last vehicle refused,
 * the cancellation through the registry giving the vehicles back.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let seller: Record<string, string> = {};
const ids: Record<string, string> = {};
const D = (day: number) => `2031-03-${String(day).padStart(2, '0')}`; // 2031-03-03 is a Monday
const client = { name: 'Luis', surname: 'Gómez', email: 'luis@agencia.test', phone: '+573001112233' };

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const product = (name: string, originId: string, destinationId: string) => ({
  name,
  originId,
  destinationId,
  type: 'private',
  vehicle: 'van',
  minPax: 1,
  maxPax: 6,
  priceMode: 'per-vehicle',
  price: '35',
  startHour: '05:00',
  endHour: '22:00',
});
const capacityOf = async (transferId: string, day: string) => {
  const res = await inject('GET', `/api/product/transfer/capacity?transferId=${transferId}&from=${day}&to=${day}`, w.headers.loader);
  return res.json().days[0]?.capacity as number | undefined;
};
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const [ev, data] = chunk.split('\n');
      return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
    });

/** Searches airport → Cartagena and back with our places, quotes both legs, answers the reserve body. */
async function quotedRoundTrip() {
  const res = await inject('POST', '/api/transfer/search/stream', seller, {
    from: { type: 'airport', code: 'CTG', placeId: ids.air },
    to: { type: 'hotel', code: 'centro', name: 'Hotel del Centro', placeId: ids.ctg },
    outbound: { date: D(3), time: '10:30' },
    return: { date: D(5), time: '15:00' },
    adults: 2,
  });
  expect(res.statusCode, res.body).toBe(200);
  const evs = events(res.body);
  expect(evs[0].data.suppliers).toEqual([expect.objectContaining({ accountId: OWN_INVENTORY_ACCOUNT_ID, supplier: 'travesia' })]);
  const cacheId = evs.at(-1)?.data.cacheId;
  const page = await inject('GET', `/api/transfer/search/${cacheId}?limit=50`, seller);
  const items: { optionId: string; leg: string; category: string }[] = page.json().response.items;
  // Places match by containment both ways (the airport lies within Cartagena): each leg picks its own product.
  const quote = async (leg: string) => {
    const name = leg === 'outbound' ? 'Aeropuerto → Cartagena' : 'Cartagena → Aeropuerto';
    const optionId = items.find((i) => i.leg === leg && i.category === name)?.optionId;
    const q = await inject('POST', '/api/transfer/quote', seller, { cacheId, optionId });
    expect(q.statusCode, q.body).toBe(200);
    return q.json().response;
  };
  const [q1, q2] = [await quote('outbound'), await quote('return')];
  return {
    legs: [{ quoteId: q1.quoteId }, { quoteId: q2.quoteId }],
    client,
    price: { gross: (Number(q1.price.amount) + Number(q2.price.amount)).toFixed(2), currency: q1.price.currency },
  };
}
const reserve = (body: unknown, key = randomUUID()) => inject('POST', '/api/transfer/reserve', { ...seller, 'idempotency-key': key }, body);

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  const agency = await makeAgency(t.database, { modules: ['transfers-travesia'] });
  seller = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
  await add('air', { name: 'Aeropuerto Rafael Núñez', type: 'airport', iataCode: 'CTG' }, 'ctg');
  for (const [key, body] of [
    ['out', product('Aeropuerto → Cartagena', ids.air, ids.ctg)],
    ['back', product('Cartagena → Aeropuerto', ids.ctg, ids.air)],
  ] as const) {
    ids[key] = (await inject('POST', '/api/product/transfer', w.headers.loader, body)).json()._id;
    const cap = await inject('POST', '/api/product/transfer/capacity', w.headers.loader, {
      transferId: ids[key],
      from: D(1),
      to: D(9),
      capacity: 2,
    });
    expect(cap.statusCode, cap.body).toBe(200);
  }
}, 60_000);
afterAll(() => t?.close());

describe('own transfers through the engine', () => {
  it('books a round trip under one reference, a vehicle per leg; a retry takes nothing; cancelling gives both back', async () => {
    const body = await quotedRoundTrip();
    const key = randomUUID();
    const first = await reserve(body, key);
    expect(first.statusCode, first.body).toBe(201);
    const v = first.json().response;
    expect(v.status).toBe('confirmed');
    expect([await capacityOf(ids.out, D(3)), await capacityOf(ids.back, D(5))]).toEqual([1, 1]);
    const again = await reserve(body, key);
    expect(again.statusCode).toBe(200);
    expect([await capacityOf(ids.out, D(3)), await capacityOf(ids.back, D(5))]).toEqual([1, 1]);
    const id = v._id ?? v.id;
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.provider).toBe('travesia');
    expect(row.providerAccountId).toBe(OWN_INVENTORY_ACCOUNT_ID);
    const penalty = await inject('POST', `/api/voucher/${id}/cancel-quote`, seller, {});
    expect(penalty.statusCode, penalty.body).toBe(200);
    const cancel = await inject('POST', `/api/voucher/${id}/cancel`, seller, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([await capacityOf(ids.out, D(3)), await capacityOf(ids.back, D(5))]).toEqual([2, 2]);
  });

  it('refuses a booking once the last vehicle of a leg is gone, and gives the other leg back', async () => {
    await inject('POST', '/api/product/transfer/capacity', w.headers.loader, { transferId: ids.back, from: D(5), to: D(5), capacity: 1 });
    const body = await quotedRoundTrip();
    await inject('POST', '/api/product/transfer/capacity', w.headers.loader, { transferId: ids.back, from: D(5), to: D(5), capacity: 0 });
    const res = await reserve(body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SUPPLIER_NOT_AVAILABLE');
    expect(await capacityOf(ids.out, D(3))).toBe(2);
  });
});
