import { useQuery } from '@tanstack/react-query';
import type { AgencyAppearance } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { APPEARANCE_KEY } from './query-keys';

/** GET /api/configuration/appearance (super names the agency). */
export function getAppearance(agencyId?: string): Promise<AgencyAppearance> {
  return api<AgencyAppearance>('/api/configuration/appearance', { query: { agencyId } });
}

export function useAppearance(agencyId: string | undefined, enabled = true) {
  return useQuery({ queryKey: [...APPEARANCE_KEY, agencyId ?? 'own'], queryFn: () => getAppearance(agencyId), enabled });
}
