import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody } from '../../../../test/hotel-reserve.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { bookingRecovery, supplierAuditLog, supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 12 finding 13 (reserve half): a reserve answers pending-provider once `reserveAnswerMs` has
 * passed while the supplier call goes on and settles the voucher in the background. The simulator's
 * latency knob (SIM_LATENCY_MS, here its `latencyMs` option) makes Hotelbeds far slower than the
 * answer bound; nothing waits on the clock: the background work is awaited through `idle()`.
 */

const SUPPLIER_LATENCY_MS = 1500;
const ANSWER_MS = 100;

let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let account = '';
let cartagena = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function bookCalls(voucherId: string) {
  await t.app.services.suppliers.audit.flush();
  const rows = await t.database.db
    .select({ id: supplierAuditLog.id })
    .from(supplierAuditLog)
    .where(and(eq(supplierAuditLog.operation, 'hotel.book'), eq(supplierAuditLog.correlationId, voucherId)));
  return rows.length;
}

async function quote() {
  const s = await call('POST', '/api/hotel/hotelbeds/avail', admin, {
    provider_id: account,
    destination: cartagena,
    countryCode: 'CO',
    start: day(50),
    end: day(52),
    paxes: [{ adults: 2, children: [] }],
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const q = await call('POST', '/api/hotel/quote', admin, { cacheId, optionId: items[0].options[0].optionId });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response as { quoteId: string; price: { amount: string; currency: string } };
}

const reserve = (q: { quoteId: string; price: { amount: string; currency: string } }, key: string, scenario?: string) =>
  call(
    'POST',
    '/api/voucher',
    { ...admin, 'idempotency-key': key, ...(scenario ? { 'x-sim-scenario': scenario } : {}) },
    hotelReserveBody(q, 'hotelbeds', { surnames: ['Lenta', 'Lento'] }),
  );

const voucherRow = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0];
const recoveryRows = (id: string) => t.database.db.select().from(bookingRecovery).where(eq(bookingRecovery.voucherId, id));

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', latencyMs: { hotelbeds: SUPPLIER_LATENCY_MS } });
  t = await createTestApp(
    {},
    {
      simulatorUrl: sim.url,
      bookingOptions: { reserveAnswerMs: ANSWER_MS, recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 60 * 60_000 },
    },
  );
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', colombia)).id;
  await t.database.db.insert(supplierDestinations).values({ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' });
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  account = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'slow', hotelsSecret: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('a reserve with a slow supplier', () => {
  it('answers 202 pending-provider before the supplier does, then the background call confirms the voucher', async () => {
    const q = await quote();
    const key = `slow-${randomUUID()}`;
    const res = await reserve(q, key);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ created: true, response: { status: 'pending-provider' } });
    const id = res.json().response._id;
    // Recorded with its recovery row before the supplier was called: a crash now is the RecoveryWorker's.
    expect(await recoveryRows(id)).toHaveLength(1);
    // A retry while the call is running answers the same voucher and books nothing more.
    const retry = await reserve(q, key);
    expect(retry.json().response._id).toBe(id);
    expect(await t.app.services.hotelBooking.idle()).toBe(0);
    const row = await voucherRow(id);
    expect(row.status).toBe('confirmed');
    expect(row.locator).toBeTruthy();
    expect(await recoveryRows(id)).toHaveLength(0);
    expect(await bookCalls(id)).toBe(1);
    // What the web polls.
    const detail = await call('GET', `/api/voucher/${id}`, admin);
    expect(detail.json().status).toBe('confirmed');
  }, 60_000);

  it('a refusal arriving after the 202 cancels the voucher with the reason', async () => {
    const q = await quote();
    const res = await reserve(q, `refused-${randomUUID()}`, 'expired-token:book');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    await t.app.services.hotelBooking.idle();
    const detail = (await call('GET', `/api/voucher/${id}`, admin)).json();
    expect(detail.status).toBe('cancelled');
    expect(detail.events.at(-1).note).toContain('SUPPLIER_TOKEN_EXPIRED');
    expect(await recoveryRows(id)).toHaveLength(0);
  }, 60_000);

  it('an answer lost after the 202 (as a process dying mid-call) is settled by the recovery worker, booked once', async () => {
    const q = await quote();
    const res = await reserve(q, `lost-${randomUUID()}`, 'lost-reply:book');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    await t.app.services.hotelBooking.idle();
    expect((await voucherRow(id)).status).toBe('pending-provider');
    expect(await recoveryRows(id)).toHaveLength(1);
    const pass = await t.app.services.hotelBooking.recoverDue();
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect((await voucherRow(id)).status).toBe('confirmed');
    expect(await bookCalls(id)).toBe(1);
  }, 60_000);
});
