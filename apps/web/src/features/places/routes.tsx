import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const PlaceForm = lazyPage(() => import('./components/place-form'), 'PlaceForm');
const PlaceList = lazyPage(() => import('./components/place-list'), 'PlaceList');

/** Places (spec §2): list, create and edit. The admin layout checks `places:manage` (ROUTE_RULES). */
export const placeRoutes: RouteObject[] = [
  { path: '/place', element: <PlaceList /> },
  { path: '/place/create', element: <PlaceForm /> },
  { path: '/place/:id', element: <PlaceForm /> },
];
