import type { FlightItemView, FlightSegmentView } from '@travesia/contracts';
import { storage } from '../../lib/storage';
import type { PriceSearchRequest } from './api/price-search';
import type { StartReserveAnswer } from './api/start-reserve';

/**
 * What the flight pages hand each other, in local storage under `adm-kd-search-flights-…` (signing in
 * clears every `search-` key): the search, the chosen itinerary, the open pre-reservation.
 */
const KEYS = {
  request: 'search-flights-request',
  selected: 'search-flights-selected',
  pre: 'search-flights-pre',
  accepted: 'search-flights-price-accepted',
} as const;

export interface SelectedFlight {
  cacheId: string;
  item: FlightItemView;
  segments: FlightSegmentView[];
  request: PriceSearchRequest;
}

export const flightState = {
  request: () => storage.get<PriceSearchRequest | null>(KEYS.request, null),
  setRequest: (r: PriceSearchRequest) => storage.set(KEYS.request, r),
  selected: () => storage.get<SelectedFlight | null>(KEYS.selected, null),
  setSelected: (s: SelectedFlight) => storage.set(KEYS.selected, s),
  pre: () => storage.get<StartReserveAnswer | null>(KEYS.pre, null),
  setPre: (p: StartReserveAnswer | null) => (p ? storage.set(KEYS.pre, p) : storage.remove(KEYS.pre)),
  /** The pre-reservation (voucher id) whose changed price the agent accepted. */
  priceAccepted: () => storage.get<string | null>(KEYS.accepted, null),
  setPriceAccepted: (voucherId: string | null) => (voucherId ? storage.set(KEYS.accepted, voucherId) : storage.remove(KEYS.accepted)),
};

/** Spec §3 service types by route segment: /flight/santsg/avail/{type?}. */
export const TYPE_SLUG = { '1': 'one-way', '2': 'round-trip', '3': 'multi-city' } as const;
export const TYPE_LABELS = { '1': 'Solo ida', '2': 'Ida y vuelta', '3': 'Multidestino' } as const;
