import type { TransferQuoteDto } from '@travesia/contracts';
import { type OptionRef, useQuote } from '../../../shared/booking/quote/use-quote';

/** POST /api/transfer/quote: the supplier re-prices one leg before booking. */
export const useQuoteTransfer = (ref: OptionRef | null) => useQuote<TransferQuoteDto>('/api/transfer/quote', 'transfer-quote', ref);
