import { formatMoney } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { perNightText } from './per-night';

describe('perNightText', () => {
  it('divides the total by the nights, rounded to cents, in the price currency', () => {
    expect(perNightText({ amount: '304.82', currency: 'USD' }, 2)).toBe(`${formatMoney('152.41', 'USD')} por noche`);
    expect(perNightText({ amount: '100.00', currency: 'USD' }, 3)).toBe(`${formatMoney('33.33', 'USD')} por noche`);
    expect(perNightText({ amount: '1000000', currency: 'COP' }, 4)).toBe(`${formatMoney('250000.00', 'COP')} por noche`);
  });

  it('says nothing for one night or unknown nights', () => {
    expect(perNightText({ amount: '120.00', currency: 'USD' }, 1)).toBeNull();
    expect(perNightText({ amount: '120.00', currency: 'USD' }, undefined)).toBeNull();
    expect(perNightText({ amount: '120.00', currency: 'USD' }, null)).toBeNull();
  });
});
