import { describe, expect, it } from 'vitest';
import { AGENCY_MODULES, enabledModules, firstSearcherPath } from './modules.js';
import { can, manageableUserTypes } from './permissions.js';
import { matchRoute } from './routes.js';

const all = [...AGENCY_MODULES];

describe('searcher priority (spec §2 Login screen)', () => {
  it('hotels travesia, juniper, restel, hotelbeds, then transfers, then tickets; fallback travesia', () => {
    expect(firstSearcherPath(all)).toBe('/hotels/search/travesia');
    expect(firstSearcherPath(['tickets-travesia', 'hotels-restel'])).toBe('/hotels/search/restel');
    expect(firstSearcherPath(['tickets-travesia', 'transfers-juniper'])).toBe('/search/transfer/juniper');
    expect(firstSearcherPath([])).toBe('/hotels/search/travesia');
  });

  it('platform staff (no agency) get every module; agencies only the flags that are on', () => {
    expect(enabledModules(null)).toEqual(all);
    expect(enabledModules({ 'hotels-restel': true, 'hotels-juniper': false })).toEqual(['hotels-restel']);
  });
});

describe('permissions (spec §6)', () => {
  it('advisers lack users, configuration, markups and white labels', () => {
    for (const p of ['users:manage', 'configuration:manage', 'markups:manage', 'whitelabels:manage'] as const) {
      expect(can('adviser', p)).toBe(false);
      expect(can('agency', p)).toBe(true);
    }
  });

  it('super alone has agencies and provider templates; product-loader has products and places', () => {
    expect(can('super', 'agencies:manage')).toBe(true);
    expect(can('agency', 'agencies:manage')).toBe(false);
    expect(can('super', 'provider-templates:manage')).toBe(true);
    expect(can('product-loader', 'products:manage')).toBe(true);
    expect(can('product-loader', 'places:manage')).toBe(true);
    expect(can('agency', 'products:manage')).toBe(false);
  });

  it('an agency admin manages only agency staff types', () => {
    expect(manageableUserTypes('agency')).toEqual(['agency', 'adviser', 'reseller']);
    expect(manageableUserTypes('adviser')).toEqual([]);
  });

  it('route rules cover the spec routes', () => {
    expect(matchRoute('/user/')?.permission).toBe('users:manage');
    expect(matchRoute('/sa/agencies/123/providers')?.permission).toBe('agencies:manage');
    expect(matchRoute('/sa/providers-template')?.permission).toBe('provider-templates:manage');
    expect(matchRoute('/hotels/search/disney/juniper')).toMatchObject({ module: 'hotels-juniper-disney' });
    expect(matchRoute('/hotels/search/juniper/universal')).toMatchObject({ module: 'hotels-juniper-universal' });
    expect(matchRoute('/hotels/reserve/restel')).toMatchObject({ module: 'hotels-restel' });
    expect(matchRoute('/flight/santsg/options/abc/2')).toMatchObject({ module: 'flights-santsg-tourvisio' });
    expect(matchRoute('/whitelabel/9/payments')).toMatchObject({ module: 'white-labels' });
    expect(matchRoute('/about')).toBeUndefined();
  });
});
