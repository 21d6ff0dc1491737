import type { TicketSearchPage, TicketStreamSearchBody } from '@travesia/contracts';
import { useSearchStream } from '../../../shared/booking/stream/search-stream';
import type { StreamState } from '../../../shared/booking/stream/stream-state';

export type TicketStreamBody = Omit<TicketStreamSearchBody, 'timeoutMs'> & { timeoutMs?: number };

/** `POST /api/ticket/search/stream`: every usable ticket source, a progress row each (shared/booking/stream). */
export const useTicketSearchStream = (restored?: StreamState | null) =>
  useSearchStream<TicketStreamBody, TicketSearchPage>('/api/ticket/search/stream', restored);
