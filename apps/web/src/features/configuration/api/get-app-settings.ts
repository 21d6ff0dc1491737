import { useQuery } from '@tanstack/react-query';
import type { AgencyAppSettings } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { APP_SETTINGS_KEY } from './query-keys';

/** GET /api/configuration/app (super names the agency). */
export function getAppSettings(agencyId?: string): Promise<AgencyAppSettings> {
  return api<AgencyAppSettings>('/api/configuration/app', { query: { agencyId } });
}

export function useAppSettings(agencyId: string | undefined, enabled = true) {
  return useQuery({ queryKey: [...APP_SETTINGS_KEY, agencyId ?? 'own'], queryFn: () => getAppSettings(agencyId), enabled });
}
