import { describe, expect, it } from 'vitest';
import { bookingStatus, mapAvailability, mapCheckRate, occupancyLines } from './hotel-mappers.js';

const now = new Date('2026-03-01T00:00:00Z');
const rate = (over: Record<string, unknown> = {}) => ({
  rateKey: 'k1',
  rateClass: 'NOR',
  rateType: 'BOOKABLE',
  net: '200.50',
  paymentType: 'AT_WEB',
  boardCode: 'BB',
  rooms: 1,
  adults: 2,
  children: 0,
  cancellationPolicies: [{ amount: '100.25', from: '2026-03-18T23:59:00-05:00' }],
  ...over,
});
const reply = (rates: unknown[], hotel: Record<string, unknown> = {}) => ({
  hotels: {
    hotels: [
      {
        code: 1000,
        name: 'Hotel Uno',
        currency: 'USD',
        categoryCode: '4EST',
        rooms: [{ code: 'DBL.ST', name: 'DOUBLE STANDARD', rates }],
        ...hotel,
      },
    ],
  },
});
const ctx = { accountId: 'acc', checkIn: '2026-03-20', checkOut: '2026-03-22', rooms: [{ adults: 2, childrenAges: [] }], now };

describe('hotelbeds availability mapping', () => {
  it('maps price, board, policy and token', () => {
    const { offers, dropped } = mapAvailability(reply([rate()]), ctx);
    expect(dropped).toEqual([]);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      hotel: { code: '1000', name: 'Hotel Uno', category: '4EST' },
      total: { amount: '200.50', currency: 'USD' },
      board: { code: 'BB', label: 'Alojamiento y desayuno', supplierCode: 'BB' },
      requiresQuote: false,
      payAtHotel: false,
      cancellation: { refundable: true, rules: [{ from: '2026-03-18T23:59:00-05:00', amount: '100.25', currency: 'USD' }] },
      token: { kind: 'rateKey', value: 'k1', expiresAt: '2026-03-01T00:30:00.000Z' },
    });
  });

  it('keeps the map position when Hotelbeds gives a valid one, and only then', () => {
    const at = (hotel: Record<string, unknown>) => mapAvailability(reply([rate()], hotel), ctx).offers[0].hotel.location;
    expect(at({ latitude: '10.423700', longitude: '-75.548900' })).toEqual({ lat: 10.4237, lng: -75.5489 });
    expect(at({ latitude: 28.3852, longitude: -81.5639 })).toEqual({ lat: 28.3852, lng: -81.5639 });
    expect(at({})).toBeUndefined();
    expect(at({ latitude: 'n/a', longitude: '-75.5' })).toBeUndefined();
    expect(at({ latitude: '95', longitude: '10' })).toBeUndefined();
    expect(at({ latitude: '0', longitude: '0' })).toBeUndefined();
  });

  it('shows the zone by its name when Hotelbeds gives one, else by its code', () => {
    const zone = (hotel: Record<string, unknown>) => mapAvailability(reply([rate()], hotel), ctx).offers[0].hotel.zone;
    expect(zone({ zoneCode: 3, zoneName: 'Bocagrande' })).toBe('Bocagrande');
    expect(zone({ zoneCode: 3 })).toBe('3');
    expect(zone({})).toBeUndefined();
  });

  it('NRF is non-refundable; a missing policy is non-refundable; RECHECK requires a quote', () => {
    const { offers } = mapAvailability(
      reply([
        rate({ rateClass: 'NRF', rateKey: 'a' }),
        rate({ cancellationPolicies: undefined, rateKey: 'b', boardCode: 'RO' }),
        rate({ rateType: 'RECHECK', rateKey: 'c', boardCode: 'HB' }),
      ]),
      ctx,
    );
    expect(offers.find((o) => o.token.value === 'a')?.cancellation.refundable).toBe(false);
    expect(offers.find((o) => o.token.value === 'b')?.cancellation).toEqual({ refundable: false, rules: [] });
    expect(offers.find((o) => o.token.value === 'c')?.requiresQuote).toBe(true);
  });

  it('drops rates with garbage prices, unknown boards, and hotels without currency', () => {
    const { offers, dropped } = mapAvailability(
      reply([rate({ net: 'gratis', rateKey: 'x' }), rate({ boardCode: 'QQ', rateKey: 'y' }), rate({ rateKey: 'z', boardCode: 'AI' })]),
      ctx,
    );
    expect(offers.map((o) => o.token.value)).toEqual(['z']);
    expect(dropped.map((d) => d.reason).sort()).toEqual(['invalid', 'unknown-board']);
    expect(mapAvailability(reply([rate()], { currency: 'dollars' }), ctx).dropped[0].reason).toBe('invalid');
    expect(() => mapAvailability({ hotels: { hotels: 'nope' } }, ctx)).toThrow();
    expect(mapAvailability({}, ctx).offers).toEqual([]);
  });

  it('combines one rate per occupancy line into one offer with summed price and policy', () => {
    const rooms = [
      { adults: 2, childrenAges: [] },
      { adults: 2, childrenAges: [] },
      { adults: 1, childrenAges: [4] },
    ];
    expect(occupancyLines(rooms).map((l) => [l.rooms, l.adults, l.ages, l.indices])).toEqual([
      [2, 2, [], [0, 1]],
      [1, 1, [4], [2]],
    ]);
    const { offers } = mapAvailability(
      reply([
        rate({ rooms: 2, net: '400.00', rateKey: 'two', cancellationPolicies: [{ amount: '200', from: '2026-03-18T00:00:00Z' }] }),
        rate({
          adults: 1,
          children: 1,
          childrenAges: '4',
          net: '150.10',
          rateKey: 'one',
          cancellationPolicies: [{ amount: '75', from: '2026-03-17T00:00:00Z' }],
        }),
        rate({ adults: 1, children: 1, childrenAges: '4', net: '180.00', rateKey: 'dearer' }),
      ]),
      { ...ctx, rooms },
    );
    expect(offers).toHaveLength(1);
    expect(offers[0].total.amount).toBe('550.10');
    expect(offers[0].supplierData.rateKeys).toEqual(['two', 'one']);
    expect(offers[0].rooms).toHaveLength(3);
    expect(offers[0].cancellation.rules.map((r) => r.amount)).toEqual(['75.00', '275.00']);
  });
});

describe('hotelbeds checkrate and statuses', () => {
  it('reads the new price and remarks; rejects a reply without rates', () => {
    const out = mapCheckRate(
      {
        hotel: {
          code: 1,
          name: 'H',
          currency: 'EUR',
          rooms: [{ code: 'DBL.ST', rates: [rate({ net: 210, rateComments: 'Tasa turística' })] }],
        },
      },
      'USD',
    );
    expect(out.total).toEqual({ amount: '210.00', currency: 'EUR' });
    expect(out.remarks).toEqual(['Tasa turística']);
    expect(() => mapCheckRate({ hotel: { code: 1, name: 'H', currency: 'EUR', rooms: [] } }, 'USD')).toThrow();
  });
  it('maps booking statuses', () => {
    expect(bookingStatus('CONFIRMED')).toBe('confirmed');
    expect(bookingStatus('CANCELLED')).toBe('cancelled');
    expect(bookingStatus('PRECONFIRMED')).toBe('on-request');
    expect(bookingStatus('???')).toBe('pending-provider');
  });
});
