import { randomUUID } from 'node:crypto';
import { SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { choicesFor } from '../../../test/ticket-choices.js';
import { vouchers } from '../../db/schema/index.js';
import type { BookingBase, ResolvedProviderAccount, Traveller } from '../../suppliers/index.js';
import type { SupplierBookingCode } from './booking-code.js';

/**
 * Cancellation through the engine for kinds other than hotels (issue 13): a Hotelbeds activity and
 * a Hotelbeds transfer booked at the simulator, cancelled through the voucher routes, the penalty
 * asked first (the adapter's simulation) and the cancellation made at the supplier.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let agencyId = '';
let userId = '';
let account: ResolvedProviderAccount;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin, payload: payload as object });

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  agencyId = agency.id;
  const user = await makeUser(t.database, 'agency', agency.id);
  userId = user.id;
  admin = await loginAs(t.app, user.email);
  const id = await createProviderAccount(t.app, admin, 'hotelbeds', {
    hotelsApiKey: 'hotels-cancel',
    hotelsSecret: SANDBOX_SECRET,
    activitiesApiKey: 'activities-cancel',
    activitiesSecret: SANDBOX_SECRET,
    transfersApiKey: 'transfers-cancel',
    transfersSecret: SANDBOX_SECRET,
  });
  account = (await t.app.services.providerAccounts.resolveForBooking(id, 'sandbox')) as ResolvedProviderAccount;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

/** Records the supplier's booking as the engine records it: confirmed, with its supplier booking code. */
async function recordVoucher(kind: 'ticket' | 'transfer', booking: BookingBase, clientReference: string, day: string) {
  const code: SupplierBookingCode = {
    kind: `supplier-${kind}`,
    supplier: 'hotelbeds',
    accountId: account.id,
    mode: 'sandbox',
    clientReference,
    checkIn: day,
    checkOut: day,
    quoteId: randomUUID(),
    token: { kind: 'booked', value: 'booked', expiresAt: null },
    ref: booking.ref,
  };
  const { voucher } = await t.app.services.vouchers.record({
    agencyId,
    userId,
    type: kind,
    integrator: 'hotelbeds',
    provider: 'hotelbeds',
    providerAccountId: account.id,
    status: 'confirmed',
    start: day,
    end: day,
    client: { name: holder.name, surname: holder.surname, email: holder.email },
    price: { gross: booking.total.amount, currency: booking.total.currency },
    cost: { net: booking.total.amount, currency: booking.total.currency },
    bookingCodes: [code],
    product: { name: kind === 'ticket' ? 'Actividad Hotelbeds' : 'Traslado Hotelbeds' },
    locator: booking.ref.locator,
    externalBookingReference: clientReference,
  });
  return voucher.id;
}

/** Penalty first, then the cancellation; the supplier reports the booking cancelled. */
async function cancelThroughEngine(id: string) {
  const quote = await call('POST', `/api/voucher/${id}/cancel-quote`, {});
  expect(quote.statusCode, quote.body).toBe(200);
  const cancel = await call('POST', `/api/voucher/${id}/cancel`, {});
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
  expect(row.status).toBe('cancelled');
  expect(row.penalty).not.toBeNull();
  return quote.json();
}

describe('cancellation of every kind through the registry', () => {
  it('a Hotelbeds activity voucher: penalty from the supplier simulation, then cancelled at the supplier', async () => {
    const tickets = t.app.services.suppliers.registry.ticket(account);
    const day = inDays(20);
    const offer = (await tickets.search({ destination: 'CTG', from: day, to: day, paxAges: [30, 32] })).offers[0];
    const quote = await tickets.quote(offer);
    const clientReference = `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const paxes: Traveller[] = [
      { name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 },
      { name: 'Luis', surname: 'Pérez', type: 'adult', age: 32 },
    ];
    const booking = await tickets.book({ quote, holder, paxes, clientReference, ...choicesFor(quote) });
    const id = await recordVoucher('ticket', booking, clientReference, day);
    const shown = await cancelThroughEngine(id);
    expect(JSON.stringify(shown)).toMatch(/penalty/);
    expect((await tickets.read(booking.ref)).status).toBe('cancelled');
  });

  it('a Hotelbeds transfer voucher: penalty from the supplier simulation, then cancelled at the supplier', async () => {
    const transfers = t.app.services.suppliers.registry.transfer(account);
    const day = inDays(25);
    const offers = await transfers.search({
      from: { type: 'IATA', code: 'CTG' },
      to: { type: 'ATLAS', code: '100000' },
      outbound: `${day}T10:30:00`,
      adults: 2,
      children: 0,
      infants: 0,
    });
    const quote = await transfers.quote(offers.offers[0]);
    const clientReference = `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const booking = await transfers.book({ quote, holder, clientReference, transport: { type: 'FLIGHT', code: 'AV9540' } });
    const id = await recordVoucher('transfer', booking, clientReference, day);
    await cancelThroughEngine(id);
    expect((await transfers.read(booking.ref)).status).toBe('cancelled');
  });

  it('a voucher whose booking code names another kind than the voucher is not sent to any adapter', async () => {
    const tickets = t.app.services.suppliers.registry.ticket(account);
    const day = inDays(21);
    const offer = (await tickets.search({ destination: 'CTG', from: day, to: day, paxAges: [30] })).offers[0];
    const quote = await tickets.quote(offer);
    const clientReference = `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const booking = await tickets.book({
      quote,
      holder,
      paxes: [{ name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 }],
      clientReference,
      ...choicesFor(quote),
    });
    const id = await recordVoucher('ticket', booking, clientReference, day);
    await t.database.db.update(vouchers).set({ type: 'transfer' }).where(eq(vouchers.id, id));
    const res = await call('POST', `/api/voucher/${id}/cancel-quote`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('SUPPLIER_NOT_CANCELLABLE');
    expect((await tickets.read(booking.ref)).status).toBe('confirmed');
  });
});
