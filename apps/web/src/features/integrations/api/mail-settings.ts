import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSettings } from '@travesia/contracts';
import { api } from '../../../lib/api';

const URL = '/api/configuration/integrations/mail';
const key = ['integrations', 'mail'] as const;

export const getMailSettings = () => api<MailSettings>(URL);
export const useMailSettings = () => useQuery({ queryKey: key, queryFn: getMailSettings });

export const putMailSettings = (body: MailSettings) => api<MailSettings>(URL, { method: 'PUT', body });
export function usePutMailSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putMailSettings, onSuccess: (data) => qc.setQueryData(key, data) });
}
