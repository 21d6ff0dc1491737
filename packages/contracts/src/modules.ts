/** Agency option flags (spec §3). `travesia` is the operator's own inventory brand. */
export const PRODUCT_BRAND = 'travesia';

export const AGENCY_MODULES = [
  'hotels-travesia',
  'transfers-travesia',
  'tickets-travesia',
  'hotels-juniper',
  'hotels-juniper-disney',
  'hotels-juniper-universal',
  'transfers-juniper',
  'tickets-juniper',
  'hotels-restel',
  'hotels-hotelbeds',
  'tickets-hotelbeds',
  'transfers-hotelbeds',
  'flights-santsg-tourvisio',
  'white-labels',
] as const;
export type AgencyModule = (typeof AGENCY_MODULES)[number];

export const AGENCY_MODULE_LABELS: Record<AgencyModule, string> = {
  'hotels-travesia': 'Hoteles Travesía',
  'transfers-travesia': 'Traslados Travesía',
  'tickets-travesia': 'Tickets Travesía',
  'hotels-juniper': 'Hoteles Juniper',
  'hotels-juniper-disney': 'Hoteles Disney (Juniper)',
  'hotels-juniper-universal': 'Hoteles Universal (Juniper)',
  'transfers-juniper': 'Traslados Juniper',
  'tickets-juniper': 'Tickets Juniper',
  'hotels-restel': 'Hoteles Restel',
  'hotels-hotelbeds': 'Hoteles Hotelbeds',
  'tickets-hotelbeds': 'Tickets Hotelbeds',
  'transfers-hotelbeds': 'Traslados Hotelbeds',
  'flights-santsg-tourvisio': 'Vuelos SAN TSG TourVisio',
  'white-labels': 'White Labels',
};

/** Searcher pages, in the spec's default priority (§2 Login screen): hotels, then transfers, then tickets, then flights. */
export const SEARCHER_LINKS: ReadonlyArray<{ module: AgencyModule; path: string; label: string }> = [
  { module: 'hotels-travesia', path: `/hotels/search/${PRODUCT_BRAND}`, label: 'Hoteles Travesía' },
  { module: 'hotels-juniper', path: '/hotels/search/juniper', label: 'Hoteles Juniper' },
  { module: 'hotels-restel', path: '/hotels/search/restel', label: 'Hoteles Restel' },
  { module: 'hotels-hotelbeds', path: '/hotels/search/hotelbeds', label: 'Hoteles Hotelbeds' },
  { module: 'hotels-juniper-disney', path: '/hotels/search/disney/juniper', label: 'Hoteles Disney' },
  { module: 'hotels-juniper-universal', path: '/hotels/search/universal/juniper', label: 'Hoteles Universal' },
  { module: 'transfers-travesia', path: `/search/transfer/${PRODUCT_BRAND}`, label: 'Traslados Travesía' },
  { module: 'transfers-juniper', path: '/search/transfer/juniper', label: 'Traslados Juniper' },
  { module: 'transfers-hotelbeds', path: '/search/transfer/hotelbeds', label: 'Traslados Hotelbeds' },
  { module: 'tickets-travesia', path: `/search/tickets/${PRODUCT_BRAND}`, label: 'Tickets Travesía' },
  { module: 'tickets-hotelbeds', path: '/search/tickets/hotelbeds', label: 'Tickets Hotelbeds' },
  { module: 'tickets-juniper', path: '/search/tickets/juniper', label: 'Tickets Juniper' },
  { module: 'flights-santsg-tourvisio', path: '/search/flight/santsg', label: 'Vuelos' },
];

export const DEFAULT_SEARCHER_PATH = `/hotels/search/${PRODUCT_BRAND}`;

/** A user sees a module when the agency enables it; a user with no agency (super, product-loader) sees all. */
export function enabledModules(options: Partial<Record<AgencyModule, boolean>> | null | undefined): AgencyModule[] {
  if (!options) return [...AGENCY_MODULES];
  return AGENCY_MODULES.filter((m) => options[m] === true);
}

export function firstSearcherPath(modules: readonly AgencyModule[]): string {
  return SEARCHER_LINKS.find((l) => modules.includes(l.module))?.path ?? DEFAULT_SEARCHER_PATH;
}
