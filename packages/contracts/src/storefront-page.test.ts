import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format/money.js';
import { formatPrice, hotelResultsHeading } from './storefront-page.js';

describe('storefront page helpers', () => {
  it('formats a price exactly as formatMoney does, without decimal.js', () => {
    expect(formatPrice('1234567.891', 'COP')).toBe('1.234.568 COP');
    expect(formatPrice('1234.5', 'USD')).toBe('1,234.50 USD');
    expect(formatPrice('1234.505', 'EUR')).toBe('1.234,51 EUR');
    expect(formatPrice('0.125', 'usd')).toBe('0.13 USD');
    expect(formatPrice('abc', 'COP')).toBe('');
    const amount = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 6 })).map(([n, scale]) => {
      const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0');
      const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
      return n < 0n ? `-${text}` : text;
    });
    fc.assert(
      fc.property(amount, fc.constantFrom('COP', 'EUR', 'USD', 'MXN', ''), (a, c) => {
        expect(formatPrice(a, c)).toBe(formatMoney(a, c));
      }),
      { numRuns: 2000 },
    );
  });

  it('says what the hotel results page searches', () => {
    const q = new URLSearchParams({
      nombre: 'Cartagena de Indias',
      entrada: '2027-01-13',
      salida: '2027-01-15',
      adultos: '1',
      ninos: '7,4',
    });
    expect(hotelResultsHeading(q)).toEqual({
      title: 'Hoteles en Cartagena de Indias',
      summary: '13-01-2027 – 15-01-2027 · 1 adulto, 2 niños',
    });
    expect(hotelResultsHeading(new URLSearchParams('entrada=2027-01-13&salida=2027-01-15&ninos=5'))).toEqual({
      title: 'Hoteles',
      summary: '13-01-2027 – 15-01-2027 · 2 adultos, 1 niño',
    });
    expect(hotelResultsHeading(new URLSearchParams())).toEqual({ title: 'Hoteles', summary: null });
  });
});
