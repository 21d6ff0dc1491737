import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface ApprovalResult {
  success: true;
  msg: string;
  approval: { status: 'pending' | 'approved' | 'rejected'; decidedAt: string };
}

export const approveExternal = (body: { id: string; key: string; approved: boolean }) =>
  api<ApprovalResult>('/api/voucher/ext/approve', { method: 'POST', body, allowUnauthorized: true });

export const useApproveExternal = (ref: string) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: approveExternal, onSuccess: () => qc.invalidateQueries({ queryKey: ['voucher-ext', ref] }) });
};
