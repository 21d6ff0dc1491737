import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const createApprovalLink = (id: string, body: { sendToClient: boolean; validHours?: number }) =>
  api<{ url: string; expiresAt: string }>(`/api/voucher/${encodeURIComponent(id)}/approval-link`, { method: 'POST', body });

export const useApprovalLink = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { sendToClient: boolean; validHours?: number }) => createApprovalLink(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['voucher', id] }),
  });
};
