import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HotelProductDto, Paginated } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/hotel?page&limit&q. */
export const listHotels = (page: number, q: string, limit = 20) =>
  api<Paginated<HotelProductDto>>('/api/product/hotel', { query: { page, limit, ...(q ? { q } : {}) } });

export function useListHotels(page: number, q: string, limit = 20) {
  return useQuery({
    queryKey: ['products', 'hotels', page, q, limit],
    queryFn: () => listHotels(page, q, limit),
    placeholderData: keepPreviousData,
  });
}
