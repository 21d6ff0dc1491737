import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';

const HotelAvail = lazyPage(() => import('./components/hotel-avail'), 'HotelAvail');
const HotelConfiguration = lazyPage(() => import('./components/hotel-configuration'), 'HotelConfiguration');
const HotelForm = lazyPage(() => import('./components/hotel-form'), 'HotelForm');
const HotelList = lazyPage(() => import('./components/hotel-list'), 'HotelList');
const TicketAvail = lazyPage(() => import('./components/ticket-avail'), 'TicketAvail');
const TicketForm = lazyPage(() => import('./components/ticket-form'), 'TicketForm');
const TicketList = lazyPage(() => import('./components/ticket-list'), 'TicketList');
const TransferAvail = lazyPage(() => import('./components/transfer-avail'), 'TransferAvail');
const TransferForm = lazyPage(() => import('./components/transfer-form'), 'TransferForm');
const TransferList = lazyPage(() => import('./components/transfer-list'), 'TransferList');

/** Own-inventory products (spec §2). The admin layout checks `products:manage` (ROUTE_RULES '/product/*'). */
export const productRoutes: RouteObject[] = [
  { path: '/product/hotel', element: <HotelList /> },
  { path: '/product/hotel/create', element: <HotelForm /> },
  { path: '/product/hotel/avail', element: <HotelAvail /> },
  { path: '/product/hotel/configuration', element: <HotelConfiguration /> },
  { path: '/product/hotel/:id', element: <HotelForm /> },
  { path: '/product/transfer', element: <TransferList /> },
  { path: '/product/transfer/create', element: <TransferForm /> },
  { path: '/product/transfer/avail', element: <TransferAvail /> },
  { path: '/product/transfer/:id', element: <TransferForm /> },
  { path: '/product/ticket', element: <TicketList /> },
  { path: '/product/ticket/create', element: <TicketForm /> },
  { path: '/product/ticket/avail', element: <TicketAvail /> },
  { path: '/product/ticket/:id', element: <TicketForm /> },
];
