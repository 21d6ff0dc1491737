import { useQuery } from '@tanstack/react-query';
import type { HotelProductDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/hotel/{id} (with its room types). */
export const getHotel = (id: string) => api<HotelProductDto>(`/api/product/hotel/${encodeURIComponent(id)}`);

export function useGetHotel(id: string | undefined) {
  return useQuery({ queryKey: ['products', 'hotel', id], queryFn: () => getHotel(id as string), enabled: Boolean(id) });
}
