import type { HotelSearchPage, HotelStreamSearchBody } from '@travesia/contracts';
import { useSearchStream } from '../../../shared/booking/stream/search-stream';
import type { StreamState } from '../../../shared/booking/stream/stream-state';

/** The stream body as the web sends it: `providers` may also hold "travesia" (own inventory). */
export type StreamSearchBody = Omit<HotelStreamSearchBody, 'providers' | 'timeoutMs'> & { providers?: string[]; timeoutMs?: number };

export const HOTEL_SEARCH_STREAM_URL = '/api/hotel/search/stream';

/** `POST /api/hotel/search/stream` through the shared search stream (shared/booking/stream). */
export const useHotelSearchStream = (restored?: StreamState | null) =>
  useSearchStream<StreamSearchBody, HotelSearchPage>(HOTEL_SEARCH_STREAM_URL, restored);
