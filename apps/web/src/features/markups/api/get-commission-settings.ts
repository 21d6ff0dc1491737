import { useQuery } from '@tanstack/react-query';
import type { CommissionSettings } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { COMMISSION_KEY } from './query-keys';

/** GET /api/configuration/commission (super names the agency). */
export function getCommissionSettings(agencyId?: string): Promise<CommissionSettings> {
  return api<CommissionSettings>('/api/configuration/commission', { query: { agencyId } });
}

export function useCommissionSettings(agencyId: string | undefined, enabled = true) {
  return useQuery({ queryKey: [...COMMISSION_KEY, agencyId ?? 'own'], queryFn: () => getCommissionSettings(agencyId), enabled });
}
