import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paginated, StorefrontAgencyOrder, StorefrontOrderStatus } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { paymentKeys } from './keys';

export interface OrdersFilter {
  status?: StorefrontOrderStatus;
  page: number;
  limit: number;
}

/** GET /api/whitelabel/:id/orders: the storefront's orders for the agency (decision 0602). */
export const listOrders = (whiteLabelId: string, filter: OrdersFilter, signal?: AbortSignal) =>
  api<Paginated<StorefrontAgencyOrder>>(`/api/whitelabel/${encodeURIComponent(whiteLabelId)}/orders`, {
    query: { page: filter.page, limit: filter.limit, ...(filter.status ? { status: filter.status } : {}) },
    signal,
  });

export const useStorefrontOrders = (whiteLabelId: string, filter: OrdersFilter) =>
  useQuery({
    queryKey: paymentKeys.orders(whiteLabelId, filter),
    queryFn: ({ signal }) => listOrders(whiteLabelId, filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
