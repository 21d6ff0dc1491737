import type { TransferSearchBody } from '@travesia/contracts';
import { useSearchStream } from '../../../shared/booking/stream/search-stream';
import type { StreamState } from '../../../shared/booking/stream/stream-state';

/** POST /api/transfer/search/stream: every usable transfer supplier at once, a progress row each. */
export const useTransferSearchStream = (restored?: StreamState | null) =>
  useSearchStream<Partial<TransferSearchBody>>('/api/transfer/search/stream', restored);
