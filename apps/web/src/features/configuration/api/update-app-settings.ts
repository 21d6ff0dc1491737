import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgencyAppSettings, AgencyAppSettingsInput } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../shared/session/get-me';
import { APP_SETTINGS_KEY } from './query-keys';

/** PUT /api/configuration/app. */
export function updateAppSettings({ body, agencyId }: { body: AgencyAppSettingsInput; agencyId?: string }): Promise<AgencyAppSettings> {
  return api<AgencyAppSettings>('/api/configuration/app', { method: 'PUT', body, query: { agencyId } });
}

/** Saving reloads the session too: the shell's time zone follows at once. */
export function useUpdateAppSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAppSettings,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: APP_SETTINGS_KEY });
      qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
