import { OWN_INVENTORY_ACCOUNT_ID } from '@travesia/contracts';
import { SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierDestinations, ticketCapacity, ticketProducts, vouchers } from '../../../db/schema/index.js';

/**
 * Tickets end to end on the booking engine (issue 17 / issue 13 item 2): own tickets, Hotelbeds
 * activities and Juniper tickets searched together, re-quoted, reserved once per key, a lost answer
 * recovered, cancelled with the penalty first, and the last places of an own session sold exactly once.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let other: Record<string, string>;
const acc: Record<string, string> = {};
let cartagena = '';
let ownTicket = '';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const DAY = inDays(30);
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const criteria = (over: Record<string, unknown> = {}) => ({
  destination: cartagena,
  countryCode: 'CO',
  date: DAY,
  paxes: { adults: 2, children: [8] },
  ...over,
});
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const [ev, data] = chunk.split('\n');
      return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
    });

interface Quote {
  quoteId: string;
  price: { amount: string; currency: string };
  priceChanged: boolean;
  sessions: { code: string }[];
  languages: { code: string }[];
  questions: { code: string; required: boolean }[];
}
const participants = [
  { name: 'Ana', surname: 'Pérez', age: 40 },
  { name: 'Luis', surname: 'Pérez', age: 42 },
  { name: 'Leo', surname: 'Pérez', age: 8 },
];
const reserveBody = (q: Quote, over: Record<string, unknown> = {}) => ({
  type: 'ticket',
  client: holder,
  companions: participants,
  price: { gross: q.price.amount, currency: q.price.currency },
  bookingCodes: { quoteId: q.quoteId },
  ...(q.sessions.length ? { session: q.sessions[0].code } : {}),
  ...(q.languages.length ? { language: q.languages[0].code } : {}),
  answers: q.questions.map((x) => ({ code: x.code, answer: `Respuesta ${x.code}` })),
  ...over,
});

/** A search of one provider, and the quote of its first option. */
async function quoteFirst(
  provider: 'travesia' | 'hotelbeds' | 'juniper',
  opts: { scenario?: string; headers?: Record<string, string> } = {},
) {
  const headers = opts.headers ?? admin;
  const s = await call('POST', `/api/ticket/${provider}/avail`, headers, {
    ...criteria(),
    ...(provider === 'travesia' ? {} : { provider_id: acc[provider] }),
  });
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  expect(items.length).toBeGreaterThan(0);
  const q = await call('POST', '/api/ticket/quote', opts.scenario ? { ...headers, 'x-sim-scenario': opts.scenario } : headers, {
    cacheId,
    optionId: items[0].optionId,
  });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response as Quote;
}

const placesLeft = async (session: string) => {
  const [row] = await t.database.db
    .select({ c: ticketCapacity.capacity })
    .from(ticketCapacity)
    .where(and(eq(ticketCapacity.ticketId, ownTicket), eq(ticketCapacity.day, DAY), eq(ticketCapacity.session, session)));
  return row.c;
};

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp(
    {},
    { simulatorUrl: sim.url, bookingOptions: { recoveryGraceMs: 0, recoveryRetryMs: 0, recoveryWindowMs: 60_000 } },
  );
  const db = t.database.db;
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'juniper', placeId: cartagena, code: '49000' },
  ]);
  const [ticket] = await db
    .insert(ticketProducts)
    .values({
      name: 'Tour en chiva por Cartagena',
      placeId: cartagena,
      price: '40',
      childPrice: '25',
      maxPeople: 60,
      startHour: '09:00',
      endHour: '12:00',
      sessions: ['09:00', '15:00'],
      policy: { nonRefundable: false, rules: [{ before: 2, unit: 'days', penalty: { type: 'percent', value: '50' } }], noShow: null },
    })
    .returning({ id: ticketProducts.id });
  ownTicket = ticket.id;
  await db.insert(ticketCapacity).values([
    { ticketId: ownTicket, day: DAY, session: '09:00', capacity: 20 },
    { ticketId: ownTicket, day: DAY, session: '15:00', capacity: 30 },
  ]);
  const agency = await makeAgency(t.database, { modules: ['tickets-travesia', 'tickets-hotelbeds', 'tickets-juniper'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  const hotelsOnly = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  other = await loginAs(t.app, (await makeUser(t.database, 'agency', hotelsOnly.id)).email);
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', {
    hotelsApiKey: 'hotels-tk',
    hotelsSecret: SANDBOX_SECRET,
    activitiesApiKey: 'activities-tk',
    activitiesSecret: SANDBOX_SECRET,
  });
  acc.juniper = await createProviderAccount(t.app, admin, 'juniper', { email: 'tickets@demo.com', password: 'sandbox' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('ticket search', () => {
  it('validates the criteria with Spanish messages (spec §5)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: undefined }, 'Dia estimado de la actividad es requerido'],
      [{ date: inDays(-2) }, 'La fecha de la actividad no puede ser anterior a hoy'],
      [{ dateTo: inDays(29) }, 'La fecha final debe ser igual o posterior al día de la actividad'],
      [{ dateTo: inDays(70) }, 'El rango de fechas no puede superar 31 días'],
      [{ countryCode: undefined }, 'Nacionalidad es requerida'],
      [{ paxes: { adults: 1, children: [18] } }, 'La edad de cada niño debe estar entre 0 y 17 años'],
    ];
    for (const [over, msg] of cases) {
      const res = await call('POST', '/api/ticket/travesia/avail', admin, criteria(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const disabled = await call('POST', '/api/ticket/travesia/avail', other, criteria());
    expect(disabled.statusCode).toBe(403);
  });

  it('streams every ticket source with a progress row each, then pages, filters and sorts the merged cache', async () => {
    const res = await call('POST', '/api/ticket/search/stream/simulate', admin, criteria());
    expect(res.statusCode, res.body).toBe(200);
    const evs = events(res.body);
    expect(evs[0].event).toBe('start');
    expect(evs[0].data.suppliers.map((s: { supplier: string }) => s.supplier).sort()).toEqual(['hotelbeds', 'juniper', 'travesia']);
    const results = evs.filter((e) => e.event === 'result');
    expect(results).toHaveLength(3);
    const own = results.find((r) => r.data.accountId === OWN_INVENTORY_ACCOUNT_ID);
    expect(own?.data.response.items[0]).toMatchObject({
      supplier: 'travesia',
      activity: { code: ownTicket, name: 'Tour en chiva por Cartagena' },
      price: { amount: '105.00', currency: 'USD' },
      pricePerAdult: { amount: '40.00' },
      durationHours: 3,
      freeCancellation: true,
    });
    const done = evs.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ ok: 3, failed: 0 });
    const all = await call('GET', `/api/ticket/search/${done?.data.cacheId}?limit=100`, admin);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().response;
    expect(page.itemsFound).toBe(done?.data.itemsFound);
    expect(page.facets.suppliers.sort()).toEqual(['hotelbeds', 'juniper', 'travesia']);
    const usd = page.items.map((i: { price: { amount: string } }) => Number(i.price.amount));
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
    const onlyOwn = await call('GET', `/api/ticket/search/${done?.data.cacheId}?supplier=travesia`, admin);
    expect(onlyOwn.json().response.items.map((i: { supplier: string }) => i.supplier)).toEqual(['travesia']);
    // Categories (Hotelbeds content segmentation) with their counts, and the filter on one of them.
    const cats: { name: string; count: number }[] = page.facets.categories;
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['Museos', 'Gastronomía', 'Visitas guiadas']));
    const museums = page.items.filter((i: { category: string | null }) => i.category === 'Museos').length;
    expect(cats.find((c) => c.name === 'Museos')?.count).toBe(museums);
    const byCategory = await call(
      'GET',
      `/api/ticket/search/${done?.data.cacheId}?category=${encodeURIComponent('Museos')}&limit=100`,
      admin,
    );
    expect(byCategory.json().response.itemsFound).toBe(museums);
    expect(new Set(byCategory.json().response.items.map((i: { category: string }) => i.category))).toEqual(new Set(['Museos']));
    const morning = await call('GET', `/api/ticket/search/${done?.data.cacheId}?timeOfDay=evening&supplier=travesia`, admin);
    expect(morning.json().response.itemsFound).toBe(0);
    // Another seller cannot read the cache.
    expect((await call('GET', `/api/ticket/search/${done?.data.cacheId}`, other)).statusCode).toBe(404);
  });
});

describe('ticket quote and reserve', () => {
  it('a changed price at re-quote must be accepted: the old price is a 409', async () => {
    const q = await quoteFirst('hotelbeds', { scenario: 'price-change:quote' });
    expect(q.priceChanged).toBe(true);
    const res = await call(
      'POST',
      '/api/ticket/reserve',
      admin,
      reserveBody(q, { price: { gross: '1.00', currency: q.price.currency }, idempotencyKey: 'tk-price-1' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRICE_CHANGED');
  });

  it('an own ticket: 201 confirmed, the same key 200, another quote with that key 409; places taken once', async () => {
    const q = await quoteFirst('travesia');
    const missing = await call('POST', '/api/ticket/reserve', admin, reserveBody(q, { session: undefined, idempotencyKey: 'tk-own-0' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Elige la sesión (hora de inicio) de la actividad');
    const body = reserveBody(q, { idempotencyKey: 'tk-own-1' });
    const first = await call('POST', '/api/ticket/reserve', admin, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().response).toMatchObject({
      status: 'confirmed',
      provider: 'travesia',
      type: 'ticket',
      providerAccountId: OWN_INVENTORY_ACCOUNT_ID,
    });
    // The voucher's ticket section: activity, day, session and the named participants.
    expect(first.json().response.section).toMatchObject({
      kind: 'ticket',
      activity: 'Tour en chiva por Cartagena',
      date: DAY,
      session: '09:00',
      destination: 'Cartagena de Indias',
      participants: { adults: 2, children: 1, childrenAges: [8], names: ['Ana Pérez', 'Luis Pérez', 'Leo Pérez'] },
    });
    expect(await placesLeft('09:00')).toBe(17);
    const again = await call('POST', '/api/ticket/reserve', admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().response._id).toBe(first.json().response._id);
    const q2 = await quoteFirst('travesia');
    const reused = await call('POST', '/api/ticket/reserve', admin, reserveBody(q2, { idempotencyKey: 'tk-own-1' }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await placesLeft('09:00')).toBe(17);

    // Cancelled through the voucher routes: the own policy's penalty first, then the places go back.
    const id = first.json().response._id;
    const penalty = await call('POST', `/api/voucher/${id}/cancel-quote`, admin, {});
    expect(penalty.statusCode, penalty.body).toBe(200);
    expect(penalty.json()).toMatchObject({ source: 'supplier', penalty: { amount: '0.00' } });
    expect((await call('POST', `/api/voucher/${id}/cancel`, admin, {})).statusCode).toBe(200);
    expect(await placesLeft('09:00')).toBe(20);
  });

  it('a Juniper ticket is booked with the booking rules it quoted', async () => {
    const q = await quoteFirst('juniper');
    const res = await call('POST', '/api/ticket/reserve', admin, reserveBody(q, { idempotencyKey: 'tk-juniper-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().response).toMatchObject({ status: 'confirmed', provider: 'juniper' });
  });

  it('a lost answer from Hotelbeds is left pending and the recovery worker settles it', async () => {
    const q = await quoteFirst('hotelbeds');
    const res = await call(
      'POST',
      '/api/ticket/reserve',
      { ...admin, 'x-sim-scenario': 'lost-reply:book' },
      reserveBody(q, { idempotencyKey: 'tk-lost-1' }),
    );
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().response._id;
    expect(res.json().response.status).toBe('pending-provider');
    await t.app.services.booking.recoverDue();
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('confirmed');
    expect(row.locator).toBeTruthy();
  });

  it('a Hotelbeds activity is cancelled with the penalty shown first', async () => {
    const q = await quoteFirst('hotelbeds');
    const res = await call('POST', '/api/ticket/reserve', admin, reserveBody(q, { idempotencyKey: 'tk-hb-cancel' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().response._id;
    const quote = await call('POST', `/api/voucher/${id}/cancel-quote`, admin, {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ source: 'supplier', cancellable: true });
    expect(quote.json().penalty.amount).toMatch(/^\d+\.\d{2}$/);
    const cancel = await call('POST', `/api/voucher/${id}/cancel`, admin, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
    expect(row.status).toBe('cancelled');
  });

  it('50 concurrent bookings for the last 10 places of an own session: exactly 10', async () => {
    await t.database.db
      .update(ticketCapacity)
      .set({ capacity: 10 })
      .where(and(eq(ticketCapacity.ticketId, ownTicket), eq(ticketCapacity.day, DAY), eq(ticketCapacity.session, '15:00')));
    const solo = { ...criteria(), paxes: { adults: 1, children: [] } };
    const s = await call('POST', '/api/ticket/travesia/avail', admin, solo);
    const { cacheId, items } = s.json().response;
    const quotes = await Promise.all(
      Array.from(
        { length: 50 },
        async () => (await call('POST', '/api/ticket/quote', admin, { cacheId, optionId: items[0].optionId })).json().response as Quote,
      ),
    );
    const answers = await Promise.all(
      quotes.map((q, i) =>
        call('POST', '/api/ticket/reserve', admin, {
          ...reserveBody(q),
          companions: [participants[0]],
          session: '15:00',
          idempotencyKey: `tk-race-${i}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('SUPPLIER_NOT_AVAILABLE');
    expect(await placesLeft('15:00')).toBe(0);
  }, 120_000);
});

describe('own ticket check-in (the voucher QR, decision 0360)', () => {
  it('checks an own ticket in once; a second check-in, another agency, a supplier ticket and a cancelled one are refused', async () => {
    const q = await quoteFirst('travesia');
    const res = await call('POST', '/api/ticket/reserve', admin, reserveBody(q, { idempotencyKey: 'tk-checkin-1' }));
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json().response.externalBookingReference as string;

    const missing = await call('POST', '/api/ticket/check-in', admin, { code: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Escribe o escanea el código de la entrada');
    const unknown = await call('POST', '/api/ticket/check-in', admin, { code: 'NO-EXISTE-123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('No hay ninguna entrada con ese código');
    // Another agency's user cannot see (nor redeem) it.
    const foreign = await call('POST', '/api/ticket/check-in', other, { code });
    expect(foreign.statusCode).toBe(404);

    // Two scans at the same time: exactly one checks it in; the other is told who and when.
    const both = await Promise.all([1, 2].map(() => call('POST', '/api/ticket/check-in', admin, { code: ` ${code} ` })));
    const ok = both.filter((a) => a.statusCode === 200);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(ok[0].json()).toMatchObject({
      success: true,
      msg: 'Entrada validada',
      response: {
        reference: code,
        activity: 'Tour en chiva por Cartagena',
        date: DAY,
        session: '09:00',
        holder: 'Ana Pérez',
        participants: ['Ana Pérez', 'Luis Pérez', 'Leo Pérez'],
      },
    });
    expect(ok[0].json().response.checkedInBy).toBeTruthy();
    const second = await call('POST', '/api/ticket/check-in', admin, { code });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_CHECKED_IN');
    expect(second.json().msg).toMatch(/^Esta entrada ya fue validada el \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} por .+/);
    expect(second.json().msg).toContain(ok[0].json().response.checkedInBy);

    // A supplier's ticket is redeemed with the supplier's own voucher.
    const hb = await quoteFirst('hotelbeds');
    const supplierTicket = await call('POST', '/api/ticket/reserve', admin, reserveBody(hb, { idempotencyKey: 'tk-checkin-hb' }));
    expect(supplierTicket.statusCode, supplierTicket.body).toBe(201);
    const notOwn = await call('POST', '/api/ticket/check-in', admin, { code: supplierTicket.json().response.externalBookingReference });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().code).toBe('NOT_OWN_TICKET');

    // A cancelled own ticket is not checked in.
    const q2 = await quoteFirst('travesia');
    const other2 = await call('POST', '/api/ticket/reserve', admin, reserveBody(q2, { idempotencyKey: 'tk-checkin-2' }));
    expect(other2.statusCode, other2.body).toBe(201);
    expect((await call('POST', `/api/voucher/${other2.json().response._id}/cancel`, admin, {})).statusCode).toBe(200);
    const cancelled = await call('POST', '/api/ticket/check-in', admin, { code: other2.json().response.externalBookingReference });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().msg).toBe('La entrada está cancelada: no se puede validar');
  });

  it("a Hotelbeds activity's own voucher and contact line reach the voucher's ticket section", async () => {
    const s = await call('POST', '/api/ticket/hotelbeds/avail', admin, { ...criteria(), provider_id: acc.hotelbeds });
    expect(s.statusCode, s.body).toBe(200);
    const { cacheId, items } = s.json().response as { cacheId: string; items: { optionId: string }[] };
    // The simulator's providers issue their own voucher for one activity in four (documented `vouchers`).
    let documents: { url: string; format?: string; language?: string }[] | undefined;
    for (const [i, item] of items.slice(0, 8).entries()) {
      const q = await call('POST', '/api/ticket/quote', admin, { cacheId, optionId: item.optionId });
      expect(q.statusCode, q.body).toBe(200);
      const res = await call('POST', '/api/ticket/reserve', admin, reserveBody(q.json().response, { idempotencyKey: `tk-docs-${i}` }));
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, res.json().response._id));
      const section = row.product.section as { emergencyContact?: { phone?: string; name?: string }; supplierDocuments?: typeof documents };
      expect(section.emergencyContact).toMatchObject({ phone: '+5756600000', name: 'Proveedor local (sim)' });
      if (section.supplierDocuments) {
        documents = section.supplierDocuments;
        break;
      }
    }
    expect(documents).toEqual([
      expect.objectContaining({ format: 'PDF', language: 'es', url: expect.stringMatching(/\.pdf$/) }),
      expect.objectContaining({ format: 'HTML', language: 'es', url: expect.stringMatching(/\.html$/) }),
    ]);
  });
});
