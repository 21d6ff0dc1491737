import { describe, expect, it } from 'vitest';
import { transferPrice, transferUnits } from './extras-pricing.js';

describe('transferPrice', () => {
  const t = {
    priceMode: 'per-vehicle' as const,
    price: '45.00',
    minPax: 1,
    maxPax: 4,
    startHour: '05:00',
    endHour: '23:00',
    days: [1, 2, 3, 4, 5],
  };
  it('prices per vehicle or per person', () => {
    expect(transferPrice(t, '2031-03-03', '10:00', 3)).toEqual({ ok: true, total: '45.00' });
    expect(transferPrice({ ...t, priceMode: 'per-person', price: '12.50' }, '2031-03-03', '10:00', 3)).toEqual({
      ok: true,
      total: '37.50',
    });
  });
  it('runs only on its days, hours and group sizes', () => {
    expect(transferPrice(t, '2031-03-08', '10:00', 2)).toEqual({ ok: false, reason: 'day' }); // a Saturday
    expect(transferPrice(t, '2031-03-03', '04:59', 2)).toEqual({ ok: false, reason: 'hour' });
    expect(transferPrice(t, '2031-03-03', '23:00', 2).ok).toBe(true);
    expect(transferPrice(t, '2031-03-03', '10:00', 5)).toEqual({ ok: false, reason: 'pax' });
    expect(transferPrice({ ...t, minPax: 2 }, '2031-03-03', '10:00', 1)).toEqual({ ok: false, reason: 'pax' });
  });
  it('a private booking takes one vehicle, a shared one a seat per passenger', () => {
    expect(transferUnits('private', 5)).toBe(1);
    expect(transferUnits('shared', 5)).toBe(5);
  });
});
