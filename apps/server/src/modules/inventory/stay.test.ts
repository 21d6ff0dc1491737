import { describe, expect, it } from 'vitest';
import { adultsNightPrice, effectiveOccupancy, type NightInventory, priceStay, stayNights } from './stay.js';

const night = (day: string, over: Partial<NightInventory> = {}): NightInventory => ({
  day,
  allotment: 5,
  price1: '80.00',
  price2: '100.00',
  price3: '130.00',
  priceExtraAdult: '25.00',
  priceChild: '15.00',
  boardSupplements: { BB: '10.00', HB: '25.50' },
  minNights: 1,
  stopSale: false,
  closedToArrival: false,
  ...over,
});
const limits = { maxAdults: 3, maxChildren: 2, childAgeLimit: 11 };
const week = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'];
const base = {
  start: '2027-03-01',
  end: '2027-03-04',
  rooms: [{ adults: 2, childrenAges: [] }],
  limits,
  board: 'RO' as const,
  boardsOffered: ['RO', 'BB', 'HB'] as const,
};

describe('stayNights', () => {
  it('lists arrival to the night before departure, across a month end', () => {
    expect(stayNights('2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01']);
    expect(stayNights('2027-03-01', '2027-03-01')).toEqual([]);
  });
});

describe('priceStay', () => {
  it('sums a stay across a price change, night by night', () => {
    const nights = [night(week[0]), night(week[1]), night(week[2], { price2: '150.50' })];
    const r = priceStay({ ...base, nights });
    expect(r).toEqual({
      ok: true,
      total: '350.50',
      nights: 3,
      perNight: [
        { day: week[0], amount: '100.00' },
        { day: week[1], amount: '100.00' },
        { day: week[2], amount: '150.50' },
      ],
    });
  });

  it('prices occupancy: single, triple, extra adults, children and board supplements per person', () => {
    expect(adultsNightPrice(night('d'), 1)?.toFixed(2)).toBe('80.00');
    expect(adultsNightPrice(night('d', { price1: null }), 1)?.toFixed(2)).toBe('100.00');
    expect(adultsNightPrice(night('d', { price3: null }), 3)?.toFixed(2)).toBe('125.00');
    expect(adultsNightPrice(night('d'), 5)?.toFixed(2)).toBe('180.00');
    expect(adultsNightPrice(night('d', { priceExtraAdult: null }), 4)).toBeNull();
    const nights = week.slice(0, 3).map((d) => night(d));
    // 2 adults + 1 child (5): (100 + 15 + 3 × 25.50) per night, 3 nights.
    const r = priceStay({ ...base, nights, board: 'HB', rooms: [{ adults: 2, childrenAges: [5] }] });
    expect(r.ok && r.total).toBe('574.50');
    // Two rooms: a double and a single with breakfast.
    const two = priceStay({
      ...base,
      nights,
      board: 'BB',
      rooms: [
        { adults: 2, childrenAges: [] },
        { adults: 1, childrenAges: [] },
      ],
    });
    expect(two.ok && two.total).toBe('630.00');
  });

  it('refuses min nights, closed-to-arrival on the arrival night only, stop-sale on any night', () => {
    const ok = week.slice(0, 3).map((d) => night(d));
    expect(priceStay({ ...base, nights: [night(week[0], { minNights: 4 }), ok[1], ok[2]] })).toEqual({
      ok: false,
      reason: 'min-nights',
      day: week[0],
    });
    // A minimum on a later night does not apply: the arrival night's rule does.
    expect(priceStay({ ...base, nights: [ok[0], night(week[1], { minNights: 7 }), ok[2]] }).ok).toBe(true);
    expect(priceStay({ ...base, nights: [night(week[0], { closedToArrival: true }), ok[1], ok[2]] })).toMatchObject({
      ok: false,
      reason: 'closed-to-arrival',
    });
    expect(priceStay({ ...base, nights: [ok[0], night(week[1], { closedToArrival: true }), ok[2]] }).ok).toBe(true);
    expect(priceStay({ ...base, nights: [ok[0], ok[1], night(week[2], { stopSale: true })] })).toEqual({
      ok: false,
      reason: 'stop-sale',
      day: week[2],
    });
  });

  it('needs enough rooms every night and every night loaded and priced', () => {
    const nights = [night(week[0]), night(week[1], { allotment: 1 }), night(week[2])];
    expect(priceStay({ ...base, nights }).ok).toBe(true);
    const two = [
      { adults: 2, childrenAges: [] },
      { adults: 2, childrenAges: [] },
    ];
    expect(priceStay({ ...base, nights, rooms: two })).toEqual({ ok: false, reason: 'allotment', day: week[1] });
    expect(priceStay({ ...base, nights: [night(week[0]), night(week[2])] })).toEqual({ ok: false, reason: 'missing-night', day: week[1] });
    expect(priceStay({ ...base, nights: [night(week[0]), night(week[1], { price2: null }), night(week[2])] })).toMatchObject({
      reason: 'no-price',
    });
  });

  it('counts children above the age limit as adults and checks the room capacity', () => {
    expect(effectiveOccupancy({ adults: 2, childrenAges: [4, 12] }, limits)).toEqual({ adults: 3, children: 1 });
    const nights = week.slice(0, 3).map((d) => night(d));
    // 2 adults + a 12-year-old: priced as a triple.
    const r = priceStay({ ...base, nights, rooms: [{ adults: 2, childrenAges: [12] }] });
    expect(r.ok && r.total).toBe('390.00');
    // 3 adults + a 12-year-old is 4 adults: more than the room takes.
    expect(priceStay({ ...base, nights, rooms: [{ adults: 3, childrenAges: [12] }] })).toEqual({ ok: false, reason: 'occupancy' });
    expect(priceStay({ ...base, nights, rooms: [{ adults: 1, childrenAges: [1, 2, 3] }] })).toEqual({ ok: false, reason: 'occupancy' });
    expect(priceStay({ ...base, nights, board: 'AI' })).toEqual({ ok: false, reason: 'board' });
  });
});
