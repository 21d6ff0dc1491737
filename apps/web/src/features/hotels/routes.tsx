import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';
import { optionsPath, reservePath, SEARCH_VARIANTS } from './variants';

const HotelSearchPage = lazyPage(() => import('./components/hotel-search-page'), 'HotelSearchPage');
const OptionsPage = lazyPage(() => import('./components/options-page'), 'OptionsPage');
const ReservePage = lazyPage(() => import('./components/reserve-page'), 'ReservePage');

const SUPPLIERS = ['travesia', 'juniper', 'restel', 'hotelbeds'] as const;

/**
 * Every hotel route of spec §2, plus /hotels/search (all suppliers) and the options/reserve pages the
 * spec leaves out for Juniper and Hotelbeds (docs/decisions/0102).
 */
export const hotelRoutes: RouteObject[] = [
  ...SEARCH_VARIANTS.map((v) => ({ path: v.path, element: <HotelSearchPage key={v.path} variant={v} /> })),
  ...SUPPLIERS.map((s) => ({ path: optionsPath(s), element: <OptionsPage key={s} supplier={s} /> })),
  ...SUPPLIERS.map((s) => ({ path: reservePath(s), element: <ReservePage key={s} supplier={s} /> })),
];
