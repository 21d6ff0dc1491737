import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDelivery } from '@travesia/contracts';
import { api } from '../../../lib/api';

const BASE = '/api/configuration/integrations/webhooks';
export const webhookKeys = {
  all: ['integrations', 'webhooks'] as const,
  deliveries: (id: string) => ['integrations', 'webhooks', id, 'deliveries'] as const,
};
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const listWebhooks = () => api<Webhook[]>(BASE);
export const useWebhooks = () => useQuery({ queryKey: webhookKeys.all, queryFn: listWebhooks });

/** POST a new endpoint: the answer carries its signing secret, shown once. */
export const createWebhook = (body: CreateWebhookBody) => api<CreatedWebhook>(BASE, { method: 'POST', body });
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const updateWebhook = (id: string, body: UpdateWebhookBody) => api<Webhook>(one(id), { method: 'PATCH', body });
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateWebhookBody }) => updateWebhook(v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const deleteWebhook = (id: string) => api<void>(one(id), { method: 'DELETE' });
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}

/** The delivery log of one endpoint, refreshed while deliveries are pending. */
export const listDeliveries = (id: string) => api<WebhookDelivery[]>(`${one(id)}/deliveries`);
export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => listDeliveries(id),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
  });

/** "Reenviar": the same event again. */
export const resendDelivery = (id: string, deliveryId: string) =>
  api<WebhookDelivery>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' });
export function useResendDelivery(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendDelivery(id, deliveryId),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
