import type { Voucher } from '@travesia/contracts';
import dayjs from 'dayjs';
import { storage } from '../../lib/storage';
import type { StreamState } from './api/stream-state';
import type { HotelItem, HotelOption, HotelQuote } from './types';

/**
 * What survives a reload, in local storage under `adm-kd-search-hotels-…` (spec §9). Every key
 * starts with `search-`, so signing in clears them (storage.clearSearchState in the login page).
 */
export interface RoomForm {
  adults: number;
  children: number[];
}

export interface HotelSearchForm {
  destination: string | null;
  countryCode: string | null;
  start: string;
  end: string;
  rooms: RoomForm[];
  provider: string | null;
}

/** Spec §9 defaults: 2 nights from tomorrow, one room of 2 adults (aged 30, see DEFAULT_ADULT_AGE). */
export const DEFAULT_NIGHTS = 2;
export const DEFAULT_ADULT_AGE = 30;
export const defaultSearchForm = (): HotelSearchForm => ({
  destination: null,
  countryCode: 'CO',
  start: dayjs().add(1, 'day').format('YYYY-MM-DD'),
  end: dayjs()
    .add(1 + DEFAULT_NIGHTS, 'day')
    .format('YYYY-MM-DD'),
  rooms: [{ adults: 2, children: [] }],
  provider: null,
});

interface SavedSearch {
  form: HotelSearchForm;
  /** The finished stream (cache ids and counts only), so the results come back from the cache after a reload. */
  results: StreamState | null;
}

const searchKey = (variant: string) => `search-hotels-${variant}`;

export function loadSearch(variant: string): SavedSearch {
  const saved = storage.get<SavedSearch | null>(searchKey(variant), null);
  const form = { ...defaultSearchForm(), ...(saved?.form ?? {}) };
  // Stale dates from an old visit go back to the defaults rather than failing the search.
  if (form.start < dayjs().format('YYYY-MM-DD')) {
    const d = defaultSearchForm();
    form.start = d.start;
    form.end = d.end;
  }
  const results = saved?.results && saved.results.status === 'done' ? saved.results : null;
  return { form, results };
}

export const saveSearch = (variant: string, value: SavedSearch) => storage.set(searchKey(variant), value);

/** The option the user opened from the results (the options page reads it). */
export interface SelectedOption {
  supplier: string;
  cacheId: string;
  hotel: Omit<HotelItem, 'options'>;
  option: HotelOption;
}
const SELECTED_KEY = 'search-hotels-selected';
export const saveSelected = (s: SelectedOption) => storage.set(SELECTED_KEY, s);
export const loadSelected = () => storage.get<SelectedOption | null>(SELECTED_KEY, null);

/** One checkout: the accepted quote and the idempotency key made once for it (issue 6 item 6). */
export interface Checkout {
  supplier: string;
  quote: HotelQuote;
  hotel: Omit<HotelItem, 'options'> | null;
  idempotencyKey: string;
  acceptedAt: string;
  /** The booked voucher, once the reserve answered: a reload shows the confirmation again. */
  voucher?: Voucher;
}
const CHECKOUT_KEY = 'search-hotels-checkout';
export const saveCheckout = (c: Checkout) => storage.set(CHECKOUT_KEY, c);
export const loadCheckout = () => storage.get<Checkout | null>(CHECKOUT_KEY, null);
export const clearCheckout = () => storage.remove(CHECKOUT_KEY);

/**
 * A fresh idempotency key: 32 hex characters from getRandomValues (crypto.randomUUID is missing on
 * plain-HTTP intranet hosts, getRandomValues is not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `hb-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
