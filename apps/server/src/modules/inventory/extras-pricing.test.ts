import { describe, expect, it } from 'vitest';
import { ticketPrice, transferPrice, transferUnits } from './extras-pricing.js';

describe('ticketPrice', () => {
  const t = { price: '50.00', childPrice: '30.00', childrenAllowed: true, maxPeople: 4 };
  it('prices adults and children', () => {
    expect(ticketPrice(t, 2, [5, 8])).toEqual({ ok: true, total: '160.00', people: 4 });
    expect(ticketPrice({ ...t, childPrice: null }, 1, [5])).toEqual({ ok: true, total: '100.00', people: 2 });
  });
  it('refuses children when not allowed and groups above the maximum', () => {
    expect(ticketPrice({ ...t, childrenAllowed: false }, 2, [5])).toEqual({ ok: false, reason: 'children' });
    expect(ticketPrice(t, 4, [3])).toEqual({ ok: false, reason: 'max-people' });
  });
  it('refuses groups below the minimum, counting children', () => {
    expect(ticketPrice({ ...t, minPeople: 3 }, 2, [])).toEqual({ ok: false, reason: 'min-people' });
    expect(ticketPrice({ ...t, minPeople: 3 }, 2, [7])).toEqual({ ok: true, total: '130.00', people: 3 });
  });
});

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
