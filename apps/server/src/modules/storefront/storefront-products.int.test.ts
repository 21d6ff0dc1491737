import { SANDBOX_SECRET, startSimulator } from '@travesia/supplier-sim';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { RecordingPaymentPort } from '../../../test/payment-double.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { exchangeRates, places, storefrontOrders, supplierDestinations, vouchers, whiteLabels } from '../../db/schema/index.js';

/**
 * A storefront selling tickets and transfers (issue 20 item 4, decision 0530) against the supplier simulator:
 * search at the agency's price plus the storefront markup without the agency's data, checkout with each
 * product's traveller fields, hold → payment → approved event (twice) → one voucher through the engine,
 * "mi reserva" and the confirmation e-mail.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const payments = new RecordingPaymentPort();
let admin: Record<string, string>;
let accountId = '';
let cartagena = '';
let airport = '';
let agencyId = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const billing = {
  name: 'Laura',
  surname: 'Gómez',
  email: 'Laura@Example.com',
  phone: '+573001234567',
  document: { type: 'CC', number: '1020304050' },
};
const LEAKS = ['breakdown', 'cost', 'markups', 'commission', 'supplier', 'supplierName', 'accountId', 'netPrice'];
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const orderRow = async (ref: string) => (await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.ref, ref)))[0];
const vouchersOf = (key: string) => t.database.db.select().from(vouchers).where(eq(vouchers.idempotencyKey, key));

/** The first mail to `to` containing `text`, waiting up to 5 s for it. */
async function mailTo(to: string, text: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = t.mail.messages.find((m) => m.to.includes(to) && m.raw.includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url, storefrontPayments: payments });
  const db = t.database.db;
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  const city = await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar);
  cartagena = city.id;
  // The city's centre is its GPS point; the airport is found by its IATA code.
  await db.update(places).set({ lat: 10.4236, lng: -75.5478 }).where(eq(places.id, cartagena));
  const [a] = await db
    .insert(places)
    .values({
      name: 'Aeropuerto Rafael Núñez',
      type: 'airport',
      iataCode: 'CTG',
      parentId: cartagena,
      path: [...city.path, cartagena],
      ancestorNames: [...city.names, city.name],
      countryCode: 'CO',
    })
    .returning({ id: places.id });
  airport = a.id;
  await db.insert(supplierDestinations).values([{ supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' }]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'tickets-hotelbeds', 'transfers-hotelbeds'] });
  agencyId = agency.id;
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  accountId = await createProviderAccount(t.app, admin, 'hotelbeds', {
    hotelsApiKey: 'hotels-sf',
    hotelsSecret: SANDBOX_SECRET,
    activitiesApiKey: 'activities-sf',
    activitiesSecret: SANDBOX_SECRET,
    transfersApiKey: 'transfers-sf',
    transfersSecret: SANDBOX_SECRET,
  });
  await db.insert(whiteLabels).values([
    {
      agencyId,
      name: 'Aventura Caribe',
      slug: 'aventura',
      status: 'active',
      products: ['tickets-hotelbeds', 'transfers-hotelbeds'],
      markupPercent: '10',
    },
    { agencyId, name: 'Solo hoteles', slug: 'solo-hoteles', status: 'active', products: ['hotels-hotelbeds'] },
    {
      agencyId,
      name: 'Caribe en pesos',
      slug: 'caribe-pesos',
      status: 'active',
      products: ['tickets-hotelbeds', 'transfers-hotelbeds'],
      markupPercent: '10',
      currency: 'COP',
    },
    {
      agencyId,
      name: 'Caribe en euros',
      slug: 'caribe-euros',
      status: 'active',
      products: ['tickets-hotelbeds', 'transfers-hotelbeds'],
      currency: 'EUR',
    },
  ]);
  await db.insert(exchangeRates).values([{ currency: 'COP', unitsPerUsd: COP_RATE, validFrom: new Date('2020-01-01T00:00:00Z') }]);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const COP_RATE = '3987.25';
/** A supplier cost in dollars as the pesos shop sells it: converted (no decimals), then its 10 %. */
function pesos(usd: string) {
  const converted = new Decimal(usd).mul(COP_RATE).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return converted.plus(converted.mul('0.10').toDecimalPlaces(0, Decimal.ROUND_HALF_UP));
}
const plus10 = (amount: string) => new Decimal(amount).mul('1.10').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

// ---------------------------------------------------------------- tickets

const ticketCriteria = () => ({ destination: cartagena, countryCode: 'CO', date: day(30), paxes: { adults: 2, children: [8] } });
const participants = [
  { name: 'Laura', surname: 'Gómez', age: 35 },
  { name: 'Pedro', surname: 'Gómez', age: 37 },
  { name: 'Sofía', surname: 'Gómez', age: 8 },
];

interface TicketQuoteView {
  price: { amount: string; currency: string };
  sessions: { code: string; languages?: string[] }[];
  languages: { code: string }[];
  questions: { code: string; required: boolean }[];
}

/** The session, language and answers a traveller would pick on the checkout page. */
function choicesOf(q: TicketQuoteView) {
  const session = q.sessions[0];
  const language = session?.languages?.[0] ?? q.languages[0]?.code;
  return {
    ...(session ? { session: session.code } : {}),
    ...(language ? { language } : {}),
    answers: q.questions.map((x) => ({ code: x.code, answer: `Respuesta ${x.code}` })),
  };
}

async function ticketOrder() {
  const s = await post('/api/storefront/aventura/tickets/search', ticketCriteria());
  expect(s.statusCode, s.body).toBe(200);
  const { cacheId, items } = s.json().response;
  const option = items[0];
  const q = await post('/api/storefront/aventura/tickets/quote', { cacheId, optionId: option.optionId });
  expect(q.statusCode, q.body).toBe(200);
  const quote = q.json().response as TicketQuoteView;
  const body = { cacheId, optionId: option.optionId, price: quote.price, participants, ...choicesOf(quote), billing };
  return { cacheId, option, quote, body };
}

describe('storefront tickets', () => {
  it("searches every ticket source at the agency's price plus the storefront markup, and shows only the traveller's price", async () => {
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/hotelbeds/avail',
      headers: admin,
      payload: { ...ticketCriteria(), provider_id: accountId },
    });
    expect(back.statusCode, back.body).toBe(200);
    const key = (o: { activity: { code: string }; modality: { code: string } }) => `${o.activity.code}|${o.modality.code}`;
    const agencyPrice = new Map<string, string>(
      back
        .json()
        .response.items.map((o: { activity: { code: string }; modality: { code: string }; price: { amount: string } }) => [
          key(o),
          o.price.amount,
        ]),
    );
    const shop = await post('/api/storefront/aventura/tickets/search', ticketCriteria());
    expect(shop.statusCode, shop.body).toBe(200);
    const page = shop.json().response;
    expect(page.itemsFound).toBeGreaterThan(0);
    for (const o of page.items) {
      const base = agencyPrice.get(key(o));
      expect(base, key(o)).toBeDefined();
      expect(o.price.amount).toBe(plus10(base as string));
    }
    for (const field of LEAKS) expect(shop.body).not.toContain(`"${field}"`);
    const again = await t.app.inject({ method: 'GET', url: `/api/storefront/aventura/tickets/search/${page.cacheId}?page=1&limit=2` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().response.items.length).toBeLessThanOrEqual(2);
    // Another storefront can't read it, and a shop that doesn't sell tickets says so in Spanish.
    const other = await t.app.inject({ method: 'GET', url: `/api/storefront/solo-hoteles/tickets/search/${page.cacheId}` });
    expect(other.statusCode).toBe(403);
    const notSold = await post('/api/storefront/solo-hoteles/tickets/search', ticketCriteria());
    expect(notSold.statusCode).toBe(403);
    expect(notSold.json().msg).toBe('Esta tienda no vende este producto');
  });

  it('asks at checkout for what the ticket needs, before any payment', async () => {
    const { body, quote } = await ticketOrder();
    const fewer = await post('/api/storefront/aventura/tickets/orders', { ...body, participants: participants.slice(0, 2) });
    expect(fewer.statusCode, fewer.body).toBe(400);
    if (quote.sessions.length) {
      const { session: _s, ...noSession } = body;
      const res = await post('/api/storefront/aventura/tickets/orders', noSession);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('session');
    }
    const changed = await post('/api/storefront/aventura/tickets/orders', { ...body, price: { ...body.price, amount: '1.00' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('PRICE_CHANGED');
    // A shop that does not sell tickets refuses to quote or order this one, in Spanish.
    for (const [path, payload] of [
      ['tickets/quote', { cacheId: body.cacheId, optionId: body.optionId }],
      ['tickets/orders', body],
    ] as const) {
      const res = await post(`/api/storefront/solo-hoteles/${path}`, payload);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().msg).toBe('Esta tienda no vende este producto');
    }
    expect(payments.checkouts.length).toBe(0);
  });

  it('holds, opens the payment and books once when the approved payment is told twice; mi reserva and the e-mail show the ticket', async () => {
    const { body, quote } = await ticketOrder();
    const res = await post('/api/storefront/aventura/tickets/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().response.orderRef);
    expect(row).toMatchObject({ kind: 'ticket', status: 'awaiting-payment', amount: quote.price.amount, currency: quote.price.currency });
    await Promise.all([payments.fire(row.id, 'approved'), payments.fire(row.id, 'approved')]);
    const booked = await orderRow(row.ref);
    expect(booked.status, booked.note ?? '').toBe('booked');
    const list = await vouchersOf(`sf-${row.id}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'ticket', status: 'confirmed', integrator: 'storefront:aventura', userId: null, agencyId });
    expect(list[0].companions).toHaveLength(3);
    expect((list[0].payments as { storefront: { amount: string }[] }).storefront[0].amount).toBe(row.amount);

    const mine = await t.app.inject({ method: 'GET', url: `/api/storefront/aventura/orders/${row.ref}?email=laura@example.com` });
    expect(mine.statusCode, mine.body).toBe(200);
    const view = mine.json().response;
    expect(view).toMatchObject({ kind: 'ticket', status: 'booked', hotel: null, transfer: null });
    expect(view.ticket).toMatchObject({ date: day(30), participants: { adults: 2, children: 1 } });
    expect(view.voucher.status).toBe('confirmed');
    for (const field of LEAKS) expect(mine.body).not.toContain(`"${field}"`);
    const mail = await mailTo('laura@example.com', row.ref);
    expect(mail.raw).toContain('Participantes');
  });
});

// ---------------------------------------------------------------- transfers

const transferCriteria = (over: Record<string, unknown> = {}) => ({
  from: airport,
  to: cartagena,
  outbound: { date: day(30), time: '10:30' },
  return: { date: day(34), time: '15:00' },
  adults: 2,
  childrenAges: [7],
  ...over,
});
const address = { name: 'Laura Gómez', address: 'Calle 5 # 2-10', town: 'Cartagena', zip: '130001', country: 'CO' };

async function transferQuote(over: Record<string, unknown> = {}) {
  const s = await post('/api/storefront/aventura/transfers/search', transferCriteria(over));
  expect(s.statusCode, s.body).toBe(200);
  const page = s.json().response;
  expect(page.itemsFound).toBeGreaterThan(0);
  const offer = page.items[0];
  const ref = {
    cacheId: page.cacheId,
    optionId: offer.optionId,
    ...(offer.returnOptionId ? { returnOptionId: offer.returnOptionId } : {}),
  };
  const q = await post('/api/storefront/aventura/transfers/quote', ref);
  expect(q.statusCode, q.body).toBe(200);
  return { page, offer, ref, quote: q.json().response };
}

describe('storefront transfers', () => {
  it('offers a round trip between an airport and a city as one service, at storefront prices, without the agency data', async () => {
    const { page, offer, quote } = await transferQuote();
    expect(page.roundTrip).toBe(true);
    expect(offer.returnOptionId).not.toBeNull();
    expect(offer.legs.map((l: { direction: string; from: string }) => [l.direction, l.from])).toEqual([
      ['outbound', 'Aeropuerto Rafael Núñez'],
      ['return', 'Cartagena de Indias'],
    ]);
    expect(quote.price).toEqual(offer.price);
    // From the airport: the flight number; back from the city's GPS point: the flight number and the pickup address.
    expect(quote.legs).toEqual([
      expect.objectContaining({ transportNumber: true, transportType: 'FLIGHT', pickupAddress: false }),
      expect.objectContaining({ transportNumber: true, pickupAddress: true }),
    ]);
    // The agency's own page of the same search would show its price; the storefront's is 10 % on top.
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/transfer/search/stream',
      headers: admin,
      payload: {
        from: { type: 'airport', code: 'CTG', name: 'Aeropuerto Rafael Núñez', placeId: airport },
        to: { type: 'address', latitude: 10.4236, longitude: -75.5478, name: 'Cartagena de Indias', placeId: cartagena },
        outbound: { date: day(30), time: '10:30' },
        adults: 2,
        childrenAges: [7],
        destination: cartagena,
      },
    });
    expect(back.statusCode, back.body).toBe(200);
    const done = back.body.split('\n\n').find((c) => c.startsWith('event: done')) as string;
    const backId = JSON.parse(done.split('\n')[1].replace('data: ', '')).cacheId;
    const backPage = (await t.app.inject({ method: 'GET', url: `/api/transfer/search/${backId}?limit=100`, headers: admin })).json()
      .response;
    const oneWay = (await post('/api/storefront/aventura/transfers/search', transferCriteria({ return: undefined }))).json().response;
    const agencyPrice = new Map<string, string>(
      backPage.items.map((o: { vehicle: string; category: string; transferType: string; price: { amount: string } }) => [
        `${o.transferType}|${o.vehicle}|${o.category}`,
        o.price.amount,
      ]),
    );
    for (const o of oneWay.items)
      expect(o.price.amount).toBe(plus10(agencyPrice.get(`${o.transferType}|${o.vehicle}|${o.category}`) as string));
    // Paging the storefront's own search: most expensive first, one per page; another shop can't read it.
    const paged = await t.app.inject({
      method: 'GET',
      url: `/api/storefront/aventura/transfers/search/${page.cacheId}?sort=-price&limit=1`,
    });
    expect(paged.statusCode, paged.body).toBe(200);
    const top = paged.json().response;
    expect(top).toMatchObject({ itemsFound: page.itemsFound, limit: 1, totalPages: page.itemsFound, roundTrip: true });
    const prices = page.items.map((o: { price: { amount: string } }) => Number(o.price.amount));
    if (page.itemsFound <= page.limit) expect(Number(top.items[0].price.amount)).toBe(Math.max(...prices));
    const foreign = await t.app.inject({ method: 'GET', url: `/api/storefront/solo-hoteles/transfers/search/${page.cacheId}` });
    expect(foreign.statusCode).toBe(403);
    const body = JSON.stringify(page) + JSON.stringify(quote);
    for (const field of LEAKS) expect(body).not.toContain(`"${field}"`);

    const notSold = await post('/api/storefront/solo-hoteles/transfers/search', transferCriteria());
    expect(notSold.statusCode).toBe(403);
    const noPoint = await post(
      '/api/storefront/aventura/transfers/search',
      transferCriteria({ to: (await insertPlace(t.database, 'Sin coordenadas', 'city', null)).id }),
    );
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().msg).toContain('no sirve como punto de traslado');
  });

  it('asks for each leg’s flight number and the pickup address before any payment', async () => {
    const { ref, quote } = await transferQuote();
    const base = { ...ref, price: quote.price, billing, welcomeSign: 'LAURA GOMEZ' };
    const noFlight = await post('/api/storefront/aventura/transfers/orders', {
      ...base,
      legs: [{}, { transport: { type: 'FLIGHT', code: 'AV9541' }, pickupAddress: address }],
    });
    expect(noFlight.statusCode, noFlight.body).toBe(400);
    expect(noFlight.json().msg).toBe('Falta el número de vuelo, crucero o tren del tramo de ida');
    const noAddress = await post('/api/storefront/aventura/transfers/orders', {
      ...base,
      legs: [{ transport: { type: 'FLIGHT', code: 'AV9540' } }, { transport: { type: 'FLIGHT', code: 'AV9541' } }],
    });
    expect(noAddress.statusCode, noAddress.body).toBe(400);
    expect(noAddress.json().code).toBe('ADDRESS_REQUIRED');
    const badPhone = await post('/api/storefront/aventura/transfers/orders', {
      ...base,
      billing: { ...billing, phone: '3001234567' },
      legs: [{ transport: { type: 'FLIGHT', code: 'AV9540' } }, { transport: { type: 'FLIGHT', code: 'AV9541' }, pickupAddress: address }],
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('formato internacional');
    // A shop that does not sell transfers refuses to quote or order this one, in Spanish, before any payment.
    const checkoutsBefore = payments.checkouts.length;
    for (const [path, payload] of [
      ['transfers/quote', ref],
      [
        'transfers/orders',
        {
          ...base,
          legs: [
            { transport: { type: 'FLIGHT', code: 'AV9540' } },
            { transport: { type: 'FLIGHT', code: 'AV9541' }, pickupAddress: address },
          ],
        },
      ],
    ] as const) {
      const res = await post(`/api/storefront/solo-hoteles/${path}`, payload);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().msg).toBe('Esta tienda no vende este producto');
    }
    expect(payments.checkouts.length).toBe(checkoutsBefore);
  });

  it('books both legs once under one voucher when the approved payment is told twice; mi reserva and the e-mail show the transfer', async () => {
    const { ref, quote } = await transferQuote();
    const res = await post('/api/storefront/aventura/transfers/orders', {
      ...ref,
      price: quote.price,
      billing,
      welcomeSign: 'LAURA GOMEZ',
      legs: [
        { transport: { type: 'FLIGHT', code: 'AV9540', companyName: 'Avianca' } },
        { transport: { type: 'FLIGHT', code: 'AV9541', companyName: 'Avianca' }, pickupAddress: address },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().response.orderRef);
    expect(row).toMatchObject({ kind: 'transfer', amount: quote.price.amount, travellers: [] });
    expect(row.option.legs).toHaveLength(2);
    await Promise.all([payments.fire(row.id, 'approved'), payments.fire(row.id, 'approved')]);
    const booked = await orderRow(row.ref);
    expect(booked.status, booked.note ?? '').toBe('booked');
    const list = await vouchersOf(`sf-${row.id}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'transfer', status: 'confirmed', integrator: 'storefront:aventura', userId: null, agencyId });
    expect(list[0].client).toMatchObject({ email: 'Laura@Example.com', phones: ['+573001234567'] });
    expect((list[0].payments as { storefront: { status: string }[] }).storefront[0].status).toBe('approved');

    const mine = await t.app.inject({ method: 'GET', url: `/api/storefront/aventura/orders/${row.ref}?email=laura@example.com` });
    expect(mine.statusCode, mine.body).toBe(200);
    const view = mine.json().response;
    expect(view).toMatchObject({ kind: 'transfer', status: 'booked', hotel: null, ticket: null });
    expect(view.transfer.passengers).toBe(3);
    expect(view.transfer.legs.map((l: { transportNumber: string }) => l.transportNumber)).toEqual(['AV9540', 'AV9541']);
    const mail = await mailTo('laura@example.com', row.ref);
    expect(mail.raw).toContain('AV9541');
  });

  it('books a one-way transfer paid within the hold but told after it at the same price, quoting it again first', async () => {
    const { ref, quote } = await transferQuote({ return: undefined });
    const res = await post('/api/storefront/aventura/transfers/orders', {
      ...ref,
      price: quote.price,
      billing,
      legs: [{ transport: { type: 'FLIGHT', code: 'AV9540' } }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().response.orderRef);
    await t.database.db
      .update(storefrontOrders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(storefrontOrders.id, row.id));
    await payments.fire(row.id, 'approved', { occurredAt: new Date(Date.now() - 120_000) });
    const after = await orderRow(row.ref);
    expect(after.status, after.note ?? '').toBe('booked');
    expect(after.option.quoteId).not.toBe(row.option.quoteId);
    expect(await vouchersOf(`sf-${row.id}`)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- display currency

describe('tickets and transfers in the display currency (decision 0560)', () => {
  it('prices, holds and charges a ticket and a transfer in pesos, each order keeping the supplier cost and the rate', async () => {
    const expectPesos = async (ref: string, price: { amount: string; currency: string }) => {
      const row = await orderRow(ref);
      expect(row.currency).toBe('COP');
      expect(new Decimal(row.amount).eq(price.amount)).toBe(true);
      const parts = row.exchange?.parts ?? [];
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatchObject({ costCurrency: 'USD', rate: COP_RATE });
      // Each part converted and marked up on its own (a round trip's legs), summed.
      expect(parts.reduce((sum, p) => sum.plus(pesos(p.cost)), new Decimal(0)).toFixed(0)).toBe(price.amount);
      expect(payments.checkoutOf(row.id)).toMatchObject({ amount: price.amount, currency: 'COP' });
    };

    const tickets = await post('/api/storefront/caribe-pesos/tickets/search', ticketCriteria());
    expect(tickets.statusCode, tickets.body).toBe(200);
    const ticket = tickets.json().response.items[0];
    expect([ticket.price.currency, ticket.pricePerAdult.currency]).toEqual(['COP', 'COP']);
    expect(ticket.price.amount).toMatch(/^\d+$/);
    const tq = await post('/api/storefront/caribe-pesos/tickets/quote', {
      cacheId: tickets.json().response.cacheId,
      optionId: ticket.optionId,
    });
    expect(tq.statusCode, tq.body).toBe(200);
    const quote = tq.json().response as TicketQuoteView;
    expect(quote.price).toEqual(ticket.price);
    const ticketRes = await post('/api/storefront/caribe-pesos/tickets/orders', {
      cacheId: tickets.json().response.cacheId,
      optionId: ticket.optionId,
      price: quote.price,
      participants,
      ...choicesOf(quote),
      billing,
    });
    expect(ticketRes.statusCode, ticketRes.body).toBe(201);
    await expectPesos(ticketRes.json().response.orderRef, quote.price);

    const transfers = await post('/api/storefront/caribe-pesos/transfers/search', transferCriteria());
    expect(transfers.statusCode, transfers.body).toBe(200);
    const offer = transfers.json().response.items[0];
    expect(offer.price.currency).toBe('COP');
    const ref = { cacheId: transfers.json().response.cacheId, optionId: offer.optionId, returnOptionId: offer.returnOptionId };
    const q = await post('/api/storefront/caribe-pesos/transfers/quote', ref);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().response.price).toEqual(offer.price);
    const transferRes = await post('/api/storefront/caribe-pesos/transfers/orders', {
      ...ref,
      price: offer.price,
      billing,
      legs: [{ transport: { type: 'FLIGHT', code: 'AV9540' } }, { transport: { type: 'FLIGHT', code: 'AV9541' }, pickupAddress: address }],
    });
    expect(transferRes.statusCode, transferRes.body).toBe(201);
    await expectPesos(transferRes.json().response.orderRef, offer.price);
    for (const body of [tickets.body, tq.body, transfers.body, q.body]) for (const field of LEAKS) expect(body).not.toContain(`"${field}"`);
  });

  it('answers a Spanish 422 for tickets and transfers in a display currency without a rate', async () => {
    for (const [url, body] of [
      ['/api/storefront/caribe-euros/tickets/search', ticketCriteria()],
      ['/api/storefront/caribe-euros/transfers/search', transferCriteria()],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().msg).toBe('Por ahora no podemos mostrar precios en EUR: falta la tasa de cambio. Inténtalo más tarde.');
    }
  });
});
