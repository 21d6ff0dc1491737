import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody, hotelSearchBody, hotelSearchUrl, type QuoteForReserve } from '../../../../test/hotel-reserve.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierAuditLog, supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 12 finding 10 on supplier hotels: a quote is consumed by its first booking, an idempotency
 * key replayed by another user of the agency never answers that user's voucher, and parallel cancels
 * make one supplier call.
 */

let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let adviser: Record<string, string>;
let account = '';
let cartagena = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function supplierCalls(operation: string, voucherId: string) {
  await t.app.services.suppliers.audit.flush();
  const rows = await t.database.db
    .select({ id: supplierAuditLog.id })
    .from(supplierAuditLog)
    .where(and(eq(supplierAuditLog.operation, operation), eq(supplierAuditLog.correlationId, voucherId)));
  return rows.length;
}

/** Searches Cartagena with the Hotelbeds account as `who`, quotes the cheapest option and answers the quote. */
async function quote(who: Record<string, string>) {
  const s = await call('POST', hotelSearchUrl('hotelbeds'), who, hotelSearchBody(account, cartagena, day(45), day(47)));
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const q = await call('POST', '/api/hotel/quote', who, { cacheId, optionId: items[0].options[0].optionId });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response as { quoteId: string; price: { amount: string; currency: string } };
}

const reserveBody = (q: QuoteForReserve) => hotelReserveBody(q, 'hotelbeds');
const reserve = (who: Record<string, string>, key: string, body: unknown) =>
  call('POST', '/api/voucher', { ...who, 'idempotency-key': key }, body);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', colombia)).id;
  await t.database.db.insert(supplierDestinations).values({ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' });
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  adviser = await loginAs(t.app, (await makeUser(t.database, 'adviser', agency.id)).email);
  account = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'guards', hotelsSecret: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('a quote is consumed by its first booking', () => {
  it('a second reserve of the same quote with another key is a 409 pointing to the voucher, and the supplier books once', async () => {
    const q = await quote(admin);
    const first = await reserve(admin, `tab1-${randomUUID()}`, reserveBody(q));
    expect(first.statusCode, first.body).toBe(201);
    const v = first.json().response;
    const second = await reserve(admin, `tab2-${randomUUID()}`, reserveBody(q));
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('QUOTE_ALREADY_BOOKED');
    expect(second.json().msg).toContain(v.externalBookingReference);
    expect(second.json().fields.voucherId).toBe(v._id);
    const rows = await t.database.db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.quoteRef, `hotel-quote:${q.quoteId}`));
    expect(rows).toEqual([{ id: v._id }]);
    expect(await supplierCalls('hotel.book', v._id)).toBe(1);
  });

  it('parallel reserves of one quote with different keys (two tabs) record one voucher and make one supplier booking', async () => {
    const q = await quote(admin);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => reserve(admin, `par${i}-${randomUUID()}`, reserveBody(q))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('QUOTE_ALREADY_BOOKED');
    const rows = await t.database.db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.quoteRef, `hotel-quote:${q.quoteId}`));
    expect(rows).toHaveLength(1);
    expect(await supplierCalls('hotel.book', rows[0].id)).toBe(1);
  });

  it('the same key again still answers the first voucher (a retry is not a second booking)', async () => {
    const q = await quote(admin);
    const key = `retry-${randomUUID()}`;
    const first = await reserve(admin, key, reserveBody(q));
    expect(first.statusCode, first.body).toBe(201);
    const again = await reserve(admin, key, reserveBody(q));
    expect(again.statusCode).toBe(200);
    expect(again.json().response._id).toBe(first.json().response._id);
  });
});

describe('idempotency keys are scoped to the user', () => {
  it("another user of the agency replaying a key gets a 409, never the first user's voucher", async () => {
    const q = await quote(admin);
    const key = `shared-${randomUUID()}`;
    const first = await reserve(admin, key, reserveBody(q));
    expect(first.statusCode, first.body).toBe(201);
    const v = first.json().response;
    // The very same request from a colleague.
    const replay = await reserve(adviser, key, reserveBody(q));
    expect(replay.statusCode, replay.body).toBe(409);
    expect(replay.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(replay.body).not.toContain(v._id);
    expect(replay.body).not.toContain(v.externalBookingReference);
    // With a quote of their own: still the key's owner's, a 409 and nothing booked.
    const own = await quote(adviser);
    const other = await reserve(adviser, key, reserveBody(own));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.body).not.toContain(v._id);
    expect(await t.database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.idempotencyKey, key))).toHaveLength(1);
  });
});

describe('parallel cancels', () => {
  it('make exactly one supplier call; the others answer 409 (in progress or already cancelled)', async () => {
    const q = await quote(admin);
    const booked = await reserve(admin, `cxl-${randomUUID()}`, reserveBody(q));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().response._id;
    const results = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/api/voucher/${id}/cancel`, admin, {})));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(['CANCELLATION_IN_PROGRESS', 'ALREADY_CANCELLED']).toContain(r.json().code);
    }
    expect(await supplierCalls('hotel.cancel', id)).toBe(1);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('cancelled');
    expect(row.cancelStartedAt).toBeNull();
    const detail = (await call('GET', `/api/voucher/${id}`, admin)).json();
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'cancelled')).toHaveLength(1);
  });

  it('a supplier failure releases the claim: the next cancel calls the supplier again instead of answering "in progress"', async () => {
    // The simulator fails every cancellation of this account (its identity carries the scenario).
    const failing = await createProviderAccount(t.app, admin, 'hotelbeds', {
      hotelsApiKey: 'guards+error-500:cancel',
      hotelsSecret: 'sandbox',
    });
    const saved = account;
    account = failing;
    const q = await quote(admin).finally(() => {
      account = saved;
    });
    const booked = await reserve(admin, `cxf-${randomUUID()}`, reserveBody(q));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().response._id;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const failed = await call('POST', `/api/voucher/${id}/cancel`, admin, {});
      expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(500);
      const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
      expect(row.status).toBe('confirmed');
      expect(row.cancelStartedAt).toBeNull();
      expect(await supplierCalls('hotel.cancel', id)).toBe(attempt);
    }
  });
});
