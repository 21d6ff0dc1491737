import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { placeAdder } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SupplierError } from '../errors.js';
import type { TicketQuote, TicketSupplier } from '../types.js';
import { OWN_INVENTORY_ACCOUNT_ID, ownInventoryAccount } from './account.js';

/** Own tickets behind the supplier contract, through the registry, on the inventory module's port. */
let t: TestApp;
let tickets: TicketSupplier;
let ticketId = '';
const ids: Record<string, string> = {};
const DAY = '2031-05-06';
const holder = { name: 'Ana', surname: 'Pérez' };
const paxes = [
  { name: 'Ana', surname: 'Pérez', type: 'adult' as const, age: 40 },
  { name: 'Leo', surname: 'Pérez', type: 'child' as const, age: 8 },
];

async function capacityLeft(session: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/product/ticket/capacity?ticketId=${ticketId}&from=${DAY}&to=${DAY}`,
    headers: w.headers.loader,
  });
  return (res.json().slots as { session: string; capacity: number }[]).find((s) => s.session === session)?.capacity ?? -1;
}

let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'co');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/product/ticket',
    headers: w.headers.loader,
    payload: {
      name: 'Tour en chiva',
      placeId: ids.ctg,
      price: '40',
      childPrice: '25.50',
      maxPeople: 8,
      startHour: '09:00',
      endHour: '13:00',
      sessions: ['09:00', '15:00'],
      childrenAllowed: true,
      policy: { nonRefundable: false, rules: [{ before: 2, unit: 'days', penalty: { type: 'percent', value: '50' } }], noShow: null },
    },
  });
  ticketId = created.json()._id;
  await t.app.inject({
    method: 'POST',
    url: '/api/product/ticket/capacity',
    headers: w.headers.loader,
    payload: { ticketId, from: DAY, to: DAY, capacity: 3 },
  });
  tickets = t.app.services.suppliers.registry.ticket(ownInventoryAccount('sandbox'));
}, 60_000);
afterAll(() => t?.close());

describe('own tickets as a provider (suppliers/travesia)', () => {
  let quote: TicketQuote;

  it('the built-in account resolves like any provider account', async () => {
    const account = await t.app.services.providerAccounts.resolveForBooking(OWN_INVENTORY_ACCOUNT_ID, 'production');
    expect(account).toMatchObject({ id: OWN_INVENTORY_ACCOUNT_ID, supplier: 'travesia', mode: 'production' });
    expect(t.app.services.suppliers.registry.supports('travesia', 'ticket')).toBe(true);
  });

  it('searches a day for a group and re-quotes the option (sessions, age bands, policy)', async () => {
    const found = await tickets.search({ destination: ids.ctg, from: DAY, to: DAY, paxAges: [40, 8] });
    expect(found.offers).toHaveLength(1);
    const offer = found.offers[0];
    expect(offer).toMatchObject({
      supplier: 'travesia',
      accountId: OWN_INVENTORY_ACCOUNT_ID,
      activity: { code: ticketId, name: 'Tour en chiva' },
      total: { amount: '65.50', currency: 'USD' },
      sessions: [
        { code: '09:00', name: '09:00' },
        { code: '15:00', name: '15:00' },
      ],
      duration: { value: 4, unit: 'HOURS' },
    });
    expect(offer.ageBands?.map((b) => b.paxType)).toEqual(['Niño', 'Adulto']);
    expect(offer.cancellation.rules[0]).toMatchObject({ percent: '50', currency: 'USD' });
    quote = await tickets.quote(offer);
    expect(quote).toMatchObject({ priceChanged: false, total: { amount: '65.50' } });
    // A group larger than the places left of every session is not offered.
    const tooMany = await tickets.search({ destination: ids.ctg, from: DAY, to: DAY, paxAges: [30, 30, 30, 30] });
    expect(tooMany.offers).toHaveLength(0);
  });

  it('books keyed by our reference: the same reference takes the places once; recovery finds it', async () => {
    const input = { quote, holder, paxes, clientReference: 'TRV-CORE-1', session: '09:00' };
    const first = await tickets.book(input);
    expect(first).toMatchObject({ status: 'confirmed', ref: { locator: 'TRV-CORE-1' }, session: { code: '09:00' } });
    const again = await tickets.book(input);
    expect(again.ref).toEqual(first.ref);
    expect(await capacityLeft('09:00')).toBe(1);
    expect((await tickets.findByClientReference('TRV-CORE-1', { from: DAY, to: DAY }))?.status).toBe('confirmed');
    expect(await tickets.findByClientReference('TRV-NOPE', { from: DAY, to: DAY })).toBeNull();
  });

  it('refuses an unknown session, and a group the session has no places for, taking nothing', async () => {
    await expect(tickets.book({ quote, holder, paxes, clientReference: 'TRV-CORE-2', session: '11:00' })).rejects.toMatchObject({
      code: 'SUPPLIER_INVALID_REQUEST',
    });
    const full = tickets.book({ quote, holder, paxes, clientReference: 'TRV-CORE-3', session: '09:00' });
    await expect(full).rejects.toBeInstanceOf(SupplierError);
    await expect(full).rejects.toMatchObject({ code: 'SUPPLIER_NOT_AVAILABLE', status: 409 });
    expect(await tickets.findByClientReference('TRV-CORE-3', { from: DAY, to: DAY })).toBeNull();
    expect(await capacityLeft('09:00')).toBe(1);
  });

  it('cancels with the penalty first, gives the places back once', async () => {
    const simulated = await tickets.cancel({ locator: 'TRV-CORE-1' }, { simulate: true });
    expect(simulated).toMatchObject({ simulated: true, penaltyKnown: true, penalty: { amount: '0.00', currency: 'USD' } });
    expect(await capacityLeft('09:00')).toBe(1);
    const done = await tickets.cancel({ locator: 'TRV-CORE-1' }, { simulate: false });
    expect(done).toMatchObject({ simulated: false, status: 'cancelled' });
    expect(await capacityLeft('09:00')).toBe(3);
    await expect(tickets.cancel({ locator: 'TRV-CORE-1' }, { simulate: false })).rejects.toMatchObject({
      code: 'SUPPLIER_NOT_CANCELLABLE',
    });
    expect(await capacityLeft('09:00')).toBe(3);
  });
});
