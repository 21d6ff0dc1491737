import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApprovalResult } from './approve-external';

export const approveInternal = (body: { id: string; approved: boolean }) =>
  api<ApprovalResult>('/api/voucher/int/approve', { method: 'POST', body });

export const useApproveInternal = (id: string) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveInternal, onSuccess: () => qc.invalidateQueries({ queryKey: ['voucher', id] }) });
};
