/** The hotel suppliers a search route can be for; `travesia` is the own inventory. */
export type HotelSupplier = 'travesia' | 'juniper' | 'restel' | 'hotelbeds';

/** One search screen, parametrised by its route (spec §2 hotel routes plus the all-suppliers search). */
export interface SearchVariant {
  key: string;
  path: string;
  title: string;
  /** Null: every enabled hotel supplier at once. */
  supplier: HotelSupplier | null;
  resort?: 'disney' | 'universal';
  /** Rooms per search the supplier takes (spec §9: Restel 3, others 9). */
  maxRooms: number;
}

export const SUPPLIER_NAMES: Record<string, string> = {
  travesia: 'Travesía',
  juniper: 'Juniper',
  restel: 'Restel',
  hotelbeds: 'Hotelbeds',
};

export const SEARCH_VARIANTS: SearchVariant[] = [
  { key: 'all', path: '/hotels/search', title: 'Hoteles: todos los proveedores', supplier: null, maxRooms: 9 },
  { key: 'travesia', path: '/hotels/search/travesia', title: 'Hoteles Travesía', supplier: 'travesia', maxRooms: 9 },
  { key: 'juniper', path: '/hotels/search/juniper', title: 'Hoteles Juniper', supplier: 'juniper', maxRooms: 9 },
  { key: 'restel', path: '/hotels/search/restel', title: 'Hoteles Restel', supplier: 'restel', maxRooms: 3 },
  { key: 'hotelbeds', path: '/hotels/search/hotelbeds', title: 'Hoteles Hotelbeds', supplier: 'hotelbeds', maxRooms: 9 },
  ...(['disney', 'universal'] as const).flatMap((resort) => {
    const title = `Hoteles ${resort === 'disney' ? 'Disney' : 'Universal'}`;
    return [
      { key: `juniper-${resort}`, path: `/hotels/search/${resort}/juniper`, title, supplier: 'juniper' as const, resort, maxRooms: 9 },
      { key: `juniper-${resort}`, path: `/hotels/search/juniper/${resort}`, title, supplier: 'juniper' as const, resort, maxRooms: 9 },
    ];
  }),
];

export const optionsPath = (supplier: string) => `/hotels/options/${supplier}`;
export const reservePath = (supplier: string) => `/hotels/reserve/${supplier}`;
