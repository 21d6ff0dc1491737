import { useMutation } from '@tanstack/react-query';
import type { CancelQuote } from '@travesia/contracts';
import { api } from '../../../lib/api';

export const cancelQuote = (id: string) =>
  api<CancelQuote>(`/api/voucher/${encodeURIComponent(id)}/cancel-quote`, { method: 'POST', body: {} });

export const useCancelQuote = () => useMutation({ mutationFn: cancelQuote });
