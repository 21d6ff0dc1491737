import { type AgencyModule, firstSearcherPath, SEARCHER_LINKS } from './modules.js';
import { HOTEL_MODULES, TRANSFER_MODULES } from './routes.js';
import type { UserType } from './user-types.js';

export interface MenuItem {
  key: string;
  label: string;
  path?: string;
  disabled?: boolean;
  children?: MenuItem[];
}

const searchers = (modules: readonly AgencyModule[]): MenuItem => ({
  key: 'searchers',
  label: 'Buscadores',
  children: [
    // The search across every enabled hotel supplier comes first (docs/decisions/0100).
    ...(HOTEL_MODULES.some((m) => modules.includes(m))
      ? [{ key: ALL_HOTELS_SEARCH_PATH, label: 'Hoteles (todos)', path: ALL_HOTELS_SEARCH_PATH }]
      : []),
    ...(TRANSFER_MODULES.some((m) => modules.includes(m))
      ? [{ key: '/search/transfer', label: 'Traslados (todos)', path: '/search/transfer' }]
      : []),
    ...SEARCHER_LINKS.filter((l) => modules.includes(l.module)).map((l) => ({
      key: l.path,
      label: l.label,
      path: l.path,
    })),
  ],
});

/** One hotel search across every enabled supplier (issue 6). */
export const ALL_HOTELS_SEARCH_PATH = '/hotels/search';

const products: MenuItem = {
  key: 'product',
  label: 'Producto',
  children: [
    { key: 'product-hotel', label: 'Hoteles', path: '/product/hotel' },
    { key: 'product-transfer', label: 'Transportes', path: '/product/transfer' },
    { key: 'product-ticket', label: 'Tickets', path: '/product/ticket' },
    { key: 'place', label: 'Lugares', path: '/place/' },
  ],
};

const configuration: MenuItem = {
  key: 'configuration',
  label: 'Configuración',
  children: [
    { key: 'configuration-app', label: 'Aplicación', path: '/configuration/app' },
    { key: 'configuration-appearance', label: 'Apariencia', path: '/configuration/appearance' },
    { key: 'configuration-commission', label: 'Comisiones', path: '/configuration/commission' },
    { key: 'configuration-providers', label: 'Proveedores', path: '/configuration/providers' },
    { key: 'configuration-integrations', label: 'Integraciones', path: '/configuration/integrations' },
  ],
};

const item = (key: string, label: string, path: string): MenuItem => ({ key, label, path });
const logout = item('logout', 'Logout', '/logout');
/** The user's own profile page (issue 16 item 6; the spec showed it disabled). */
const profile: MenuItem = { key: 'profile', label: 'Perfil', path: '/profile' };

/**
 * The drawer of each user type, exactly as spec §2 Menus lists it. Resellers share the adviser's
 * set (agency staff without administration; docs/decisions/0003-reseller-menu.md).
 */
export function buildMenu(type: UserType, modules: readonly AgencyModule[]): MenuItem[] {
  switch (type) {
    case 'super':
      return [
        searchers(modules),
        item('agencies', 'Agencias', '/sa/agencies'),
        item('booking', 'Reservas', '/booking'),
        products,
        item('user', 'Usuarios', '/user/'),
        item('providers-template', 'Plantillas Proveedor', '/sa/providers-template'),
        item('whitelabels', 'White Labels', '/whitelabels/'),
        logout,
      ];
    case 'product-loader':
      return [searchers(modules), item('booking', 'Reservas', '/booking'), products, logout];
    case 'agency':
      return [
        profile,
        item('dashboard', 'Dashboard', '/dashboard'),
        searchers(modules),
        item('booking', 'Reservas', '/booking'),
        item('user', 'Usuarios', '/user/'),
        configuration,
        item('markup', 'Markups', '/markup/'),
        ...(modules.includes('white-labels') ? [item('whitelabels', 'White Labels', '/whitelabels/')] : []),
        logout,
      ];
    case 'adviser':
    case 'reseller':
      return [profile, item('dashboard', 'Dashboard', '/dashboard'), searchers(modules), item('booking', 'Reservas', '/booking'), logout];
  }
}

/** Labels of the top-level entries, for tests and for a quick look. */
export function menuLabels(menu: MenuItem[]): string[] {
  return menu.map((m) => m.label);
}

/** Where a user lands after signing in (spec §2 Login screen). */
export function homePath(type: UserType, modules: readonly AgencyModule[]): string {
  if (type === 'super') return '/sa/agencies';
  if (type === 'product-loader') return firstSearcherPath(modules);
  return '/dashboard';
}
