import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody, hotelSearchBody, hotelSearchUrl } from '../../../../test/hotel-reserve.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { bookingRecovery, supplierAuditLog, supplierDestinations, vouchers } from '../../../db/schema/index.js';

/**
 * Issue 14: a booking whose reply was lost and that the supplier's documented look-ups do not show
 * (the simulator's `lost-reply` plus `hide-booking`) ends `needs-attention` after the recovery window,
 * with the references a person needs, and is never cancelled locally.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let cartagena = '';
const acc: Record<string, string> = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, payload: payload as object });
}

async function reserveLost(accountId: string, integrator: string) {
  const s = await call('POST', hotelSearchUrl(integrator), admin, hotelSearchBody(accountId, cartagena, day(45), day(47)));
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const q = await call('POST', '/api/hotel/quote', admin, { cacheId, optionId: items[0].options[0].optionId });
  expect(q.statusCode, q.body).toBe(200);
  const quote = q.json().response;
  const res = await call(
    'POST',
    '/api/voucher',
    { ...admin, 'idempotency-key': `na-${randomUUID()}`, 'x-sim-scenario': 'lost-reply:book' },
    hotelReserveBody(quote, integrator),
  );
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().response.status).toBe('pending-provider');
  return res.json().response as { _id: string; externalBookingReference: string };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 4000 });
  t = await createTestApp({}, { simulatorUrl: sim.url, bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 0 } });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'juniper', placeId: cartagena, code: '49000' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-juniper'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  // The simulator hides these accounts' bookings from every list look-up (identity `+hide-booking`).
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', {
    hotelsApiKey: 'test-hotels+hide-booking',
    hotelsSecret: 'sandbox',
  });
  acc.juniper = await createProviderAccount(t.app, admin, 'juniper', { email: 'test+hide-booking@demo.com', password: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('recovery of a lost booking the supplier does not show', () => {
  // Decision 0305: the recovery lease shares the work between processes; two passes at once look the
  // booking up once and settle it once.
  it('two recovery passes at once look a lost booking up once and settle it once', async () => {
    const voucher = await reserveLost(acc.hotelbeds, 'hotelbeds');
    const passes = await Promise.all([t.app.services.hotelBooking.recoverDue(), t.app.services.hotelBooking.recoverDue()]);
    expect(passes.reduce((n, p) => n + p.checked, 0)).toBe(1);
    await t.app.services.suppliers.audit.flush();
    const lookups = await t.database.db
      .select({ op: supplierAuditLog.operation })
      .from(supplierAuditLog)
      .where(and(eq(supplierAuditLog.operation, 'hotel.list'), eq(supplierAuditLog.correlationId, voucher._id)));
    expect(lookups).toHaveLength(1);
    const detail = (await call('GET', `/api/voucher/${voucher._id}`, admin)).json();
    expect(detail.status).toBe('needs-attention');
    expect(detail.events.filter((e: { toStatus: string | null }) => e.toStatus === 'needs-attention')).toHaveLength(1);
  });

  for (const integrator of ['hotelbeds', 'juniper'] as const) {
    it(`${integrator}: needs-attention after the window, with our reference in the note; never cancelled, never booked twice`, async () => {
      const voucher = await reserveLost(acc[integrator], integrator);
      const pass = await t.app.services.hotelBooking.recoverDue();
      expect(pass.settled).toBeGreaterThanOrEqual(1);
      const detail = (await call('GET', `/api/voucher/${voucher._id}`, admin)).json();
      expect(detail.status).toBe('needs-attention');
      const note = detail.events.at(-1).note as string;
      expect(note).toContain('Requiere atención: el proveedor no la encontró todavía');
      expect(note).toContain(voucher.externalBookingReference);
      expect(detail.events.some((e: { toStatus: string | null }) => e.toStatus === 'cancelled')).toBe(false);
      // The recovery stopped; a person resolves it. The supplier was asked to book exactly once.
      expect(await t.database.db.select().from(bookingRecovery).where(eq(bookingRecovery.voucherId, voucher._id))).toHaveLength(0);
      await t.app.services.suppliers.audit.flush();
      const books = await t.database.db
        .select({ id: supplierAuditLog.id })
        .from(supplierAuditLog)
        .where(and(eq(supplierAuditLog.operation, 'hotel.book'), eq(supplierAuditLog.correlationId, voucher._id)));
      expect(books).toHaveLength(1);
      const lookups = await t.database.db
        .select({ op: supplierAuditLog.operation })
        .from(supplierAuditLog)
        .where(and(eq(supplierAuditLog.operation, 'hotel.list'), eq(supplierAuditLog.correlationId, voucher._id)));
      expect(lookups.length).toBeGreaterThanOrEqual(1);
      // The bookings list filters by the new status and shows the label's status value.
      const list = (await call('GET', '/api/voucher?status=needs-attention', admin)).json();
      const row = (list.response?.docs ?? list.docs ?? []).find((v: { _id: string }) => v._id === voucher._id);
      expect(row?.status).toBe('needs-attention');
      const [stored] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher._id));
      expect(stored.status).toBe('needs-attention');
    });
  }
});
