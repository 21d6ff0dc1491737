import { countrySchema } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { countryByAlpha2, countryCatalog, spanishCountryName } from './countries.js';

describe('country catalogue', () => {
  const list = countryCatalog();

  it('has about 250 countries, each with both ISO codes, a Spanish name and a calling code', () => {
    expect(list.length).toBeGreaterThanOrEqual(245);
    expect(list.length).toBeLessThanOrEqual(255);
    for (const c of list) {
      expect(() => countrySchema.parse(c)).not.toThrow();
      expect(c.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(c.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(c.name.length).toBeGreaterThan(1);
      expect(c.phoneCode).toMatch(/^\d{1,4}$/);
      expect(c.phoneCodes).toContain(c.phoneCode);
    }
    expect(new Set(list.map((c) => c.alpha2)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.alpha3)).size).toBe(list.length);
  });

  it('names countries in Spanish and knows their codes', () => {
    expect(countryByAlpha2('co')).toEqual({ alpha2: 'CO', alpha3: 'COL', name: 'Colombia', phoneCode: '57', phoneCodes: ['57'] });
    expect(countryByAlpha2('US')).toMatchObject({ alpha3: 'USA', name: 'Estados Unidos', phoneCode: '1' });
    expect(countryByAlpha2('ES')).toMatchObject({ alpha3: 'ESP', name: 'España', phoneCode: '34' });
    expect(countryByAlpha2('MX')).toMatchObject({ alpha3: 'MEX', name: 'México', phoneCode: '52' });
    expect(countryByAlpha2('DE')?.name).toBe('Alemania');
    expect(countryByAlpha2('DO')?.phoneCodes).toEqual(['1809', '1829', '1849']);
    expect(spanishCountryName('BR')).toBe('Brasil');
    expect(countryByAlpha2('XX')).toBeUndefined();
  });

  it('is sorted by Spanish name, accents ignored', () => {
    const names = list.map((c) => c.name);
    const collator = new Intl.Collator('es', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(names.indexOf('Islandia')).toBeGreaterThan(names.indexOf('Irlanda'));
  });
});
