import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page';
import { optionsPath, reservePath, TICKET_VARIANTS } from './state';

const TicketCheckInPage = lazyPage(() => import('./components/ticket-check-in-page'), 'TicketCheckInPage');
const TicketOptionsPage = lazyPage(() => import('./components/ticket-options-page'), 'TicketOptionsPage');
const TicketReservePage = lazyPage(() => import('./components/ticket-reserve-page'), 'TicketReservePage');
const TicketSearchPage = lazyPage(() => import('./components/ticket-search-page'), 'TicketSearchPage');

const SUPPLIERS = ['travesia', 'hotelbeds', 'juniper'] as const;

/** Every ticket route of spec §2, plus /tickets/search (all sources) and the Juniper options/reserve pages the spec leaves out. */
export const ticketRoutes: RouteObject[] = [
  ...TICKET_VARIANTS.map((v) => ({ path: v.path, element: <TicketSearchPage key={v.path} variant={v} /> })),
  ...SUPPLIERS.map((s) => ({ path: optionsPath(s), element: <TicketOptionsPage key={s} supplier={s} /> })),
  ...SUPPLIERS.map((s) => ({ path: reservePath(s), element: <TicketReservePage key={s} supplier={s} /> })),
  { path: '/tickets/check-in', element: <TicketCheckInPage /> },
];
