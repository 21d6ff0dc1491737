import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityBulkBody } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** POST /api/product/hotel/avail/bulk: set values on a range of days and weekdays. */
export const bulkAvailability = (body: AvailabilityBulkBody) =>
  api<{ days: number }>('/api/product/hotel/avail/bulk', { method: 'POST', body });

export function useBulkAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkAvailability,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products', 'calendar'] }),
  });
}
