import type { RouteObject } from 'react-router';
import { TicketCheckInPage } from './components/ticket-check-in-page';
import { TicketOptionsPage } from './components/ticket-options-page';
import { TicketReservePage } from './components/ticket-reserve-page';
import { TicketSearchPage } from './components/ticket-search-page';
import { optionsPath, reservePath, TICKET_VARIANTS } from './state';

const SUPPLIERS = ['travesia', 'hotelbeds', 'juniper'] as const;

/** Every ticket route of spec §2, plus /tickets/search (all sources) and the Juniper options/reserve pages the spec leaves out. */
export const ticketRoutes: RouteObject[] = [
  ...TICKET_VARIANTS.map((v) => ({ path: v.path, element: <TicketSearchPage key={v.path} variant={v} /> })),
  ...SUPPLIERS.map((s) => ({ path: optionsPath(s), element: <TicketOptionsPage key={s} supplier={s} /> })),
  ...SUPPLIERS.map((s) => ({ path: reservePath(s), element: <TicketReservePage key={s} supplier={s} /> })),
  { path: '/tickets/check-in', element: <TicketCheckInPage /> },
];
