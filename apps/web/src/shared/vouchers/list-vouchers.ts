import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, Voucher, VoucherFilter } from '@travesia/contracts';
import { api } from '../../lib/api';

export type VoucherListParams = VoucherFilter & { page: number; limit: number };
export type VoucherPage = Paginated<Voucher> & { totalDocsCapped: boolean };

/** GET /api/voucher: the caller's scope comes from the session (super sees all, an adviser his own…). */
export const listVouchers = (params: VoucherListParams, signal?: AbortSignal) =>
  api<VoucherPage>('/api/voucher', { query: { ...params }, signal });

export const useVouchers = (params: VoucherListParams) =>
  useQuery({ queryKey: ['vouchers', params], queryFn: ({ signal }) => listVouchers(params, signal), placeholderData: keepPreviousData });
