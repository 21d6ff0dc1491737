import { randomUUID } from 'node:crypto';
import { TRANSFER_BOOKING_MESSAGES as M, type TransferSection, voucherSectionOf } from '@travesia/contracts';
import { SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { pdfText } from '../../../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { exchangeRates, supplierAuditLog, voucherEvents, vouchers } from '../../../db/schema/index.js';
import type { ResolvedProviderAccount } from '../../../suppliers/index.js';

/**
 * Transfers on the booking engine against the simulator (issue 18): streamed search over Hotelbeds
 * and Juniper, the cached page, quote with a changed price, reserve (201 / 200 / 409), a round trip
 * under one reference, a lost answer recovered, and the Hotelbeds cancellation with the penalty first.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
const acc: Record<string, string> = {};

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const client = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
// Cartagena: the airport by IATA code, hotel 100000 by its Hotelbeds ATLAS code and its Juniper transfer zone.
const airport = { type: 'airport', code: 'CTG' };
const hotel = { type: 'hotel', code: '100000', name: 'Hotel en Bocagrande', zone: '49002' };
const roundTrip = (over: Record<string, unknown> = {}) => ({
  from: airport,
  to: hotel,
  outbound: { date: day(30), time: '10:30' },
  return: { date: day(34), time: '15:00' },
  adults: 2,
  childrenAges: [7],
  ...over,
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...admin, ...headers }, payload: payload as object });

const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const [ev, data] = chunk.split('\n');
      return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
    });

async function search(body: Record<string, unknown>) {
  const res = await call('POST', '/api/transfer/search/stream/simulate', body);
  expect(res.statusCode, res.body).toBe(200);
  const evs = events(res.body);
  const done = evs.at(-1);
  expect(done?.event).toBe('done');
  return { evs, cacheId: done?.data.cacheId as string };
}

async function page(cacheId: string, query = '') {
  const res = await call('GET', `/api/transfer/search/${cacheId}?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

type Option = { optionId: string; leg: string; supplier: string; transferType: string; vehicle: string; price: { amount: string } };
const pick = (items: Option[], leg: string, supplier = 'hotelbeds') =>
  items.find((o) => o.leg === leg && o.supplier === supplier && o.transferType === 'PRIVATE') as Option;

async function quote(cacheId: string, optionId: string, headers: Record<string, string> = {}) {
  const res = await call('POST', '/api/transfer/quote', { cacheId, optionId }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response;
}

const sum = (...qs: { price: { amount: string } }[]) => qs.reduce((s, q) => s + Number(q.price.amount), 0).toFixed(2);
const reserve = (body: Record<string, unknown>, key = randomUUID(), headers: Record<string, string> = {}) =>
  call('POST', '/api/transfer/reserve', body, { 'idempotency-key': key, ...headers });

/** A Hotelbeds round trip searched and both legs quoted. */
async function quotedRoundTrip(over: Record<string, unknown> = {}) {
  const { cacheId } = await search({ ...roundTrip(over), providers: [acc.hotelbeds] });
  const items: Option[] = (await page(cacheId)).items;
  const [q1, q2] = [await quote(cacheId, pick(items, 'outbound').optionId), await quote(cacheId, pick(items, 'return').optionId)];
  const body = {
    legs: [
      { quoteId: q1.quoteId, transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' } },
      { quoteId: q2.quoteId, transport: { type: 'FLIGHT', code: 'AV9541', companyName: 'Avianca' } },
    ],
    client,
    price: { gross: sum(q1, q2), currency: q1.price.currency },
    welcomeSign: 'ANA PEREZ',
    remarks: 'Llegan con una silla de ruedas plegable',
  };
  return { cacheId, q1, q2, body };
}

/** The voucher's transfer section as the detail page and the PDF read it (validated by its schema). */
const transferSectionOf = (row: typeof vouchers.$inferSelect) =>
  voucherSectionOf({
    type: 'transfer',
    product: row.product as Record<string, unknown>,
    start: row.startDate,
    end: row.endDate,
    nights: row.nights,
  }) as TransferSection;

const voucherRow = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 3000 });
  t = await createTestApp(
    {},
    {
      simulatorUrl: sim.url,
      bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 60_000, reserveAnswerMs: 20_000 },
    },
  );
  // Rome's transfers are priced in EUR.
  await t.database.db.insert(exchangeRates).values([{ currency: 'EUR', unitsPerUsd: '0.9', validFrom: new Date('2020-01-01T00:00:00Z') }]);
  const agency = await makeAgency(t.database, { modules: ['transfers-hotelbeds', 'transfers-juniper'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', {
    hotelsApiKey: 'hotels-tr',
    hotelsSecret: SANDBOX_SECRET,
    activitiesApiKey: 'activities-tr',
    activitiesSecret: SANDBOX_SECRET,
    transfersApiKey: 'transfers-tr',
    transfersSecret: SANDBOX_SECRET,
  });
  acc.juniper = await createProviderAccount(t.app, admin, 'juniper', { email: 'test@demo.com', password: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('transfer search', () => {
  it('answers bad criteria with a Spanish 400 before any supplier is called', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ to: airport }, M.samePoint],
      [{ return: { date: day(29), time: '10:00' } }, M.returnBeforeOutbound],
      [{ adults: 1, childrenAges: [1, 2] }, M.infantWithoutAdult],
      [{ from: { type: 'airport', code: 'C1' } }, M.iataInvalid],
      [{ outbound: { date: day(30), time: '25:00' } }, M.timeInvalid],
      [{ outbound: { date: day(-2), time: '10:00' }, return: undefined }, M.dateInPast],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', '/api/transfer/search/stream/simulate', roundTrip(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('streams a progress row per supplier and caches one merged search with facets, filters and sorting', async () => {
    const { evs, cacheId } = await search(roundTrip());
    expect(evs[0]).toMatchObject({ event: 'start' });
    expect(evs[0].data.suppliers.map((s: { supplier: string }) => s.supplier).sort()).toEqual(['hotelbeds', 'juniper']);
    expect(
      evs
        .filter((e) => e.event === 'result')
        .map((e) => e.data.supplier)
        .sort(),
    ).toEqual(['hotelbeds', 'juniper']);
    expect(evs.at(-1)?.data).toMatchObject({ ok: 2, failed: 0 });
    const all = await page(cacheId);
    expect(all.roundTrip).toBe(true);
    expect(all.facets.suppliers.map((s: { id: string }) => s.id).sort()).toEqual(['hotelbeds', 'juniper']);
    expect(all.facets.types.length).toBeGreaterThan(0);
    expect(all.items.every((o: Option & { capacity: { max: number } }) => o.capacity.max >= 3)).toBe(true);
    const prices = all.items.map((o: Option) => Number(o.price.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const back = await page(cacheId, '&leg=return&type=PRIVATE&supplier=juniper&sort=-price');
    expect(back.items.length).toBeGreaterThan(0);
    expect(back.items.every((o: Option) => o.leg === 'return' && o.transferType === 'PRIVATE' && o.supplier === 'juniper')).toBe(true);
    const desc = back.items.map((o: Option) => Number(o.price.amount));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('reports a source that cannot place a point as a failure row, the others still answer', async () => {
    const { evs } = await search(roundTrip({ to: { type: 'hotel', code: '100000' }, return: undefined }));
    const failure = evs.find((e) => e.event === 'failure');
    expect(failure?.data).toMatchObject({ supplier: 'juniper', msg: M.noPointForSupplier('Juniper') });
    expect(evs.at(-1)?.data).toMatchObject({ ok: 1, failed: 1 });
  });

  it('leaves out offers in a currency without an exchange rate, with one note', async () => {
    await t.database.db.delete(exchangeRates).where(eq(exchangeRates.currency, 'EUR'));
    try {
      const { cacheId } = await search({
        from: { type: 'airport', code: 'FCO' },
        to: { type: 'hotel', code: '5643' },
        outbound: { date: day(40), time: '18:00' },
        adults: 2,
        providers: [acc.hotelbeds],
      });
      const res = await page(cacheId);
      expect(res.items).toEqual([]);
      expect(res.notes).toEqual([expect.stringMatching(/^Se omitieron \d+ ofertas? en EUR/)]);
    } finally {
      await t.database.db
        .insert(exchangeRates)
        .values([{ currency: 'EUR', unitsPerUsd: '0.9', validFrom: new Date('2020-01-01T00:00:00Z') }]);
    }
  });

  it('a search is its seller’s: an unknown cacheId is a 404', async () => {
    const res = await call('GET', '/api/transfer/search/doesnotexist0000');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(M.cacheExpired);
  });
});

describe('transfer quote and reserve', () => {
  it('flags a changed price at the quote', async () => {
    const { cacheId } = await search({ ...roundTrip({ return: undefined }), providers: [acc.hotelbeds] });
    const option = pick((await page(cacheId)).items, 'outbound');
    const q = await quote(cacheId, option.optionId, { 'x-sim-scenario': 'price-change' });
    expect(q.priceChanged).toBe(true);
    expect(Number(q.price.amount)).toBeGreaterThan(Number(q.previousPrice.amount));
    expect(q.requires).toMatchObject({ transportNumber: true, pickupAddress: false });
    expect(q.transportType).toBe('FLIGHT');
  });

  it('books a round trip under one reference (201), answers a retry with the same voucher (200), a reused key 409', async () => {
    const { body } = await quotedRoundTrip();
    const key = randomUUID();
    const first = await reserve(body, key);
    expect(first.statusCode, first.body).toBe(201);
    const v = first.json().response;
    expect(v.status).toBe('confirmed');
    const row = await voucherRow(v._id ?? v.id);
    expect(row.type).toBe('transfer');
    expect(row.locator).toBeTruthy();
    expect(row.supplierReferences?.[0]).toBe(row.locator);
    const section = transferSectionOf(row);
    expect(section.legs.map((l) => [l.direction, l.transportNumber])).toEqual([
      ['outbound', 'AV9540'],
      ['return', 'AV9541'],
    ]);
    const again = await reserve(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().response._id ?? again.json().response.id).toBe(v._id ?? v.id);
    const other = await quotedRoundTrip();
    const reused = await reserve(other.body, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses bad reserve input with a Spanish 4xx and records nothing', async () => {
    const { body } = await quotedRoundTrip();
    const before = (await t.database.db.select({ id: vouchers.id }).from(vouchers)).length;
    const phone = await reserve({ ...body, client: { ...client, phone: '3001112233' } });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toBe(M.phoneInvalid);
    const noFlight = await reserve({ ...body, legs: [body.legs[0], { quoteId: body.legs[1].quoteId }] });
    expect(noFlight.statusCode).toBe(400);
    expect(noFlight.json().msg).toBe(M.transportRequired('regreso'));
    const price = await reserve({ ...body, price: { ...body.price, gross: '1.00' } });
    expect(price.statusCode).toBe(409);
    expect(price.json().code).toBe('PRICE_CHANGED');
    const twice = await reserve({ ...body, legs: [body.legs[0], body.legs[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(M.legTwice);
    const noKey = await call('POST', '/api/transfer/reserve', body);
    expect(noKey.statusCode).toBe(400);
    expect((await t.database.db.select({ id: vouchers.id }).from(vouchers)).length).toBe(before);
  });

  it('a lost booking answer leaves the voucher pending; the recovery worker finds it by our reference', async () => {
    const { body } = await quotedRoundTrip();
    const res = await reserve(body, randomUUID(), { 'x-sim-scenario': 'lost-reply:book' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id ?? res.json().response.id;
    expect((await voucherRow(id)).status).toBe('pending-provider');
    await t.app.services.booking.recoverDue();
    const row = await voucherRow(id);
    expect(row.status).toBe('confirmed');
    expect(row.locator).toBeTruthy();
  });

  it('cancels a Hotelbeds round trip through the engine: the penalty first (a simulation that cancels nothing), then the cancellation', async () => {
    const { body } = await quotedRoundTrip();
    const res = await reserve(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().response._id ?? res.json().response.id;
    const row = await voucherRow(id);
    const code = (row.bookingCodes as { accountId: string; ref: { locator: string } }[])[0];
    const account = (await t.app.services.providerAccounts.resolveForBooking(code.accountId, 'sandbox')) as ResolvedProviderAccount;
    const adapter = t.app.services.suppliers.registry.transfer(account);
    const penalty = await call('POST', `/api/voucher/${id}/cancel-quote`, {});
    expect(penalty.statusCode, penalty.body).toBe(200);
    expect((await adapter.read(code.ref)).status).toBe('confirmed');
    const cancel = await call('POST', `/api/voucher/${id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await voucherRow(id)).status).toBe('cancelled');
    expect((await adapter.read(code.ref)).status).toBe('cancelled');
  });

  it('a penalty quote never cancels: repeated and concurrent cancel-quotes leave the voucher and the supplier booking confirmed', async () => {
    const { body } = await quotedRoundTrip();
    const res = await reserve(body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().response._id ?? res.json().response.id;
    const before = await voucherRow(id);
    const code = (before.bookingCodes as { accountId: string; ref: { locator: string } }[])[0];
    const account = (await t.app.services.providerAccounts.resolveForBooking(code.accountId, 'sandbox')) as ResolvedProviderAccount;
    const adapter = t.app.services.suppliers.registry.transfer(account);
    const eventsBefore = await t.database.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, id));

    const quotes = [await call('POST', `/api/voucher/${id}/cancel-quote`, {})];
    quotes.push(...(await Promise.all([1, 2, 3].map(() => call('POST', `/api/voucher/${id}/cancel-quote`, {})))));
    for (const q of quotes) {
      expect(q.statusCode, q.body).toBe(200);
      expect(q.json()).toMatchObject({ source: 'supplier', cancellable: true });
    }

    // Nothing changed on our side: same status, same version, no cancellation event, no cancel claim.
    const after = await voucherRow(id);
    expect(after).toMatchObject({ status: 'confirmed', version: before.version, cancelStartedAt: null });
    const eventsAfter = await t.database.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, id));
    expect(eventsAfter).toHaveLength(eventsBefore.length);
    // Nor on the supplier's: the booking still confirmed, and every call it got was the documented simulation.
    expect((await adapter.read(code.ref)).status).toBe('confirmed');
    // The audit log is written in batches: wait until the cancel calls are in it.
    const auditedCancels = () =>
      t.database.db
        .select({ operation: supplierAuditLog.operation, url: supplierAuditLog.url })
        .from(supplierAuditLog)
        .where(and(like(supplierAuditLog.operation, 'transfer.cancel%'), like(supplierAuditLog.url, `%${code.ref.locator}%`)));
    await expect.poll(async () => (await auditedCancels()).length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    const calls = await auditedCancels();
    for (const c of calls) {
      expect(c.operation).toBe('transfer.cancel-simulation');
      expect(new URL(c.url).searchParams.get('simulation')).toBe('true');
    }
  });

  it('books a Juniper transfer one way', async () => {
    const { cacheId } = await search({ ...roundTrip({ return: undefined }), providers: [acc.juniper] });
    const option = pick((await page(cacheId)).items, 'outbound', 'juniper');
    const q = await quote(cacheId, option.optionId);
    const res = await reserve({
      legs: [{ quoteId: q.quoteId, transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' } }],
      client,
      price: { gross: q.price.amount, currency: q.price.currency },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await voucherRow(res.json().response._id ?? res.json().response.id)).provider).toBe('juniper');
  });

  it('a hotel → airport transfer whose pickup must be checked prints the instruction on the voucher (Sistina → Ciampino)', async () => {
    const { cacheId } = await search({
      from: { type: 'hotel', code: '5643', name: 'Hotel Sistina' },
      to: { type: 'airport', code: 'CIA' },
      outbound: { date: day(40), time: '18:00' },
      adults: 2,
      providers: [acc.hotelbeds],
    });
    const rome = await page(cacheId);
    const option = pick(rome.items, 'outbound');
    const q = await quote(cacheId, option.optionId);
    expect(q.option.checkPickup).toMatchObject({ mustCheckPickupTime: true });
    const res = await reserve({
      legs: [{ quoteId: q.quoteId, transport: { type: 'FLIGHT', code: 'FR1234', companyName: 'Ryanair' } }],
      client,
      price: { gross: q.price.amount, currency: q.price.currency },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await voucherRow(res.json().response._id ?? res.json().response.id);
    const leg = transferSectionOf(row).legs[0];
    expect(leg.pickup.time).toBeUndefined();
    expect(leg.checkPickup).toMatchObject({ url: expect.stringContaining('http'), hoursBefore: 48 });
    // The detail the agent reads and the PDF the traveller gets both carry the instruction, with no time.
    const detail = await call('GET', `/api/voucher/${row.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().section.legs[0].checkPickup.instruction).toBe(leg.checkPickup?.instruction);
    const pdf = await call('GET', `/api/voucher/${row.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // Lines wrap where the page ends: compare with the spaces folded.
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Hotel Sistina');
    expect(text).toContain('hora por confirmar');
    expect(text).toContain(leg.checkPickup?.instruction);
    expect(text).toContain('Confírmela al menos 48 horas antes.');
    // The supplier's emergency phone, known only from its booking answer, is on both too.
    expect(transferSectionOf(row).emergencyContact).toMatchObject({ phone: '+34971000000' });
    expect(detail.json().section.emergencyContact.phone).toBe('+34971000000');
    expect(text).toContain('Contacto de emergencia');
    expect(text).toContain('+34971000000');
  });
});

describe('transfer bad input at the supplier (issue 18)', () => {
  it('a rate key the supplier says has expired is a Spanish 409; the voucher ends cancelled with the reason and nothing is booked', async () => {
    const { body } = await quotedRoundTrip();
    const bookedBefore = await t.database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.status, 'confirmed'));
    const res = await reserve(body, randomUUID(), { 'x-sim-scenario': 'expired-token:book' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toBe('La tarifa seleccionada expiró. Vuelve a buscar disponibilidad.');
    const cancelled = await t.database.db.select().from(vouchers).where(eq(vouchers.status, 'cancelled'));
    const row = cancelled.find((v) => v.remarks === body.remarks && !v.locator);
    expect(row, 'the refused booking is kept cancelled, with no supplier locator').toBeDefined();
    const events = await t.database.db
      .select()
      .from(voucherEvents)
      .where(eq(voucherEvents.voucherId, row?.id ?? ''));
    expect(JSON.stringify(events)).toContain('SUPPLIER_TOKEN_EXPIRED');
    const bookedAfter = await t.database.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.status, 'confirmed'));
    expect(bookedAfter.length).toBe(bookedBefore.length);
  });

  it('a group larger than some vehicles is offered only the vehicles that take every passenger', async () => {
    const { cacheId } = await search({ ...roundTrip({ adults: 7, childrenAges: [] }) });
    const items: (Option & { capacity: { max: number } })[] = (await page(cacheId)).items;
    expect(items.length).toBeGreaterThan(0);
    for (const o of items) expect(o.capacity.max, `${o.supplier} ${o.vehicle}`).toBeGreaterThanOrEqual(7);
    const small = await search({ ...roundTrip({ adults: 2, childrenAges: [] }) });
    const all: (Option & { capacity: { max: number } })[] = (await page(small.cacheId)).items;
    expect(
      all.some((o) => o.capacity.max < 7),
      'the simulator has smaller vehicles for two',
    ).toBe(true);
  });
});
