import { randomUUID } from 'node:crypto';
import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody, type QuoteForReserve } from '../../../../test/hotel-reserve.js';
import { type InsertedPlace, insertPlace as insertPlaceRow } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { bookingRecovery, supplierAuditLog, supplierDestinations, vouchers } from '../../../db/schema/index.js';

let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let adminB: Record<string, string>;
let limited: Record<string, string>;
const acc: Record<string, string> = {};
let accB = '';
let cartagena = '';
let nowhere = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const start = day(40);
const end = day(42);

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, payload: payload as object });
}

const searchBody = (provider: string, over: Record<string, unknown> = {}) => ({
  provider_id: provider,
  destination: cartagena,
  countryCode: 'CO',
  start,
  end,
  paxes: [{ adults: 2, children: [] }],
  ...over,
});

const insertPlace = (name: string, type: 'country' | 'state' | 'city', parent: InsertedPlace | null) =>
  insertPlaceRow(t.database, name, type, parent);
const createAccount = (headers: Record<string, string>, supplier: string, credentials: Record<string, string>) =>
  createProviderAccount(t.app, headers, supplier, credentials);

async function bookCalls(voucherId: string) {
  await t.app.services.suppliers.audit.flush();
  const rows = await t.database.db
    .select({ id: supplierAuditLog.id })
    .from(supplierAuditLog)
    .where(and(eq(supplierAuditLog.operation, 'hotel.book'), eq(supplierAuditLog.correlationId, voucherId)));
  return rows.length;
}

/** Searches Cartagena with the account, quotes the cheapest option and answers the quote. */
async function quoteCheapest(accountId: string, url = '/api/hotel/hotelbeds/avail', scenario?: string) {
  const s = await call('POST', url, admin, searchBody(accountId));
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const option = items[0].options[0];
  const q = await call('POST', '/api/hotel/quote', scenario ? { ...admin, 'x-sim-scenario': scenario } : admin, {
    cacheId,
    optionId: option.optionId,
  });
  expect(q.statusCode, q.body).toBe(200);
  return { option, quote: q.json().response };
}

const reserveBody = (quote: QuoteForReserve, over: Record<string, unknown> = {}) => hotelReserveBody(quote, 'hotelbeds', { over });

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1', hangMs: 4000 });
  t = await createTestApp({}, { simulatorUrl: sim.url, bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 0 } });
  const db = t.database.db;
  const colombia = await insertPlace('Colombia', 'country', null);
  const bolivar = await insertPlace('Bolívar', 'state', colombia);
  cartagena = (await insertPlace('Cartagena de Indias', 'city', bolivar)).id;
  nowhere = (await insertPlace('Mompox', 'city', bolivar)).id;
  await db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'juniper', placeId: cartagena, code: '49000' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
  ]);
  const agencyA = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel'] });
  const agencyB = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agencyA.id)).email);
  adminB = await loginAs(t.app, (await makeUser(t.database, 'agency', agencyB.id)).email);
  acc.hotelbeds = await createAccount(admin, 'hotelbeds', { hotelsApiKey: 'test-hotels', hotelsSecret: 'sandbox' });
  acc.juniper = await createAccount(admin, 'juniper', { email: 'test@demo.com', password: 'sandbox' });
  acc.restel = await createAccount(admin, 'restel', { codigousu: 'TEST', clausu: 'sandbox', afiliacio: 'RS', secacc: 'sandbox' });
  accB = await createAccount(adminB, 'juniper', { email: 'norte@demo.com', password: 'sandbox' });
  limited = adminB;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('hotel search', () => {
  it('validates the criteria with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ destination: undefined }, 'Destino es requerido'],
      [{ countryCode: undefined }, 'Nacionalidad es requerida'],
      [{ start: undefined }, 'Checking es requerido'],
      [{ paxes: [] }, 'Número de personas es requerido'],
      [{ provider_id: undefined }, 'Proveedor es requerido'],
      [{ start: day(-1) }, 'La fecha de entrada no puede ser anterior a hoy'],
      [{ end: start }, 'La fecha de salida debe ser posterior a la de entrada'],
      [{ end: day(71) }, 'La estadía no puede superar 30 noches'],
      [{ paxes: [{ adults: 2, children: [18] }] }, 'La edad de cada niño debe estar entre 0 y 17 años'],
      [{ start: '2026-02-30' }, 'Fecha no válida (formato AAAA-MM-DD)'],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', '/api/hotel/hotelbeds/avail', admin, searchBody(acc.hotelbeds, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const rooms = [1, 2, 3, 4].map(() => ({ adults: 1, children: [] }));
    const restel = await call('POST', '/api/test/v1/restel/hotel/avail', admin, searchBody(acc.restel, { paxes: rooms }));
    expect(restel.statusCode).toBe(400);
    expect(restel.json().msg).toBe('Este proveedor permite como máximo 3 habitaciones');
  });

  it("another agency's account is a 404, a disabled module a 403, a wrong supplier a 400", async () => {
    expect((await call('POST', '/api/hotel/hotelbeds/avail', admin, searchBody(accB))).statusCode).toBe(404);
    const disabled = await call('POST', '/api/v1/hotel/avail/simulate', limited, searchBody(accB));
    expect(disabled.statusCode).toBe(403);
    expect((await call('POST', '/api/hotel/hotelbeds/avail', admin, searchBody(acc.juniper))).statusCode).toBe(400);
    // Juniper's Disney mode needs its own module flag.
    const disney = await call('POST', '/api/v1/hotel/avail/simulate', admin, searchBody(acc.juniper, { resort: 'disney' }));
    expect(disney.statusCode).toBe(403);
    expect(disney.json().msg).toBe('Este módulo no está habilitado para tu agencia');
  });

  it('searches each supplier, prices every offer and pages the cached result without calling the supplier', async () => {
    for (const [url, id] of [
      ['/api/hotel/hotelbeds/avail', acc.hotelbeds],
      ['/api/v1/hotel/avail/simulate', acc.juniper],
      ['/api/search/new-avail', acc.restel],
    ] as const) {
      const res = await call('POST', url, admin, searchBody(id));
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().response;
      expect(r.itemsFound).toBeGreaterThan(0);
      expect(r.items[0].options[0].price.amount).toMatch(/^\d+\.\d{2}$/);
      expect(Number(r.lowestPrice.amount)).toBeLessThanOrEqual(Number(r.highestPrice.amount));
    }
    const first = await call('POST', '/api/hotel/hotelbeds/avail', admin, searchBody(acc.hotelbeds));
    const { cacheId, itemsFound } = first.json().response;
    await t.app.services.suppliers.audit.flush();
    const before = (
      await t.database.db.select({ id: supplierAuditLog.id }).from(supplierAuditLog).where(eq(supplierAuditLog.correlationId, cacheId))
    ).length;
    const page = await call('GET', `/api/hotel/search/${cacheId}?page=2&limit=3&sort=-price`, admin);
    expect(page.statusCode, page.body).toBe(200);
    const p = page.json().response;
    expect(p.itemsFound).toBe(itemsFound);
    // Hotelbeds gives each hotel's map position in its availability answer; the page carries it.
    for (const item of p.items) expect(item.location).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(p.items.length).toBeLessThanOrEqual(3);
    const amounts = p.items.map((i: { minPrice: { amount: string } }) => Number(i.minPrice.amount));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const filtered = (await call('GET', `/api/hotel/search/${cacheId}?board=BB&refundable=true`, admin)).json().response;
    for (const item of filtered.items)
      for (const o of item.options) {
        expect(o.board.code).toBe('BB');
        expect(o.refundable).toBe(true);
      }
    await t.app.services.suppliers.audit.flush();
    const after = (
      await t.database.db.select({ id: supplierAuditLog.id }).from(supplierAuditLog).where(eq(supplierAuditLog.correlationId, cacheId))
    ).length;
    expect(after).toBe(before);
    // Someone else's cacheId is a 404.
    expect((await call('GET', `/api/hotel/search/${cacheId}`, adminB)).statusCode).toBe(404);
  });

  it('answers Juniper hotel content, and refuses it for another supplier', async () => {
    const s = (await call('POST', '/api/v1/hotel/avail/simulate', admin, searchBody(acc.juniper))).json().response;
    const codes = s.items.slice(0, 3).map((i: { code: string }) => i.code);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/v1/hotel/content/simulate', admin, { provider_id: acc.juniper, codes: [...codes, 'JP999999'] });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().response.items;
      expect(items.map((h: { code: string }) => h.code)).toEqual(codes);
      expect(items[0].name).toBeTruthy();
    }
    const wrong = await call('POST', '/api/search/get-hotel-content', admin, { provider_id: acc.hotelbeds, codes: ['100000'] });
    expect(wrong.statusCode).toBe(400);
    expect((await call('POST', '/api/search/get-hotel-content', admin, { provider_id: acc.juniper, codes: [] })).json().msg).toBe(
      'Códigos de hotel requeridos',
    );
  });

  it('a destination without a mapping answers an empty result with a note', async () => {
    const res = await call('POST', '/api/hotel/hotelbeds/avail', admin, searchBody(acc.hotelbeds, { destination: nowhere }));
    expect(res.statusCode).toBe(200);
    expect(res.json().response.itemsFound).toBe(0);
    expect(res.json().response.notes[0]).toContain('no tiene hoteles asociados a este destino');
  });
});

describe('quote and reserve', () => {
  it('books once: a double submit answers the same voucher and the supplier is called once', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const key = `chk-${randomUUID()}`;
    const [a, b] = await Promise.all([
      call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, reserveBody(quote)),
      call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, reserveBody(quote)),
    ]);
    // One call records and books (201); the other answers the same voucher (200, or 202 while it is still pending).
    expect([a.json().created, b.json().created].sort()).toEqual([false, true]);
    expect([a, b].find((r) => r.json().created)?.statusCode).toBe(201);
    expect(a.json().response._id).toBe(b.json().response._id);
    const again = await call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, reserveBody(quote));
    expect(again.statusCode).toBe(200);
    const id = a.json().response._id;
    expect(again.json().response._id).toBe(id);
    const rows = await t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('confirmed');
    expect(rows[0].locator).toBeTruthy();
    expect(rows[0].priceGross).toBe(quote.price.amount);
    expect(await bookCalls(id)).toBe(1);
  });

  // Issue 16 acceptance: the agency's own system books with an API key instead of a session, the calls
  // docs/INTEGRATIONS.md shows (search, quote, reserve); once revoked, the key is refused with 401.
  it('an API key books a hotel through the API like a session, and is refused once revoked', async () => {
    const created = await call('POST', '/api/configuration/integrations/api-keys', admin, {
      name: 'ERP reservas',
      scopes: ['search:use', 'vouchers:read'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiKey = { 'x-api-key': created.json().key as string };
    const s = await call(
      'POST',
      '/api/hotel/hotelbeds/avail',
      { authorization: `Bearer ${created.json().key}` },
      searchBody(acc.hotelbeds),
    );
    expect(s.statusCode, s.body).toBe(200);
    const { cacheId, items } = s.json().response;
    const q = await call('POST', '/api/hotel/quote', apiKey, { cacheId, optionId: items[0].options[0].optionId });
    expect(q.statusCode, q.body).toBe(200);
    const booked = await call(
      'POST',
      '/api/voucher/reserve',
      { ...apiKey, 'idempotency-key': `erp-${randomUUID()}` },
      reserveBody(q.json().response),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().response._id as string;
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row).toMatchObject({ status: 'confirmed', agencyId: (await call('GET', '/api/user', admin)).json().agency._id });
    expect(await bookCalls(id)).toBe(1);
    // The key reads back what it booked, as the agency.
    expect((await call('GET', `/api/voucher/${id}`, apiKey)).statusCode).toBe(200);

    const revoked = await call('POST', `/api/configuration/integrations/api-keys/${created.json()._id}/revoke`, admin);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await call('POST', '/api/hotel/hotelbeds/avail', apiKey, searchBody(acc.hotelbeds));
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('La llave de API no es válida o fue revocada');
  });

  it('books through Juniper and Restel too (BookingRules / 144 at the quote)', async () => {
    for (const [supplier, searchUrl, reserveUrl] of [
      ['juniper', '/api/v1/hotel/avail/simulate', '/api/booking/flow-j/post-booking'],
      ['restel', '/api/test/v1/restel/hotel/avail', '/api/voucher/reserve'],
    ] as const) {
      const { quote } = await quoteCheapest(acc[supplier], searchUrl);
      const res = await call(
        'POST',
        reserveUrl,
        { ...admin, 'idempotency-key': `${supplier}-${randomUUID()}` },
        reserveBody(quote, { integrator: supplier }),
      );
      expect(res.statusCode, `${supplier}: ${res.body}`).toBe(201);
      expect(res.json().response.status).toBe('confirmed');
      expect(await bookCalls(res.json().response._id)).toBe(1);
    }
  });

  it('a booking the supplier does not show after the window needs attention (never cancelled locally)', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': `e5-${randomUUID()}`, 'x-sim-scenario': 'error-500:book' },
      reserveBody(quote),
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    await t.app.services.hotelBooking.recoverDue();
    const detail = (await call('GET', `/api/voucher/${id}`, admin)).json();
    expect(detail.status).toBe('needs-attention');
    expect(detail.events.at(-1).note).toMatch(/^Requiere atención: el proveedor no la encontró todavía/);
  });

  it('a booking the supplier takes on request is recorded as on-request', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': `rq-${randomUUID()}`, 'x-sim-scenario': 'on-request:book' },
      reserveBody(quote),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().response.status).toBe('on-request');
    expect(await t.database.db.select().from(bookingRecovery).where(eq(bookingRecovery.voucherId, res.json().response._id))).toHaveLength(
      0,
    );
  });

  it('a remark of 10,000 characters is a 400 in Spanish and books nothing (issue 15 item 2)', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const key = `chk-${randomUUID()}`;
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': key },
      { ...reserveBody(quote), comments: 'x'.repeat(10_000) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { comments: 'Máximo 1000 caracteres' } });
    expect(await t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key))).toHaveLength(0);
  });

  it('the remarks typed at reserve time are kept verbatim on the voucher', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const remark = 'Llegada tarde <b>cuna</b> & "vista al mar"';
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': `chk-${randomUUID()}` },
      { ...reserveBody(quote), comments: remark },
    );
    expect(res.statusCode).toBe(201);
    const detail = await call('GET', `/api/voucher/${res.json().response._id}`, admin);
    expect(detail.json().remarks).toBe(remark);
  });

  it('requires an idempotency key', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const res = await call('POST', '/api/voucher', admin, reserveBody(quote));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Falta la clave de idempotencia de la reserva (Idempotency-Key)');
  });

  it('a lost reply leaves the voucher pending-provider and the recovery confirms it, with one supplier booking', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const key = `lost-${randomUUID()}`;
    const res = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': key, 'x-sim-scenario': 'lost-reply:book' },
      reserveBody(quote),
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    expect(res.json().response.status).toBe('pending-provider');
    // A retry while pending answers the same voucher and does not book again.
    const retry = await call('POST', '/api/voucher', { ...admin, 'idempotency-key': key }, reserveBody(quote));
    expect(retry.json().response._id).toBe(id);
    const pass = await t.app.services.hotelBooking.recoverDue();
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('confirmed');
    expect(row.locator).toBeTruthy();
    expect(await t.database.db.select().from(bookingRecovery).where(eq(bookingRecovery.voucherId, id))).toHaveLength(0);
    expect(await bookCalls(id)).toBe(1);
  });

  it('a changed price at the quote is flagged, and reserving with the old total is a 409', async () => {
    const { option, quote } = await quoteCheapest(acc.hotelbeds, '/api/hotel/hotelbeds/avail', 'price-change:quote');
    expect(quote.priceChanged).toBe(true);
    expect(quote.previousPrice).toEqual(option.price);
    expect(Number(quote.price.amount)).toBeGreaterThan(Number(option.price.amount));
    const key = `pc-${randomUUID()}`;
    const stale = await call(
      'POST',
      '/api/voucher',
      { ...admin, 'idempotency-key': key },
      reserveBody(quote, { price: { gross: option.price.amount, currency: option.price.currency } }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('PRICE_CHANGED');
    expect(await t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key))).toHaveLength(0);
  });

  it('a supplier refusal cancels the voucher with the reason', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const key = `ref-${randomUUID()}`;
    const res = await call(
      'POST',
      '/api/voucher/reserve',
      { ...admin, 'idempotency-key': key, 'x-sim-scenario': 'expired-token:book' },
      reserveBody(quote),
    );
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key));
    expect(row.status).toBe('cancelled');
  });

  it("another agency can't reserve a quote it doesn't own", async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const res = await call('POST', '/api/voucher', { ...adminB, 'idempotency-key': `x-${randomUUID()}` }, reserveBody(quote));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('QUOTE_EXPIRED');
  });

  it('cancels a supplier voucher through the supplier: quote of the penalty, then the cancellation', async () => {
    const { quote } = await quoteCheapest(acc.hotelbeds);
    const res = await call('POST', '/api/voucher', { ...admin, 'idempotency-key': `c-${randomUUID()}` }, reserveBody(quote));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().response._id;
    const cq = await call('POST', `/api/voucher/${id}/cancel-quote`, admin, {});
    expect(cq.statusCode, cq.body).toBe(200);
    const cancel = await call('POST', `/api/voucher/${id}/cancel`, admin, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('cancelled');
    expect(row.penalty).not.toBeNull();
  });
});

describe('one search across every hotel account, streamed', () => {
  const events = (body: string) =>
    body
      .split('\n\n')
      .filter(Boolean)
      .map((chunk) => {
        const [ev, data] = chunk.split('\n');
        return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
      });

  it('reports each supplier as it answers; a failing or hanging supplier is reported without blocking the others', async () => {
    const failing = await createAccount(admin, 'hotelbeds', { hotelsApiKey: 'broken+error-500:search', hotelsSecret: 'sandbox' });
    const hanging = await createAccount(admin, 'juniper', { email: 'slow+timeout:search@demo.com', password: 'sandbox' });
    const { provider_id: _, ...criteria } = searchBody(acc.hotelbeds);
    const res = await call('POST', '/api/hotel/search/stream', admin, {
      ...criteria,
      providers: [acc.hotelbeds, acc.juniper, acc.restel, failing, hanging, accB],
      // Long enough for the failing account's two retries (150 + 300 ms backoff) on a loaded machine: at load 9,
      // 1,500 ms ended them as a timeout too.
      timeoutMs: 4000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const evs = events(res.body);
    expect(evs[0].event).toBe('start');
    const done = evs.at(-1);
    expect(done).toMatchObject({ event: 'done', data: { ok: 3, failed: 3 } });
    const results = evs.filter((e) => e.event === 'result');
    // The merged search holds every successful supplier's hotels, one entry per property (the three
    // suppliers sell the same simulator hotels: decision 0480).
    expect(done?.data.cacheId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const names = new Set(results.flatMap((r) => r.data.response.items.map((i: { name: string }) => i.name)));
    expect(done?.data.itemsFound).toBe(names.size);
    expect(results.map((e) => e.data.supplier).sort()).toEqual(['hotelbeds', 'juniper', 'restel']);
    for (const r of results) expect(r.data.response.itemsFound).toBeGreaterThan(0);
    const failures = Object.fromEntries(evs.filter((e) => e.event === 'failure').map((e) => [e.data.accountId, e.data.code]));
    expect(failures[failing]).toBe('SUPPLIER_UNAVAILABLE');
    expect(failures[hanging]).toBe('SUPPLIER_TIMEOUT');
    expect(failures[accB]).toBe('NOT_FOUND');
    // Each result's cacheId pages without the supplier.
    const page = await call('GET', `/api/hotel/search/${results[0].data.response.cacheId}?limit=2`, admin);
    expect(page.statusCode).toBe(200);
  }, 30_000);

  it('validates the criteria before streaming', async () => {
    const res = await call('POST', '/api/hotel/search/stream', admin, {
      countryCode: 'CO',
      start,
      end,
      paxes: [{ adults: 2, children: [] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Destino es requerido');
  });
});
