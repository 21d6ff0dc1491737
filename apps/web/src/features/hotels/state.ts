import type { HotelItem, HotelOption, HotelQuote } from '@travesia/contracts';
import dayjs from 'dayjs';
import { storage } from '../../lib/storage';
import { type CheckoutBase, checkoutStore } from '../../shared/booking/checkout/checkout-store';
import type { StreamState } from '../../shared/booking/stream/stream-state';

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

/** One hotel checkout (shared/booking/checkout): the accepted quote, its idempotency key, the hotel shown. */
export interface Checkout extends CheckoutBase<HotelQuote> {
  hotel: Omit<HotelItem, 'options'> | null;
}
const checkouts = checkoutStore<Checkout>('hotels');
export const saveCheckout = checkouts.save;
export const loadCheckout = checkouts.load;
export const clearCheckout = checkouts.clear;
