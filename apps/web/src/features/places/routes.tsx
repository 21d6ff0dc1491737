import type { RouteObject } from 'react-router';
import { PlaceForm } from './components/place-form';
import { PlaceList } from './components/place-list';

/** Places (spec §2): list, create and edit. The admin layout checks `places:manage` (ROUTE_RULES). */
export const placeRoutes: RouteObject[] = [
  { path: '/place', element: <PlaceList /> },
  { path: '/place/create', element: <PlaceForm /> },
  { path: '/place/:id', element: <PlaceForm /> },
];
