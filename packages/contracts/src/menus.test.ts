import { describe, expect, it } from 'vitest';
import { buildMenu, homePath, type MenuItem, menuLabels } from './menus.js';
import { AGENCY_MODULES, type AgencyModule } from './modules.js';
import { canOpen } from './routes.js';
import { USER_TYPES } from './user-types.js';

const ALL = [...AGENCY_MODULES];
const withoutWhiteLabels = ALL.filter((m) => m !== 'white-labels');

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [...(i.path ? [i.path] : []), ...paths(i.children ?? [])]);

describe('buildMenu (spec §2 Menus)', () => {
  it('gives the agency its drawer, White Labels only with the module', () => {
    expect(menuLabels(buildMenu('agency', ALL))).toEqual([
      'Perfil',
      'Dashboard',
      'Buscadores',
      'Reservas',
      'Usuarios',
      'Configuración',
      'Markups',
      'White Labels',
      'Logout',
    ]);
    expect(menuLabels(buildMenu('agency', withoutWhiteLabels))).not.toContain('White Labels');
    expect(buildMenu('agency', ALL).find((i) => i.key === 'profile')).toMatchObject({ path: '/profile' });
  });

  it('takes administration away from advisers and resellers', () => {
    for (const type of ['adviser', 'reseller'] as const) {
      expect(menuLabels(buildMenu(type, ALL))).toEqual(['Perfil', 'Dashboard', 'Buscadores', 'Reservas', 'Logout']);
    }
  });

  it('gives super and the product loader their drawers', () => {
    expect(menuLabels(buildMenu('super', ALL))).toEqual([
      'Buscadores',
      'Agencias',
      'Reservas',
      'Producto',
      'Usuarios',
      'Plantillas Proveedor',
      'White Labels',
      'Logout',
    ]);
    expect(menuLabels(buildMenu('product-loader', ALL))).toEqual(['Buscadores', 'Reservas', 'Producto', 'Logout']);
    expect(menuLabels(buildMenu('super', ALL).find((i) => i.key === 'product')?.children ?? [])).toEqual([
      'Hoteles',
      'Transportes',
      'Tickets',
      'Lugares',
    ]);
  });

  it('lists only the searchers of enabled modules', () => {
    const modules: AgencyModule[] = ['hotels-restel', 'tickets-hotelbeds'];
    const searchers = buildMenu('adviser', modules).find((i) => i.key === 'searchers');
    expect(searchers?.children?.map((c) => c.path)).toEqual(['/hotels/search', '/hotels/search/restel', '/search/tickets/hotelbeds']);
  });

  it('never links to a page the same user could not open', () => {
    for (const type of USER_TYPES) {
      for (const path of paths(buildMenu(type, ALL))) {
        if (path === '/logout') continue;
        expect(canOpen(path, type, ALL), `${type} ${path}`).toBe(true);
      }
    }
  });
});

describe('homePath (spec §2 Login screen)', () => {
  it('sends each type to its landing page', () => {
    expect(homePath('super', ALL)).toBe('/sa/agencies');
    expect(homePath('agency', ALL)).toBe('/dashboard');
    expect(homePath('adviser', ALL)).toBe('/dashboard');
    expect(homePath('reseller', [])).toBe('/dashboard');
    expect(homePath('product-loader', ALL)).toBe('/hotels/search/travesia');
    expect(homePath('product-loader', ['transfers-juniper', 'tickets-travesia'])).toBe('/search/transfer/juniper');
    expect(homePath('product-loader', [])).toBe('/hotels/search/travesia');
  });
});
