import { useQuery } from '@tanstack/react-query';
import type { InventoryDayDto, RoomTypeDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/hotel/avail/calendar?roomTypeId&from&to. */
export const getHotelCalendar = (roomTypeId: string, from: string, to: string) =>
  api<{ roomType: RoomTypeDto; days: InventoryDayDto[] }>('/api/product/hotel/avail/calendar', { query: { roomTypeId, from, to } });

export function useHotelCalendar(roomTypeId: string | undefined, from: string, to: string) {
  return useQuery({
    queryKey: ['products', 'calendar', roomTypeId, from, to],
    queryFn: () => getHotelCalendar(roomTypeId as string, from, to),
    enabled: Boolean(roomTypeId),
  });
}
