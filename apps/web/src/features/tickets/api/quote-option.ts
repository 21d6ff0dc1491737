import type { TicketQuote } from '@travesia/contracts';
import { type OptionRef, useQuote } from '../../../shared/booking/quote/use-quote';

/** `POST /api/ticket/quote`: the mandatory re-quote of one option before booking. */
export const useQuoteTicket = (ref: OptionRef | null) => useQuote<TicketQuote>('/api/ticket/quote', 'ticket-quote', ref);
