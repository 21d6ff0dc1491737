import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, TicketCapacityBody, TicketProductBody, TicketProductDto, TicketSlotDto } from '@travesia/contracts';
import { api } from '../../../lib/api';

/** GET /api/product/ticket?page&limit&q. */
export const listTickets = (page: number, q: string, limit = 20) =>
  api<Paginated<TicketProductDto>>('/api/product/ticket', { query: { page, limit, ...(q ? { q } : {}) } });
export function useListTickets(page: number, q: string, limit = 20) {
  return useQuery({
    queryKey: ['products', 'tickets', page, q, limit],
    queryFn: () => listTickets(page, q, limit),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/product/ticket/{id}. */
export const getTicket = (id: string) => api<TicketProductDto>(`/api/product/ticket/${encodeURIComponent(id)}`);
export function useGetTicket(id: string | undefined) {
  return useQuery({ queryKey: ['products', 'ticket', id], queryFn: () => getTicket(id as string), enabled: Boolean(id) });
}

/** POST /api/product/ticket or PUT /api/product/ticket/{id}. */
export const saveTicket = (body: TicketProductBody, id?: string) =>
  id
    ? api<TicketProductDto>(`/api/product/ticket/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : api<TicketProductDto>('/api/product/ticket', { method: 'POST', body });
export function useSaveTicket(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketProductBody) => saveTicket(body, id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** GET /api/product/ticket/capacity?ticketId&from&to. */
export const getTicketCapacity = (ticketId: string, from: string, to: string) =>
  api<{ ticket: TicketProductDto; slots: TicketSlotDto[] }>('/api/product/ticket/capacity', { query: { ticketId, from, to } });
export function useTicketCapacity(ticketId: string | undefined, from: string, to: string) {
  return useQuery({
    queryKey: ['products', 'ticket-capacity', ticketId, from, to],
    queryFn: () => getTicketCapacity(ticketId as string, from, to),
    enabled: Boolean(ticketId),
  });
}

/** POST /api/product/ticket/capacity. */
export function useSetTicketCapacity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCapacityBody) => api<{ slots: number }>('/api/product/ticket/capacity', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['products', 'ticket-capacity'] }),
  });
}
