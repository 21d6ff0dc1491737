import type { RouteObject } from 'react-router';
import { HotelAvail } from './components/hotel-avail';
import { HotelConfiguration } from './components/hotel-configuration';
import { HotelForm } from './components/hotel-form';
import { HotelList } from './components/hotel-list';
import { TicketAvail } from './components/ticket-avail';
import { TicketForm } from './components/ticket-form';
import { TicketList } from './components/ticket-list';
import { TransferAvail } from './components/transfer-avail';
import { TransferForm } from './components/transfer-form';
import { TransferList } from './components/transfer-list';

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
