import { cancellationTerms, type TermsRule } from '@travesia/contracts';
import { startSimulator } from '@travesia/supplier-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { hotelReserveBody, hotelSearchBody, hotelSearchUrl } from '../../../../test/hotel-reserve.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { supplierDestinations } from '../../../db/schema/index.js';

/**
 * Issue 15 (decision 0400), supplier hotels: with a markup on top of the supplier's net, the terms the
 * reserve step shows before booking (`cancellationTerms` over the quote's policy and the agent's price)
 * are the penalty the cancel quote answers right after booking, in the agent's price and currency.
 * A stay starting tomorrow: the simulator's refundable rates already charge one night.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let superH: Record<string, string>;
const acc: Record<string, string> = {};
let cartagena = '';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const call = (method: 'POST', url: string, headers: Record<string, string>, payload: unknown = {}) =>
  t.app.inject({ method, url, headers, payload: payload as object });

interface Option {
  optionId: string;
  /** The supplier's flag (the policy below is already the agent's). */
  refundable: boolean;
  cancellation: { refundable: boolean; rules: TermsRule[] };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-restel'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  superH = await loginAs(t.app, (await makeUser(t.database, 'super', null)).email);
  const markup = await call('POST', '/api/markup', superH, { name: 'Hoteles 27%', productKind: 'hotel', kind: 'percentage', value: '27' });
  expect(markup.statusCode, markup.body).toBe(201);
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'terms-hotels', hotelsSecret: 'sandbox' });
  acc.restel = await createProviderAccount(t.app, admin, 'restel', {
    codigousu: 'TERMS',
    clausu: 'sandbox',
    afiliacio: 'RS',
    secacc: 'sandbox',
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('supplier hotels: the terms shown before booking are the penalty quoted after it', () => {
  for (const supplier of ['hotelbeds', 'restel'] as const) {
    for (const refundable of [true, false]) {
      it(`${supplier}, ${refundable ? 'refundable' : 'non-refundable'} rate`, async () => {
        const s = await call('POST', hotelSearchUrl(supplier), admin, hotelSearchBody(acc[supplier], cartagena, day(1), day(3)));
        expect(s.statusCode, s.body).toBe(200);
        const { cacheId, items } = s.json().response as { cacheId: string; items: { options: Option[] }[] };
        // The simulator's non-refundable rates: not refundable, with one rule (the whole price from today)
        // or none yet; refundable ones charge a night first (Hotelbeds: a step before the whole price).
        const nonRefundable = (o: Option) =>
          !o.refundable && o.cancellation.rules.length <= 1 && o.cancellation.rules[0]?.nights === undefined;
        const option = items.flatMap((i) => i.options).find((o) => nonRefundable(o) !== refundable);
        expect(option, 'an option of that kind in the simulator').toBeDefined();
        const q = await call('POST', '/api/hotel/quote', admin, { cacheId, optionId: option?.optionId });
        expect(q.statusCode, q.body).toBe(200);
        const quote = q.json().response;
        const shown = cancellationTerms({
          refundable: quote.cancellation.refundable,
          rules: quote.cancellation.rules,
          price: quote.price,
          nights: 2,
          now: new Date(),
          timeZone: 'America/Bogota',
        });
        // A non-refundable rate costs the whole price now: the comparison is not between two zeros. (A
        // refundable one already charges a night or is still free, depending on the hour at the destination.)
        if (!refundable) expect(shown.penaltyNow.amount).toBe(quote.price.amount);
        const res = await call(
          'POST',
          '/api/voucher',
          { ...admin, 'idempotency-key': `terms-${supplier}-${refundable}` },
          hotelReserveBody(quote, supplier),
        );
        expect(res.statusCode, res.body).toBe(201);
        const voucher = res.json().response;
        expect(voucher.status).toBe('confirmed');
        const cq = await call('POST', `/api/voucher/${voucher._id}/cancel-quote`, admin);
        expect(cq.statusCode, cq.body).toBe(200);
        const { penalty } = cq.json() as { penalty: { amount: string; currency: string } };
        expect({ amount: penalty.amount, currency: penalty.currency }).toEqual(shown.penaltyNow);
      });
    }
  }
});
