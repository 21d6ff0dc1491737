import type { PriceBreakdown } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { HotelOffer } from '../../suppliers/index.js';
import { type CachedSearch, checkDates, moduleFor, present, starsOf } from './search.js';

const breakdown = (cost: string, price: string): PriceBreakdown => ({
  cost,
  costCurrency: 'USD',
  rate: '1',
  convertedCost: cost,
  steps: [{ ruleId: 'r1', scope: 'platform', kind: 'percentage', value: '10', valueCurrency: null, basis: null, amount: '1.00' }],
  agencyCost: cost,
  netPrice: price,
  price,
  currency: 'USD',
  commission: null,
  usdEquivalent: price,
  usdRate: '1',
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

const cache = (): CachedSearch => ({
  v: 1,
  cacheId: 'c'.repeat(22),
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
  offers: [
    { optionId: '0', offer: offer('H1', 'Casa Azul', '4EST', 'BB', true), breakdown: breakdown('100.00', '120.00') },
    { optionId: '1', offer: offer('H1', 'Casa Azul', '4EST', 'RO', false), breakdown: breakdown('80.00', '96.00') },
    { optionId: '2', offer: offer('H2', 'Hotel Sol', '3EST', 'BB', true), breakdown: breakdown('150.00', '180.00') },
    { optionId: '3', offer: offer('H3', 'Brisa', '5EST', 'BB', false), breakdown: breakdown('50.00', '60.00') },
  ],
});

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
  it('groups options by hotel, sorts, filters and pages', () => {
    const r = present(cache(), 'super', { page: 1, limit: 20, sort: 'price' }, {}).response;
    expect(r.itemsFound).toBe(3);
    expect(r.items.map((i) => i.code)).toEqual(['H3', 'H1', 'H2']);
    expect(r.items[1].options.map((o) => o.optionId)).toEqual(['1', '0']);
    expect(r.lowestPrice).toEqual({ amount: '60.00', currency: 'USD' });
    expect(r.highestPrice).toEqual({ amount: '180.00', currency: 'USD' });
    const desc = present(cache(), 'super', { page: 1, limit: 2, sort: '-price' }, {}).response;
    expect(desc.items.map((i) => i.code)).toEqual(['H2', 'H1']);
    expect(desc.totalPages).toBe(2);
    const f = present(
      cache(),
      'super',
      { page: 1, limit: 20, sort: 'price' },
      { boards: ['BB'], refundable: true, stars: [3, 4] },
    ).response;
    expect(f.items.map((i) => [i.code, i.options.map((o) => o.optionId)])).toEqual([
      ['H1', ['0']],
      ['H2', ['2']],
    ]);
    const range = present(cache(), 'super', { page: 1, limit: 20, sort: 'name' }, { minPrice: '90', maxPrice: '150' }).response;
    expect(range.items.map((i) => i.code)).toEqual(['H1']);
  });

  it('hides the supplier cost from roles that may not see it', () => {
    const adviser = present(cache(), 'adviser', { page: 1, limit: 20, sort: 'price' }, {}).response.items[0].options[0].breakdown;
    expect(adviser.cost).toBeNull();
    expect(adviser.agencyCost).toBeNull();
    expect(adviser.price).toBe('60.00');
    const sup = present(cache(), 'super', { page: 1, limit: 20, sort: 'price' }, {}).response.items[0].options[0].breakdown;
    expect(sup.cost).toBe('50.00');
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
