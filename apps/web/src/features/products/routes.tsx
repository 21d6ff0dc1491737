import type { RouteObject } from 'react-router';
import { HotelAvail } from './components/hotel-avail';
import { HotelConfiguration } from './components/hotel-configuration';
import { HotelForm } from './components/hotel-form';
import { HotelList } from './components/hotel-list';

/** Own-inventory products (spec §2). The admin layout checks `products:manage` (ROUTE_RULES '/product/*'). */
export const productRoutes: RouteObject[] = [
  { path: '/product/hotel', element: <HotelList /> },
  { path: '/product/hotel/create', element: <HotelForm /> },
  { path: '/product/hotel/avail', element: <HotelAvail /> },
  { path: '/product/hotel/configuration', element: <HotelConfiguration /> },
  { path: '/product/hotel/:id', element: <HotelForm /> },
];
