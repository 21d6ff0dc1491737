import type { PriceBreakdown } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../lib/kv.js';
import type { HotelOffer } from '../../../suppliers/index.js';
import { type CachedOffer, facetsOf, type SearchIndex, starsOf, writeHotels } from './cache.js';
import { present } from './page.js';
import { checkDates, moduleFor } from './search.js';

const breakdown = (cost: string, price: string, currency = 'USD', usdRate = '1'): PriceBreakdown => ({
  cost,
  costCurrency: currency,
  rate: '1',
  convertedCost: cost,
  steps: [{ ruleId: 'r1', scope: 'platform', kind: 'percentage', value: '10', valueCurrency: null, basis: null, amount: '1.00' }],
  agencyCost: cost,
  netPrice: price,
  price,
  currency,
  commission: null,
  usdEquivalent: (Number(price) * Number(usdRate)).toFixed(2),
  usdRate,
  belowCost: false,
});

const offer = (code: string, name: string, category: string, board: 'BB' | 'RO', refundable: boolean): HotelOffer => ({
  supplier: 'hotelbeds',
  accountId: 'a',
  hotel: { code, name, category },
  checkIn: '2030-01-01',
  checkOut: '2030-01-03',
  rooms: [{ code: 'DBL.ST', name: 'Doble', occupancy: { adults: 2, childrenAges: [] } }],
  board: { code: board, label: board, supplierCode: board },
  total: { amount: '100.00', currency: 'USD' },
  availability: 'available',
  requiresQuote: false,
  cancellation: { refundable, rules: [] },
  token: { kind: 'rateKey', value: 'x', expiresAt: null },
  supplierData: {},
  payAtHotel: false,
});

const offers = (): CachedOffer[] => [
  { optionId: '0', offer: offer('H1', 'Casa Azul', '4EST', 'BB', true), breakdown: breakdown('100.00', '120.00') },
  { optionId: '1', offer: offer('H1', 'Casa Azul', '4EST', 'RO', false), breakdown: breakdown('80.00', '96.00') },
  { optionId: '2', offer: offer('H2', 'Hotel Sol', '3EST', 'BB', true), breakdown: breakdown('150.00', '180.00') },
  { optionId: '3', offer: offer('H3', 'Brisa', '5EST', 'BB', false), breakdown: breakdown('50.00', '60.00') },
];

const store = new MemoryStore();
async function index(list: CachedOffer[] = offers(), id = 'c'.repeat(22)): Promise<SearchIndex> {
  const hotels = await writeHotels(store, id, list, 600);
  const compare = new Set(list.map((o) => o.breakdown.currency)).size > 1 ? 'usd' : 'price';
  return {
    v: 2,
    cacheId: id,
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
    expires: '2030-01-01T00:00:00.000Z',
    notes: [],
    dropped: 0,
    parts: [],
    compare,
    facets: facetsOf(hotels, compare),
    hotels,
  };
}
const page = async (c: SearchIndex, viewer: 'super' | 'adviser', q: Parameters<typeof present>[3], f: Parameters<typeof present>[4] = {}) =>
  (await present(store, c, viewer, q, f)).response;

describe('checkDates', () => {
  it('counts nights and rejects past, reversed, too long and invalid dates in Spanish', () => {
    expect(checkDates('2030-01-01', '2030-01-03', '2029-12-31')).toBe(2);
    expect(() => checkDates('2029-12-30', '2030-01-03', '2029-12-31')).toThrow('La fecha de entrada no puede ser anterior a hoy');
    expect(() => checkDates('2030-01-03', '2030-01-03', '2029-12-31')).toThrow('La fecha de salida debe ser posterior a la de entrada');
    expect(() => checkDates('2030-01-01', '2030-02-01', '2029-12-31')).toThrow('La estadía no puede superar 30 noches');
    expect(checkDates('2030-01-01', '2030-01-31', '2029-12-31')).toBe(30);
    expect(() => checkDates('2030-02-30', '2030-03-02', '2029-12-31')).toThrow('Fecha no válida');
  });
});

describe('present', () => {
  it('groups options by hotel, sorts, filters and pages', async () => {
    const c = await index();
    const r = await page(c, 'super', { page: 1, limit: 20, sort: 'price' });
    expect(r.itemsFound).toBe(3);
    expect(r.items.map((i) => i.code)).toEqual(['H3', 'H1', 'H2']);
    expect(r.items[1].options.map((o) => o.optionId)).toEqual(['1', '0']);
    expect(r.lowestPrice).toEqual({ amount: '60.00', currency: 'USD' });
    expect(r.highestPrice).toEqual({ amount: '180.00', currency: 'USD' });
    const desc = await page(c, 'super', { page: 1, limit: 2, sort: '-price' });
    expect(desc.items.map((i) => i.code)).toEqual(['H2', 'H1']);
    expect(desc.totalPages).toBe(2);
    const f = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { boards: ['BB'], refundable: true, stars: [3, 4] });
    expect(f.items.map((i) => [i.code, i.options.map((o) => o.optionId)])).toEqual([
      ['H1', ['0']],
      ['H2', ['2']],
    ]);
    const range = await page(c, 'super', { page: 1, limit: 20, sort: 'name' }, { minPrice: '90', maxPrice: '150' });
    expect(range.items.map((i) => i.code)).toEqual(['H1']);
    const byName = await page(c, 'super', { page: 1, limit: 20, sort: 'name' });
    expect(byName.items.map((i) => i.name)).toEqual(['Brisa', 'Casa Azul', 'Hotel Sol']);
    expect(r.facets).toEqual({
      suppliers: ['hotelbeds'],
      boards: [
        { code: 'BB', label: 'Alojamiento y desayuno' },
        { code: 'RO', label: 'Solo alojamiento' },
      ],
      stars: [3, 4, 5],
      categories: ['3EST', '4EST', '5EST'],
      priceRange: { min: '60.00', max: '180.00', currency: 'USD' },
    });
    const cat = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { categories: ['5EST'] });
    expect(cat.items.map((i) => i.code)).toEqual(['H3']);
  });

  it('compares prices in several currencies by their USD equivalent', async () => {
    const list = offers();
    // 300,000 COP at 0.00025 USD/COP = 75 USD: between Brisa (60) and Casa Azul (96).
    list.push({
      optionId: '4',
      offer: { ...offer('H9', 'Hotel Caribe', '4EST', 'BB', true), supplier: 'restel' },
      breakdown: breakdown('250000', '300000', 'COP', '0.00025'),
    });
    const c = await index(list, 'm'.repeat(22));
    expect(c.compare).toBe('usd');
    const r = await page(c, 'super', { page: 1, limit: 20, sort: 'price' });
    expect(r.items.map((i) => i.code)).toEqual(['H3', 'H9', 'H1', 'H2']);
    expect(r.items[1].minPrice).toEqual({ amount: '300000', currency: 'COP' });
    expect(c.facets.priceRange).toEqual({ min: '60.00', max: '180.00', currency: 'USD' });
    const usdRange = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { minPrice: '70', maxPrice: '80' });
    expect(usdRange.items.map((i) => i.code)).toEqual(['H9']);
    const restel = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { suppliers: ['restel'] });
    expect(restel.items.map((i) => i.code)).toEqual(['H9']);
  });

  it('hides the supplier cost from roles that may not see it', async () => {
    const c = await index();
    const adviser = (await page(c, 'adviser', { page: 1, limit: 20, sort: 'price' })).items[0].options[0].breakdown;
    expect(adviser.cost).toBeNull();
    expect(adviser.agencyCost).toBeNull();
    expect(adviser.price).toBe('60.00');
    const sup = (await page(c, 'super', { page: 1, limit: 20, sort: 'price' })).items[0].options[0].breakdown;
    expect(sup.cost).toBe('50.00');
  });
});

describe('present, merged search', () => {
  it('shows one card per property with every supplier’s options, sorted, filtered and counted by group', async () => {
    const hb = (code: string, name: string, board: 'BB' | 'RO' = 'BB'): HotelOffer => ({
      ...offer(code, name, '4EST', board, true),
      hotel: { code, name, category: '4EST', location: { lat: 10.4236, lng: -75.5478 } },
    });
    const jp = (code: string, name: string, board: 'BB' | 'RO' = 'BB'): HotelOffer => ({
      ...offer(code, name, '4est', board, false),
      supplier: 'juniper',
      accountId: 'j',
    });
    const a = 'a'.repeat(22);
    const b = 'b'.repeat(22);
    const partA = await writeHotels(
      store,
      a,
      [
        { optionId: '0', offer: hb('100', 'Hotel Caribe'), breakdown: breakdown('180.00', '200.00') },
        { optionId: '1', offer: hb('101', 'Casa Azul'), breakdown: breakdown('80.00', '90.00') },
      ],
      600,
    );
    const partB = await writeHotels(
      store,
      b,
      [
        { optionId: '0', offer: jp('JP1', 'CARIBE, HOTEL'), breakdown: breakdown('150.00', '170.00') },
        { optionId: '1', offer: jp('JP1', 'CARIBE, HOTEL', 'RO'), breakdown: breakdown('140.00', '150.00') },
        { optionId: '2', offer: jp('JP2', 'Brisa'), breakdown: breakdown('300.00', '310.00') },
      ],
      600,
    );
    const hotels = [...partA.map((h) => ({ ...h, part: 0 })), ...partB.map((h) => ({ ...h, part: 1 }))];
    // As HotelSearchStore.merge groups them (same-hotel.ts): Caribe is one property.
    for (const h of hotels) h.g = h.name === 'Casa Azul' ? 1 : h.name === 'Brisa' ? 2 : 0;
    const base = await index();
    const c: SearchIndex = {
      ...base,
      cacheId: 'x'.repeat(22),
      kind: 'merged',
      supplier: 'mixed',
      parts: [
        { cacheId: a, supplier: 'hotelbeds', accountId: 'a' },
        { cacheId: b, supplier: 'juniper', accountId: 'j' },
      ],
      facets: facetsOf(hotels, 'price'),
      hotels,
    };
    const r = await page(c, 'super', { page: 1, limit: 20, sort: 'price' });
    expect(r.itemsFound).toBe(3);
    expect(r.items.map((i) => [i.name, i.supplier, i.minPrice.amount])).toEqual([
      ['Casa Azul', 'hotelbeds', '90.00'],
      ['CARIBE, HOTEL', 'juniper', '150.00'],
      ['Brisa', 'juniper', '310.00'],
    ]);
    // Both suppliers' rates side by side, cheapest first, each with its supplier and its part's option id.
    const caribe = r.items[1];
    expect(caribe.options.map((o) => [o.supplier, o.optionId, o.price.amount])).toEqual([
      ['juniper', '1-1', '150.00'],
      ['juniper', '1-0', '170.00'],
      ['hotelbeds', '0-0', '200.00'],
    ]);
    // The position Hotelbeds gave stays on the card whose face is Juniper's.
    expect(caribe.location).toEqual({ lat: 10.4236, lng: -75.5478 });
    // A supplier filter keeps that supplier's rates and the card takes its face.
    const onlyHb = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { suppliers: ['hotelbeds'] });
    expect(onlyHb.items.map((i) => [i.name, i.options.map((o) => o.supplier)])).toEqual([
      ['Casa Azul', ['hotelbeds']],
      ['Hotel Caribe', ['hotelbeds']],
    ]);
    // Sorting and price ranges on the group's cheapest kept option; paging counts groups.
    const desc = await page(c, 'super', { page: 1, limit: 2, sort: '-price' });
    expect(desc.items.map((i) => i.name)).toEqual(['Brisa', 'CARIBE, HOTEL']);
    expect([desc.itemsFound, desc.totalPages]).toEqual([3, 2]);
    const bb = await page(c, 'super', { page: 1, limit: 20, sort: 'price' }, { boards: ['BB'], minPrice: '160', maxPrice: '250' });
    expect(bb.items.map((i) => [i.name, i.minPrice.amount, i.options.length])).toEqual([['CARIBE, HOTEL', '170.00', 2]]);
    expect(bb.lowestPrice).toEqual({ amount: '170.00', currency: 'USD' });
  });
});

describe('helpers', () => {
  it('reads stars and the module of a supplier', () => {
    expect(starsOf('4EST')).toBe(4);
    expect(starsOf(undefined)).toBeNull();
    expect(moduleFor('juniper', 'disney')).toBe('hotels-juniper-disney');
    expect(moduleFor('restel', null)).toBe('hotels-restel');
    expect(moduleFor('santsg', null)).toBeNull();
  });
});
