import { describe, expect, it } from 'vitest';
import { AGENCY_MODULES, type AgencyModule, SEARCHER_LINKS } from './modules.js';
import { canOpen, matchRoute } from './routes.js';

const ALL = [...AGENCY_MODULES];

describe('matchRoute', () => {
  it('finds the rule of admin pages, ignoring a trailing slash', () => {
    expect(matchRoute('/user/')?.permission).toBe('users:manage');
    expect(matchRoute('/user/create')?.permission).toBe('users:manage');
    expect(matchRoute('/sa/providers-template')?.permission).toBe('provider-templates:manage');
    expect(matchRoute('/sa/agencies/123/providers')?.permission).toBe('agencies:manage');
    expect(matchRoute('/whitelabel/abc/payments')?.module).toBe('white-labels');
  });

  it('leaves /about without a rule', () => {
    expect(matchRoute('/about')).toBeUndefined();
  });

  it('ties every searcher link to its own module', () => {
    for (const link of SEARCHER_LINKS) expect(matchRoute(link.path)?.module, link.path).toBe(link.module);
  });

  it('ties options and reserve pages to their supplier module', () => {
    expect(matchRoute('/hotels/options/travesia')?.module).toBe('hotels-travesia');
    expect(matchRoute('/hotels/reserve/restel')?.module).toBe('hotels-restel');
    expect(matchRoute('/hotels/search/juniper/disney')?.module).toBe('hotels-juniper-disney');
    expect(matchRoute('/hotels/search/juniper/universal')?.module).toBe('hotels-juniper-universal');
    expect(matchRoute('/tickets/options/hotelbeds')?.module).toBe('tickets-hotelbeds');
    expect(matchRoute('/reserve/transfer/travesia')?.module).toBe('transfers-travesia');
    expect(matchRoute('/flight/santsg/options/42/2')?.module).toBe('flights-santsg-tourvisio');
    expect(matchRoute('/flight/reserve/santsg/1')?.module).toBe('flights-santsg-tourvisio');
  });
});

describe('canOpen', () => {
  it('lets each type open only what its permissions allow', () => {
    expect(canOpen('/user/', 'agency', ALL)).toBe(true);
    expect(canOpen('/user/', 'adviser', ALL)).toBe(false);
    expect(canOpen('/user/create', 'reseller', ALL)).toBe(false);
    expect(canOpen('/sa/agencies', 'agency', ALL)).toBe(false);
    expect(canOpen('/sa/agencies', 'super', ALL)).toBe(true);
    expect(canOpen('/dashboard', 'product-loader', ALL)).toBe(false);
    expect(canOpen('/product/hotel', 'product-loader', ALL)).toBe(true);
    expect(canOpen('/product/hotel', 'agency', ALL)).toBe(false);
    expect(canOpen('/about', 'reseller', [])).toBe(true);
  });

  it('needs the module of the page enabled', () => {
    const hotelsOnly: AgencyModule[] = ['hotels-travesia'];
    expect(canOpen('/hotels/search/travesia', 'adviser', hotelsOnly)).toBe(true);
    expect(canOpen('/hotels/search/restel', 'adviser', hotelsOnly)).toBe(false);
    expect(canOpen('/whitelabels/', 'agency', hotelsOnly)).toBe(false);
    expect(canOpen('/whitelabels/', 'agency', ['white-labels'])).toBe(true);
  });

  it('opens the Juniper reserve page with any of the three Juniper hotel modes', () => {
    expect(canOpen('/hotels/reserve/juniper', 'agency', ['hotels-juniper-disney'])).toBe(true);
    expect(canOpen('/hotels/reserve/juniper', 'agency', ['hotels-juniper-universal'])).toBe(true);
    expect(canOpen('/hotels/reserve/juniper', 'agency', ['hotels-juniper'])).toBe(true);
    expect(canOpen('/hotels/reserve/juniper', 'agency', ['hotels-restel'])).toBe(false);
  });
});
