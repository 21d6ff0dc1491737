import type { PriceBreakdown } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { TicketOffer } from '../../../suppliers/index.js';
import { type CachedTicket, facetsOf, filterTickets, presentTicket, sortTickets } from './cache.js';

const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

function ticket(id: string, o: Partial<TicketOffer> & { price: string; usd?: string; currency?: string }): CachedTicket {
  const currency = o.currency ?? 'USD';
  const offer: TicketOffer = {
    supplier: 'hotelbeds',
    accountId: 'a',
    activity: { code: id, name: `Actividad ${id}` },
    modality: { code: id, name: `Actividad ${id}` },
    from: '2031-01-10',
    to: '2031-01-10',
    paxAges: [30, 30],
    total: { amount: o.price, currency },
    cancellation: { refundable: false, rules: [] },
    token: { kind: 'k', value: id, expiresAt: null },
    supplierData: {},
    ...o,
  };
  const breakdown = { price: o.price, currency, usdEquivalent: o.usd ?? o.price } as PriceBreakdown;
  return { optionId: id, accountId: 'a', offer, breakdown };
}

const a = ticket('0', {
  price: '100.00',
  supplier: 'travesia',
  supplierData: { category: 'Museos' },
  duration: { value: 3, unit: 'HOURS' },
  sessions: [{ code: '09:00', name: '09:00' }],
  cancellation: { refundable: true, rules: [{ from: future, percent: '100', currency: 'USD' }] },
});
const b = ticket('1', {
  price: '300000.00',
  usd: '75.00',
  currency: 'COP',
  supplierData: { category: 'Gastronomía' },
  duration: { value: 90, unit: 'MINUTES' },
  languages: [{ code: 'en', name: 'Inglés' }],
  sessions: [{ code: 'S2', name: '19:30' }],
  ageBands: [{ paxType: 'ADULT', ageFrom: 18, ageTo: 99, amount: { amount: '150000.00', currency: 'COP' } }],
});
const c = ticket('2', {
  price: '40.00',
  supplier: 'juniper',
  supplierData: { category: 'Museos' },
  cancellation: { refundable: true, rules: [{ from: past, percent: '50', currency: 'USD' }] },
  pickupPoints: [{ code: 'P', name: 'Hotel' }],
});
const all = [a, b, c];

describe('ticket search cache', () => {
  it('sorts by the USD equivalent across currencies, then by name or duration', () => {
    expect(sortTickets(all, 'price').map((t) => t.optionId)).toEqual(['2', '1', '0']);
    expect(sortTickets(all, '-price').map((t) => t.optionId)).toEqual(['0', '1', '2']);
    expect(sortTickets(all, 'duration').map((t) => t.optionId)).toEqual(['1', '0', '2']);
  });

  it('filters by supplier, language, duration, free cancellation and time of day', () => {
    const ids = (q: Parameters<typeof filterTickets>[1]) => filterTickets(all, q).map((t) => t.optionId);
    expect(ids({ supplier: 'travesia,juniper' })).toEqual(['0', '2']);
    expect(ids({ language: 'en' })).toEqual(['1']);
    expect(ids({ maxHours: 2 })).toEqual(['1']);
    // Free: refundable with no penalty due yet (a rule in force already costs).
    expect(ids({ freeCancellation: 'true' })).toEqual(['0']);
    expect(ids({ timeOfDay: 'evening' })).toEqual(['1']);
    expect(ids({ timeOfDay: 'morning,afternoon' })).toEqual(['0']);
    expect(ids({ q: 'actividad 2' })).toEqual(['2']);
  });

  it('filters by category: any of the chosen ones; an option without a category matches none', () => {
    const ids = (q: Parameters<typeof filterTickets>[1]) => filterTickets(all, q).map((t) => t.optionId);
    expect(ids({ category: 'Museos' })).toEqual(['0', '2']);
    expect(ids({ category: 'Gastronomía, Museos' })).toEqual(['0', '1', '2']);
    expect(ids({ category: 'Parques temáticos' })).toEqual([]);
    const none = { ...c, offer: { ...c.offer, supplierData: {} } };
    expect(filterTickets([none], { category: 'Museos' })).toEqual([]);
    expect(facetsOf([none]).categories).toEqual([]);
  });

  it('answers the facets over every option, prices in USD when currencies mix', () => {
    expect(facetsOf(all)).toEqual({
      suppliers: ['travesia', 'hotelbeds', 'juniper'],
      categories: [
        { name: 'Gastronomía', count: 1 },
        { name: 'Museos', count: 2 },
      ],
      languages: [{ code: 'en', name: 'Inglés' }],
      priceRange: { min: '40.00', max: '100.00', currency: 'USD' },
      maxHours: 3,
    });
  });

  it('presents "desde" per adult from the adult band, or per participant, and the badges', () => {
    const same = (x: PriceBreakdown) => x;
    expect(presentTicket(b, same)).toMatchObject({ pricePerAdult: { amount: '150000.00', currency: 'COP' }, durationHours: 1.5 });
    expect(presentTicket(a, same)).toMatchObject({ pricePerAdult: { amount: '50.00' }, freeCancellation: true, pickupIncluded: false });
    expect(presentTicket(c, same)).toMatchObject({ freeCancellation: false, pickupIncluded: true, availability: 'available' });
  });
});
