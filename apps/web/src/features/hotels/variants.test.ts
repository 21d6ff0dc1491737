import { describe, expect, it } from 'vitest';
import { optionsPath, reservePath, SEARCH_VARIANTS, SUPPLIER_NAMES } from './variants';

const byPath = (path: string) => SEARCH_VARIANTS.find((v) => v.path === path);

describe('hotel search variants', () => {
  it('has one route per supplier plus the all-suppliers search, each path once', () => {
    const paths = SEARCH_VARIANTS.map((v) => v.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(byPath('/hotels/search')).toMatchObject({ key: 'all', supplier: null });
    for (const supplier of Object.keys(SUPPLIER_NAMES)) {
      expect(byPath(`/hotels/search/${supplier}`)).toMatchObject({ key: supplier, supplier, title: `Hoteles ${SUPPLIER_NAMES[supplier]}` });
      expect(byPath(`/hotels/search/${supplier}`)?.resort).toBeUndefined();
    }
  });

  it('takes 3 rooms on Restel and 9 elsewhere (spec §9)', () => {
    for (const v of SEARCH_VARIANTS) expect(v.maxRooms).toBe(v.supplier === 'restel' ? 3 : 9);
  });

  it('searches Juniper with the resort on both spellings of the Disney and Universal routes, sharing the saved state', () => {
    for (const resort of ['disney', 'universal'] as const) {
      const a = byPath(`/hotels/search/${resort}/juniper`);
      const b = byPath(`/hotels/search/juniper/${resort}`);
      expect(a).toMatchObject({ supplier: 'juniper', resort, key: `juniper-${resort}` });
      expect(b).toEqual({ ...a, path: b?.path });
    }
  });

  it('builds the options and reserve paths of a supplier', () => {
    expect(optionsPath('restel')).toBe('/hotels/options/restel');
    expect(reservePath('juniper')).toBe('/hotels/reserve/juniper');
  });
});
