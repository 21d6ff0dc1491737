import { useQuery } from '@tanstack/react-query';
import type { StorefrontTransferQuote } from '@travesia/contracts';
import { api } from '../../../lib/api';

export interface TransferRef {
  cacheId: string;
  optionId: string;
  returnOptionId?: string;
}

/** POST /api/storefront/{slug}/transfers/quote: the service's legs re-priced, with what each leg needs at checkout. */
export const quoteTransfer = (slug: string, ref: TransferRef) =>
  api<{ response: StorefrontTransferQuote }>(`/api/storefront/${encodeURIComponent(slug)}/transfers/quote`, { body: ref }).then(
    (r) => r.response,
  );

export const useQuoteTransfer = (slug: string, ref: TransferRef | null) =>
  useQuery({
    queryKey: ['storefront-transfer-quote', slug, ref],
    queryFn: () => quoteTransfer(slug, ref as TransferRef),
    enabled: Boolean(ref),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
