import type { TicketOption, TicketQuote } from '@travesia/contracts';
import { storage } from '../../lib/storage';
import { type CheckoutBase, checkoutStore } from '../../shared/booking/checkout/checkout-store';
import type { StreamState } from '../../shared/booking/stream/stream-state';

export type TicketSupplier = 'travesia' | 'hotelbeds' | 'juniper';

/** A ticket search route (spec §2) or the all-sources search. */
export interface TicketVariant {
  key: string;
  path: string;
  title: string;
  /** null: every usable ticket source. */
  supplier: TicketSupplier | null;
}

export const SUPPLIER_NAMES: Record<string, string> = { travesia: 'Travesía', hotelbeds: 'Hotelbeds', juniper: 'Juniper' };

export const TICKET_VARIANTS: TicketVariant[] = [
  { key: 'all', path: '/tickets/search', title: 'Tickets y actividades', supplier: null },
  { key: 'travesia', path: '/search/tickets/travesia', title: 'Tickets Travesía', supplier: 'travesia' },
  { key: 'hotelbeds', path: '/search/tickets/hotelbeds', title: 'Tickets Hotelbeds', supplier: 'hotelbeds' },
  { key: 'juniper', path: '/search/tickets/juniper', title: 'Tickets Juniper', supplier: 'juniper' },
];
export const optionsPath = (s: string) => `/tickets/options/${s}`;
export const reservePath = (s: string) => `/tickets/reserve/${s}`;

export interface TicketSearchForm {
  destination: string | null;
  countryCode: string | null;
  date: string | null;
  dateTo: string | null;
  adults: number;
  children: number[];
}
export const EMPTY_FORM: TicketSearchForm = { destination: null, countryCode: 'CO', date: null, dateTo: null, adults: 2, children: [] };

interface SavedSearch {
  form: TicketSearchForm;
  results: StreamState | null;
}
export const loadSearch = (key: string): SavedSearch =>
  storage.get<SavedSearch>(`search-tickets-${key}`, { form: EMPTY_FORM, results: null });
export const saveSearch = (key: string, s: SavedSearch) => storage.set(`search-tickets-${key}`, s);

/** The option opened from the results (its photo for the next pages). */
export interface SelectedTicket {
  cacheId: string;
  option: TicketOption;
}
export const loadSelected = () => storage.get<SelectedTicket | null>('search-tickets-selected', null);
export const saveSelected = (s: SelectedTicket) => storage.set('search-tickets-selected', s);

export interface TicketCheckout extends CheckoutBase<TicketQuote> {
  image: string | null;
}
export const ticketCheckout = checkoutStore<TicketCheckout>('tickets');
