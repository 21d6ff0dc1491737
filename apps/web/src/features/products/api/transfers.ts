import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, TransferCapacityBody, TransferProductBody, TransferProductDto, TransferSlotDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/transfer?page&limit&q. */
export const listTransfers = (page: number, q: string, limit = 20) =>
  api<Paginated<TransferProductDto>>('/api/product/transfer', { query: { page, limit, ...(q ? { q } : {}) } });
export function useListTransfers(page: number, q: string, limit = 20) {
  return useQuery({
    queryKey: ['products', 'transfers', page, q, limit],
    queryFn: () => listTransfers(page, q, limit),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/product/transfer/{id}. */
export const getTransfer = (id: string) => api<TransferProductDto>(`/api/product/transfer/${encodeURIComponent(id)}`);
export function useGetTransfer(id: string | undefined) {
  return useQuery({ queryKey: ['products', 'transfer', id], queryFn: () => getTransfer(id as string), enabled: Boolean(id) });
}

/** POST /api/product/transfer or PUT /api/product/transfer/{id}. */
export const saveTransfer = (body: TransferProductBody, id?: string) =>
  id
    ? api<TransferProductDto>(`/api/product/transfer/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : api<TransferProductDto>('/api/product/transfer', { method: 'POST', body });
export function useSaveTransfer(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferProductBody) => saveTransfer(body, id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** GET /api/product/transfer/capacity?transferId&from&to: vehicles (private) or seats (shared) per day. */
export const getTransferCapacity = (transferId: string, from: string, to: string) =>
  api<{ transfer: TransferProductDto; days: TransferSlotDto[] }>('/api/product/transfer/capacity', { query: { transferId, from, to } });
export function useTransferCapacity(transferId: string | undefined, from: string, to: string) {
  return useQuery({
    queryKey: ['products', 'transfer-capacity', transferId, from, to],
    queryFn: () => getTransferCapacity(transferId as string, from, to),
    enabled: Boolean(transferId),
  });
}

/** POST /api/product/transfer/capacity. */
export function useSetTransferCapacity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferCapacityBody) => api<{ days: number }>('/api/product/transfer/capacity', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products', 'transfer-capacity'] }),
  });
}
