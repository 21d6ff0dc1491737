import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { REMINDER_SETTINGS_KEY } from './query-keys';

/** PUT /api/configuration/integrations/reminders: the days before a deadline its reminders go out. */
export const updateReminderSettings = (body: ReminderSettings) =>
  api<ReminderSettings>('/api/configuration/integrations/reminders', { method: 'PUT', body });

export function useUpdateReminderSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateReminderSettings, onSuccess: (data) => qc.setQueryData(REMINDER_SETTINGS_KEY, data) });
}
