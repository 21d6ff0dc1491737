import type { PriceBreakdown } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../lib/kv.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import type { SalesContext } from '../sales-context.js';
import type { CachedOffer } from './cache.js';
import { HotelSearchStore, type SearchMeta } from './search-store.js';

const breakdown = (price: string): PriceBreakdown => ({
  cost: price,
  costCurrency: 'USD',
  rate: '1',
  convertedCost: price,
  steps: [],
  agencyCost: price,
  netPrice: price,
  price,
  currency: 'USD',
  commission: null,
  usdEquivalent: price,
  usdRate: '1',
  belowCost: false,
});

const offer = (optionId: string, code: string, price: string): CachedOffer => ({
  optionId,
  breakdown: breakdown(price),
  offer: {
    supplier: 'hotelbeds',
    accountId: 'a',
    hotel: { code, name: `Hotel ${code}`, category: '4EST' },
    checkIn: '2030-01-01',
    checkOut: '2030-01-03',
    rooms: [{ code: 'DBL.ST', name: 'Doble', occupancy: { adults: 2, childrenAges: [] } }],
    board: { code: 'BB', label: 'BB', supplierCode: 'BB' },
    total: { amount: price, currency: 'USD' },
    availability: 'available',
    requiresQuote: false,
    cancellation: { refundable: true, rules: [] },
    token: { kind: 'rateKey', value: optionId, expiresAt: null },
    supplierData: {},
    payAtHotel: false,
  } satisfies HotelOffer,
});

const seller: SalesContext = {
  channel: 'back-office',
  agencyId: 'ag',
  seller: { id: 'u', type: 'agency', name: 'Ana' },
  whiteLabelId: null,
  modules: [],
  mode: 'sandbox',
  allowedProviders: [],
};

const meta = (cacheId: string): SearchMeta => ({
  cacheId,
  kind: 'supplier',
  agencyId: 'ag',
  userId: 'u',
  accountId: 'a',
  supplier: 'hotelbeds',
  forceSandbox: false,
  resort: null,
  criteria: { checkIn: '2030-01-01', checkOut: '2030-01-03', nights: 2, nationality: 'CO', rooms: [{ adults: 2, childrenAges: [] }] },
  place: { id: 'p', name: 'Cartagena', ancestors: [] },
  supplierCode: 'CTG',
  expires: '2099-01-01T00:00:00.000Z',
  notes: [],
  dropped: 0,
});

describe('HotelSearchStore: a streamed part asked for before it is written (decision 0710)', () => {
  const offers = [offer('0', 'H1', '120.00'), offer('1', 'H2', '90.00'), offer('2', 'H1', '150.00')];

  it('pages it and finds its options from memory, and from the store once written', async () => {
    const kv = new MemoryStore();
    const searches = new HotelSearchStore(kv, () => new Date('2030-01-01T00:00:00Z'));
    const cacheId = 'p'.repeat(22);
    const built = searches.build(meta(cacheId), offers, 600);

    const codes = async () =>
      (await searches.page(seller, cacheId, { page: 1, limit: 20, sort: 'price' }, {})).response.items.map((h) => h.code);
    expect(await codes()).toEqual(['H2', 'H1']);
    expect((await searches.option(seller, cacheId, '2')).entry.offer.total.amount).toBe('150.00');

    await searches.write(built);
    expect(await kv.get(`hotel-search:${cacheId}`)).not.toBeNull();
    expect(await codes()).toEqual(['H2', 'H1']);
    // A process that never built it reads it from the store alone.
    const other = new HotelSearchStore(kv, () => new Date('2030-01-01T00:00:00Z'));
    expect((await other.option(seller, cacheId, '0')).entry.offer.total.amount).toBe('120.00');
  });
});
