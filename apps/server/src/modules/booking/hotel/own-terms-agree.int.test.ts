import { cancellationTerms, type TermsRule } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../../test/factories.js';
import { ownHotelQuote, reserveOwnHotel } from '../../../../test/own-hotels.js';
import { placeAdder } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

/**
 * Issue 15 (decision 0400): for an own hotel sold with a markup, the terms the reserve step shows before
 * booking (contracts' `cancellationTerms` over the quote's policy and price) are the penalty the cancel
 * quote answers right after booking: same amount, same currency, same price basis (the agent's price).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const ids: Record<string, string> = {};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

type Penalty = { penalty: { amount: string; currency: string } };
interface QuoteTerms {
  quoteId: string;
  price: { amount: string; currency: string };
  rooms: { adults: number; childrenAges: number[] }[];
  cancellation: { refundable: boolean; rules: TermsRule[] };
  checkIn: string;
  checkOut: string;
}

async function addHotel(name: string, penalty: { type: 'nights' | 'percent' | 'amount'; value: string }) {
  const res = await inject('POST', '/api/product/hotel', w.headers.loader, {
    name,
    placeId: ids.ctg,
    address: 'Calle del Arsenal 10',
    stars: 4,
    category: 'moderate',
    currency: 'USD',
    boards: ['RO'],
    amenities: [],
    // A penalty from 30 days before arrival: a stay within a week is charged now.
    policy: { nonRefundable: false, rules: [{ before: 30, unit: 'days', penalty }], noShow: null },
    roomTypes: [{ name: 'Doble', maxAdults: 3, maxChildren: 0, childAgeLimit: 11, beds: '1 cama doble' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const roomTypeId = res.json().roomTypes[0]._id;
  const bulk = await inject('POST', '/api/product/hotel/avail/bulk', w.headers.loader, {
    roomTypeId,
    from: day(1),
    to: day(20),
    allotment: 5,
    price1: '100',
    price2: '120',
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const add = placeAdder(t.app, w.headers.super, ids);
  await add('co', { name: 'Colombia', type: 'country', countryCode: 'CO' });
  await add('bol', { name: 'Bolívar', type: 'state' }, 'co');
  await add('ctg', { name: 'Cartagena', type: 'city' }, 'bol');
  // The agent's price is not our net: a platform markup on hotels.
  const markup = await inject('POST', '/api/markup', w.headers.super, {
    name: 'Hoteles 27%',
    productKind: 'hotel',
    kind: 'percentage',
    value: '27',
  });
  expect(markup.statusCode, markup.body).toBe(201);
  await addHotel('Hotel Noche Penalidad', { type: 'nights', value: '1' });
  await addHotel('Hotel Porcentaje Penalidad', { type: 'percent', value: '35' });
  await addHotel('Hotel Monto Penalidad', { type: 'amount', value: '50' });
}, 60_000);
afterAll(() => t?.close());

describe('own hotel: the terms shown before booking are the penalty quoted after it', () => {
  for (const kind of ['nights', 'percent', 'amount'] as const) {
    it(`a penalty in ${kind}`, async () => {
      const quote = (await ownHotelQuote(
        t.app,
        w.headers.adviser,
        { destination: ids.ctg, start: day(5), end: day(7), paxes: [{ adults: 2, children: [] }] },
        (o) => kind in ((o.cancellation as { rules: TermsRule[] }).rules[0] ?? {}),
      )) as unknown as QuoteTerms;
      const nights = 2;
      // The price the agent sees carries the markup (our net is 240.00).
      expect(Number(quote.price.amount)).toBeGreaterThan(240);
      const shown = cancellationTerms({
        refundable: quote.cancellation.refundable,
        rules: quote.cancellation.rules,
        price: quote.price,
        nights,
        now: new Date(),
        timeZone: 'America/Bogota',
      });
      expect(shown.status).toBe('penalty');
      const res = await reserveOwnHotel(t.app, w.headers.adviser, quote, `terms-${kind}`);
      expect(res.statusCode, res.body).toBe(201);
      const voucher = res.json().response;
      expect(voucher.status).toBe('confirmed');
      const q = await inject('POST', `/api/voucher/${voucher._id}/cancel-quote`, w.headers.admin, {});
      expect(q.statusCode, q.body).toBe(200);
      const { penalty } = q.json() as Penalty;
      expect({ amount: penalty.amount, currency: penalty.currency }).toEqual(shown.penaltyNow);
      // The cancellation records what was quoted.
      const cancel = await inject('POST', `/api/voucher/${voucher._id}/cancel`, w.headers.admin, {});
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().response?.penalty?.amount ?? cancel.json().penalty?.amount).toBe(shown.penaltyNow.amount);
    });
  }
});
