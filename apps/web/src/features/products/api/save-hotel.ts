import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HotelProductBody, HotelProductDto, RoomTypeBody, RoomTypeDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

export type RoomTypeDraft = RoomTypeBody & { _id?: string };

/**
 * POST /api/product/hotel (with its room types) or PUT /api/product/hotel/{id} followed by the room
 * type calls: PUT for the kept ones, POST for the new ones, DELETE for the removed ones.
 */
export async function saveHotel(body: HotelProductBody, roomTypes: RoomTypeDraft[], existing?: HotelProductDto): Promise<HotelProductDto> {
  if (!existing) return api<HotelProductDto>('/api/product/hotel', { method: 'POST', body: { ...body, roomTypes } });
  const base = `/api/product/hotel/${encodeURIComponent(existing._id)}`;
  await api<HotelProductDto>(base, { method: 'PUT', body });
  const kept = new Set(roomTypes.flatMap((r) => (r._id ? [r._id] : [])));
  for (const r of existing.roomTypes ?? []) if (!kept.has(r._id)) await api<void>(`${base}/room-type/${r._id}`, { method: 'DELETE' });
  for (const { _id, ...r } of roomTypes)
    await (_id
      ? api<RoomTypeDto>(`${base}/room-type/${_id}`, { method: 'PUT', body: r })
      : api<RoomTypeDto>(`${base}/room-type`, { method: 'POST', body: r }));
  return api<HotelProductDto>(base);
}

export function useSaveHotel(existing?: HotelProductDto) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, roomTypes }: { body: HotelProductBody; roomTypes: RoomTypeDraft[] }) => saveHotel(body, roomTypes, existing),
    onSuccess: (hotel) => {
      client.setQueryData(['products', 'hotel', hotel._id], hotel);
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
