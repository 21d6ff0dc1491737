import { describe, expect, it } from 'vitest';
import type { FlightSegment } from '../types.js';
import { combineLegs, legsOf, offerIdFor, pairRoundTrip, reservationStatus } from './mappers.js';

const seg = (route: number, no: string): FlightSegment => ({
  flightNo: no,
  airline: 'X',
  from: { airport: 'BOG', at: '2026-05-01T08:00:00' },
  to: { airport: 'MIA', at: '2026-05-01T12:00:00' },
  cabin: 'ECONOMY',
  route,
  stops: 0,
});
const leg = (route: number, offerId: string, amount: string, groupKeys: string[], isPackageOffer = false) => ({
  flightId: `F-${offerId}`,
  segments: [seg(route, offerId)],
  offerId,
  offerIds: [],
  groupKeys,
  total: { amount, currency: 'USD' },
  isPackageOffer,
});

describe('tourvisio round trips', () => {
  it('pairs outbound and return offers whose groupKeys intersect, summing their prices', () => {
    const pairs = pairRoundTrip(
      [leg(1, 'o1', '100.00', ['AV']), leg(1, 'o2', '90.00', ['LA'])],
      [leg(2, 'r1', '80.50', ['AV', 'X']), leg(2, 'r2', '70.00', ['CM'])],
    );
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({
      total: { amount: '180.50', currency: 'USD' },
      isPackageOffer: false,
      offerIds: [
        { groupKey: 'AV', offerId: 'o1' },
        { groupKey: 'AV', offerId: 'r1' },
      ],
    });
    expect(pairs[0].segments.map((s) => s.route)).toEqual([1, 2]);
  });

  it('a packaged pair costs the higher of its two prices, not the sum', () => {
    const [p] = pairRoundTrip([leg(1, 'o', '420.00', ['CM-PKG'], true)], [leg(2, 'r', '433.10', ['CM-PKG'], true)]);
    expect(p).toMatchObject({ total: { amount: '433.10', currency: 'USD' }, isPackageOffer: true });
  });

  it('never pairs across currencies', () => {
    expect(
      pairRoundTrip([leg(1, 'o', '1.00', ['K'])], [{ ...leg(2, 'r', '1.00', ['K']), total: { amount: '1.00', currency: 'EUR' } }]),
    ).toEqual([]);
  });
});

describe('tourvisio replies', () => {
  it('drops malformed flights and offers, keeps good ones by route', () => {
    const good = {
      id: 'F1',
      items: [
        {
          flightNo: 'AV1',
          airline: { name: 'Avianca' },
          departure: { airport: { code: 'BOG' }, date: 'x' },
          arrival: { airport: { code: 'MIA' }, date: 'y' },
          route: 1,
        },
      ],
      offers: [
        { offerId: 'a', price: { amount: 120.5, currency: 'USD' } },
        { offerId: 'b', price: { amount: 'lots', currency: 'USD' } },
      ],
    };
    const { legs, dropped } = legsOf({ flights: [good, { id: 'F2', items: [] }] });
    expect(legs.get(1)?.map((l) => [l.offerId, l.total.amount])).toEqual([['a', '120.50']]);
    expect(dropped).toHaveLength(2);
    expect(() => legsOf({})).toThrow();
  });

  it('maps reservation and confirmation statuses', () => {
    expect(reservationStatus(0, 1)).toBe('confirmed');
    expect(reservationStatus(0, 0)).toBe('on-request');
    expect(reservationStatus(3, 1)).toBe('cancelled');
    expect(reservationStatus(9, 0)).toBe('pre-reserved');
    expect(reservationStatus(0, 2)).toBe('pending-provider');
  });
});

describe('tourvisio offerIds per group key (list type 3)', () => {
  const keyed = (route: number, ids: Record<string, string>, amount: string) => ({
    ...leg(route, Object.values(ids)[0], amount, Object.keys(ids)),
    offerIds: Object.entries(ids).map(([groupKey, offerId]) => ({ groupKey, offerId })),
  });

  it('books each leg with the offerIds entry of the shared key', () => {
    const out = keyed(1, { A: 'o-A', B: 'o-B' }, '100.00');
    const back = keyed(2, { B: 'r-B' }, '50.00');
    expect(offerIdFor(out, 'B')).toBe('o-B');
    expect(pairRoundTrip([out], [back])[0].offerIds).toEqual([
      { groupKey: 'B', offerId: 'o-B' },
      { groupKey: 'B', offerId: 'r-B' },
    ]);
  });

  it('multi-city combines one offer per leg only when a key is shared by all, cheapest first', () => {
    const combos = combineLegs(
      [
        [keyed(1, { A: 'a1' }, '10.00'), keyed(1, { B: 'b1' }, '5.00')],
        [keyed(2, { A: 'a2' }, '20.00')],
        [keyed(3, { A: 'a3', B: 'b3' }, '1.00')],
      ],
      10,
      50,
    );
    expect(combos).toHaveLength(1);
    expect(combos[0].total).toEqual({ amount: '31.00', currency: 'USD' });
    expect(combos[0].offerIds.map((o) => o.offerId)).toEqual(['a1', 'a2', 'a3']);
  });
});
