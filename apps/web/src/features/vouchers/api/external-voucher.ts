import { useQuery } from '@tanstack/react-query';
import type { ExternalVoucher } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** The public approval page's data; `ref` is `{id}-{key}` from the link. No session needed. */
export const getExternalVoucher = (ref: string, signal?: AbortSignal) =>
  api<ExternalVoucher>(`/api/voucher/ext/${encodeURIComponent(ref)}`, { signal, allowUnauthorized: true });

export const useExternalVoucher = (ref: string) =>
  useQuery({ queryKey: ['voucher-ext', ref], queryFn: ({ signal }) => getExternalVoucher(ref, signal), retry: false });
