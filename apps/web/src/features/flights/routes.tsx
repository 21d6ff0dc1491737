import type { RouteObject } from 'react-router';
import { FlightOptionsPage } from './components/options-page';
import { FlightReservePage } from './components/reserve-page';
import { FlightResultsPage } from './components/results-page';
import { FlightSearchPage } from './components/search-page';

/** Spec §2 Santsg flight routes (mode flight). */
export const flightRoutes: RouteObject[] = [
  { path: '/search/flight/santsg', element: <FlightSearchPage /> },
  { path: '/flight/santsg/avail/:type?', element: <FlightResultsPage /> },
  { path: '/flight/santsg/options/:id?/:type?', element: <FlightOptionsPage /> },
  { path: '/flight/reserve/santsg/:type?', element: <FlightReservePage /> },
];
