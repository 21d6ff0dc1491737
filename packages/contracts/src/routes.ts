import type { AgencyModule } from './modules.js';
import { can, type Permission } from './permissions.js';
import type { UserType } from './user-types.js';

/**
 * Route-level permission checks (spec §6 left them unstated; docs/decisions/0002-route-permissions.md).
 * A pattern uses `:param` segments; the first match wins, so specific patterns come first.
 */
export interface RouteRule {
  pattern: string;
  permission: Permission;
  /** The agency module the page needs; a list means any one of them is enough. */
  module?: AgencyModule | readonly AgencyModule[];
}

const JUNIPER_HOTEL_MODULES: readonly AgencyModule[] = ['hotels-juniper', 'hotels-juniper-disney', 'hotels-juniper-universal'];

/** Every hotel module: the all-suppliers search opens with any of them (docs/decisions/0100). */
export const HOTEL_MODULES: readonly AgencyModule[] = [
  'hotels-travesia',
  'hotels-juniper',
  'hotels-juniper-disney',
  'hotels-juniper-universal',
  'hotels-restel',
  'hotels-hotelbeds',
];

/** The transfer modules whose suppliers the booking engine searches: the all-suppliers transfer search opens with any of them. */
export const TRANSFER_MODULES: readonly AgencyModule[] = ['transfers-travesia', 'transfers-hotelbeds', 'transfers-juniper'];

export const ROUTE_RULES: RouteRule[] = [
  { pattern: '/dashboard', permission: 'dashboard:view' },
  { pattern: '/configuration/*', permission: 'configuration:manage' },
  { pattern: '/configuration', permission: 'configuration:manage' },
  { pattern: '/user/*', permission: 'users:manage' },
  { pattern: '/user', permission: 'users:manage' },
  { pattern: '/product/*', permission: 'products:manage' },
  { pattern: '/booking/*', permission: 'vouchers:read' },
  { pattern: '/booking', permission: 'vouchers:read' },
  { pattern: '/markup/*', permission: 'markups:manage' },
  { pattern: '/markup', permission: 'markups:manage' },
  { pattern: '/place/*', permission: 'places:manage' },
  { pattern: '/place', permission: 'places:manage' },
  { pattern: '/sa/providers-template', permission: 'provider-templates:manage' },
  { pattern: '/sa/*', permission: 'agencies:manage' },
  { pattern: '/whitelabels/*', permission: 'whitelabels:manage', module: 'white-labels' },
  { pattern: '/whitelabels', permission: 'whitelabels:manage', module: 'white-labels' },
  { pattern: '/whitelabel/*', permission: 'whitelabels:manage', module: 'white-labels' },
  { pattern: '/hotels/*/disney/*', permission: 'search:use', module: 'hotels-juniper-disney' },
  { pattern: '/hotels/*/juniper/disney', permission: 'search:use', module: 'hotels-juniper-disney' },
  { pattern: '/hotels/*/universal/*', permission: 'search:use', module: 'hotels-juniper-universal' },
  { pattern: '/hotels/*/juniper/universal', permission: 'search:use', module: 'hotels-juniper-universal' },
  // One reserve (and options) page serves the three Juniper hotel modes (spec §2): any of them opens it.
  { pattern: '/hotels/reserve/juniper', permission: 'search:use', module: JUNIPER_HOTEL_MODULES },
  { pattern: '/hotels/options/juniper', permission: 'search:use', module: JUNIPER_HOTEL_MODULES },
  { pattern: '/hotels/search', permission: 'search:use', module: HOTEL_MODULES },
  { pattern: '/hotels/*/travesia', permission: 'search:use', module: 'hotels-travesia' },
  { pattern: '/hotels/*/juniper', permission: 'search:use', module: 'hotels-juniper' },
  { pattern: '/hotels/*/restel', permission: 'search:use', module: 'hotels-restel' },
  { pattern: '/hotels/*/hotelbeds', permission: 'search:use', module: 'hotels-hotelbeds' },
  { pattern: '/hotels/*', permission: 'search:use' },
  // An own ticket's QR checked in (decision 0360): whoever may see the voucher.
  { pattern: '/tickets/check-in', permission: 'vouchers:read' },
  { pattern: '/search/tickets/travesia', permission: 'search:use', module: 'tickets-travesia' },
  { pattern: '/tickets/*/travesia', permission: 'search:use', module: 'tickets-travesia' },
  { pattern: '/search/tickets/hotelbeds', permission: 'search:use', module: 'tickets-hotelbeds' },
  { pattern: '/tickets/*/hotelbeds', permission: 'search:use', module: 'tickets-hotelbeds' },
  { pattern: '/search/tickets/juniper', permission: 'search:use', module: 'tickets-juniper' },
  { pattern: '/tickets/*/juniper', permission: 'search:use', module: 'tickets-juniper' },
  // One search over every ticket source: any ticket module opens it.
  { pattern: '/tickets/search', permission: 'search:use', module: ['tickets-travesia', 'tickets-hotelbeds', 'tickets-juniper'] },
  { pattern: '/search/transfer/travesia', permission: 'search:use', module: 'transfers-travesia' },
  { pattern: '/reserve/transfer/travesia', permission: 'search:use', module: 'transfers-travesia' },
  { pattern: '/search/transfer/juniper', permission: 'search:use', module: 'transfers-juniper' },
  { pattern: '/search/transfer/hotelbeds', permission: 'search:use', module: 'transfers-hotelbeds' },
  // The search over every transfer supplier and the one reserve page of the engine's transfers: any transfer module opens them.
  { pattern: '/search/transfer', permission: 'search:use', module: TRANSFER_MODULES },
  { pattern: '/reserve/transfer', permission: 'search:use', module: TRANSFER_MODULES },
  { pattern: '/search/flight/*', permission: 'search:use', module: 'flights-santsg-tourvisio' },
  { pattern: '/flight/*', permission: 'search:use', module: 'flights-santsg-tourvisio' },
  { pattern: '/search/*', permission: 'search:use' },
];

/** `*` matches one or more path segments. Trailing slashes are ignored. */
export function matchRoute(path: string): RouteRule | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  return ROUTE_RULES.find((r) => {
    const re = new RegExp(`^${r.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.+')}$`);
    return re.test(clean);
  });
}

/**
 * Whether a signed-in user may open a page: its rule's permission is in the user's type and its
 * module (if any) is enabled. A path with no rule (e.g. /about) is open to everyone signed in.
 */
export function canOpen(path: string, type: UserType, modules: readonly AgencyModule[]): boolean {
  const rule = matchRoute(path);
  if (!rule) return true;
  if (!can(type, rule.permission)) return false;
  if (!rule.module) return true;
  const needed: readonly AgencyModule[] = typeof rule.module === 'string' ? [rule.module] : rule.module;
  return needed.some((m) => modules.includes(m));
}
