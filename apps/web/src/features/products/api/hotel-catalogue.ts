import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueItemCreateBody, CatalogueItemDto, CatalogueItemUpdateBody, HotelCatalogueDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/hotel/configuration: the hotel catalogues (decision 0089). */
export const getHotelCatalogue = () => api<HotelCatalogueDto>('/api/product/hotel/configuration');
export function useHotelCatalogue() {
  return useQuery({ queryKey: ['products', 'hotel-catalogue'], queryFn: getHotelCatalogue, staleTime: 60_000 });
}

/** POST /api/product/hotel/configuration or PUT /api/product/hotel/configuration/{id}. */
export function useSaveCatalogueItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id?: string; create?: CatalogueItemCreateBody; update?: CatalogueItemUpdateBody }) =>
      a.id
        ? api<CatalogueItemDto>(`/api/product/hotel/configuration/${encodeURIComponent(a.id)}`, { method: 'PUT', body: a.update })
        : api<CatalogueItemDto>('/api/product/hotel/configuration', { method: 'POST', body: a.create }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products', 'hotel-catalogue'] }),
  });
}
