import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency, makeUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { agencyPricingSettings, exchangeRates, markupRules } from '../../db/schema/index.js';
import { seedPricing } from '../../db/seed/demo-pricing.js';
import { price } from '../../pricing/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PricingService (the booking flow entry)', () => {
  it('loads rules, rates, the agency setting and the user commission, and prices an offer', async () => {
    const db = t.database.db;
    const agency = await makeAgency(t.database);
    const other = await makeAgency(t.database);
    const seller = await makeUser(t.database, 'adviser', agency.id, { commissionType: 'percentage', commissionValue: '2.5' });
    await db.insert(exchangeRates).values([
      { currency: 'COP', unitsPerUsd: '4000', validFrom: new Date('2025-01-01T00:00:00Z') },
      { currency: 'COP', unitsPerUsd: '5000', validFrom: new Date('2025-07-01T00:00:00Z') },
    ]);
    const CITY = '3b6f7f1e-0000-4000-8000-000000000001';
    const COUNTRY = '3b6f7f1e-0000-4000-8000-000000000002';
    await db.insert(markupRules).values([
      { name: 'platform', kind: 'percentage', value: '10' },
      { name: 'platform off', kind: 'percentage', value: '90', priority: 100, active: false },
      {
        name: 'agency country',
        agencyId: agency.id,
        destinationId: COUNTRY,
        kind: 'fixed',
        value: '20000',
        currency: 'COP',
        basis: 'night',
        priority: 5,
      },
      { name: 'other agency', agencyId: other.id, kind: 'percentage', value: '50', priority: 1000 },
    ]);
    await db
      .insert(agencyPricingSettings)
      .values({ agencyId: agency.id, commissionMode: 'on-top', commissionType: 'percentage', commissionValue: '5' });

    const offer = {
      agencyId: agency.id,
      userId: seller.id,
      kind: 'hotel' as const,
      supplier: 'juniper' as const,
      destinationAncestors: [CITY, COUNTRY],
      checkIn: '2025-08-01',
      checkOut: '2025-08-03',
      nights: 2,
      paxes: 2,
      cost: { amount: '100', currency: 'USD' },
      bookingDate: '2025-03-01',
      targetCurrency: 'COP',
    };
    const b = await t.app.services.pricing.priceOffer({ ...offer, at: new Date('2025-03-01T12:00:00Z') });
    // 100 USD = 400000 COP; +10% platform = 440000; +20000 COP x 2 nights = 480000; +2.5% user commission = 12000
    expect(b).toMatchObject({
      convertedCost: '400000',
      agencyCost: '440000',
      netPrice: '480000',
      price: '492000',
      currency: 'COP',
      usdEquivalent: '123.00',
    });
    expect(b.commission).toMatchObject({ source: 'user', value: '2.5', amount: '12000' });
    expect(b.steps.map((s) => s.scope)).toEqual(['platform', 'agency', 'commission']);

    // later rates apply to later instants
    const later = await t.app.services.pricing.priceOffer({ ...offer, at: new Date('2025-07-02T00:00:00Z') });
    expect(later.convertedCost).toBe('500000');

    // one context, many offers: the search path
    const ctx = await t.app.services.pricing.loadContext({ agencyId: agency.id, userId: seller.id, at: new Date('2025-03-01T12:00:00Z') });
    const outside = price(ctx, { ...offer, destinationAncestors: ['elsewhere'] });
    expect(outside.steps.map((s) => s.scope)).toEqual(['platform', 'commission']);

    // no agency: platform rules only, no commission
    const platformOnly = await t.app.services.pricing.priceOffer({
      ...offer,
      agencyId: null,
      userId: null,
      at: new Date('2025-03-01T12:00:00Z'),
    });
    expect(platformOnly).toMatchObject({ price: '440000', commission: null });

    // no rate before 2025: a clear 422, never 1:1
    await expect(t.app.services.pricing.priceOffer({ ...offer, at: new Date('2024-06-01T00:00:00Z') })).rejects.toMatchObject({
      status: 422,
      code: 'EXCHANGE_RATE_MISSING',
    });
  });

  it('the demo seeder is idempotent and prices a demo offer', async () => {
    const log = { info: () => undefined } as never;
    await seedPricing({ db: t.database.db, log });
    await seedPricing({ db: t.database.db, log });
    const rules = await t.database.db.select().from(markupRules);
    expect(rules.filter((r) => r.name.startsWith('Plataforma')).length).toBe(3);
    const b = await t.app.services.pricing.priceOffer({
      agencyId: null,
      userId: null,
      kind: 'hotel',
      supplier: 'hotelbeds',
      destinationAncestors: [],
      checkIn: '2026-01-10',
      nights: 1,
      paxes: 2,
      cost: { amount: '100', currency: 'EUR' },
      bookingDate: '2026-01-01',
      targetCurrency: 'USD',
    });
    expect(b.steps[0]).toMatchObject({ scope: 'platform', value: '10' });
  });
});
