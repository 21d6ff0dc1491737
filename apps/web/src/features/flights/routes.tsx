import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const FlightOptionsPage = lazyPage(() => import('./components/options-page'), 'FlightOptionsPage');
const FlightReservePage = lazyPage(() => import('./components/reserve-page'), 'FlightReservePage');
const FlightResultsPage = lazyPage(() => import('./components/results-page'), 'FlightResultsPage');
const FlightSearchPage = lazyPage(() => import('./components/search-page'), 'FlightSearchPage');

/** Spec §2 Santsg flight routes (mode flight). */
export const flightRoutes: RouteObject[] = [
  { path: '/search/flight/santsg', element: <FlightSearchPage /> },
  { path: '/flight/santsg/avail/:type?', element: <FlightResultsPage /> },
  { path: '/flight/santsg/options/:id?/:type?', element: <FlightOptionsPage /> },
  { path: '/flight/reserve/santsg/:type?', element: <FlightReservePage /> },
];
