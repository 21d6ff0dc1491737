import type { HotelQuote } from '@travesia/contracts';
import { type OptionRef, useQuote } from '../../../shared/booking/quote/use-quote';

/** POST /api/hotel/quote: re-prices one option with the supplier before booking (issue 6 item 5). */
export const useQuoteOption = (ref: OptionRef | null) => useQuote<HotelQuote>('/api/hotel/quote', 'hotel-quote', ref);
