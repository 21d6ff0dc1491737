import type { HotelOption } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { bestRates } from './best-rates';

const option = (optionId: string, amount: string, supplier?: string): HotelOption => ({
  optionId,
  rooms: [],
  board: { code: 'BB', label: 'Alojamiento y desayuno' },
  availability: 'available',
  refundable: true,
  cancellation: { refundable: true, rules: [] },
  payAtHotel: false,
  ...(supplier ? { supplier } : {}),
  price: { amount, currency: 'USD' },
  breakdown: {} as HotelOption['breakdown'],
  expiresAt: null,
});

describe('bestRates', () => {
  it('keeps the cheapest option of each supplier, cheapest supplier first', () => {
    const options = [option('1-4', '150.00', 'juniper'), option('1-2', '170.00', 'juniper'), option('0-1', '200.00', 'hotelbeds')];
    expect(bestRates({ supplier: 'juniper', options }).map((r) => [r.supplier, r.option.optionId])).toEqual([
      ['juniper', '1-4'],
      ['hotelbeds', '0-1'],
    ]);
  });

  it('takes the card’s supplier for options without one', () => {
    expect(bestRates({ supplier: 'restel', options: [option('3', '90.00'), option('4', '95.00')] })).toEqual([
      { supplier: 'restel', option: option('3', '90.00') },
    ]);
  });
});
