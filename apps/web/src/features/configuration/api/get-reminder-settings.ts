import { useQuery } from '@tanstack/react-query';
import type { ReminderSettings } from '@travesia/contracts';
import { api } from '../../../lib/api';
import { REMINDER_SETTINGS_KEY } from './query-keys';

/** GET /api/configuration/integrations/reminders: the caller's own agency (agency admins). */
export const getReminderSettings = () => api<ReminderSettings>('/api/configuration/integrations/reminders');

export const useReminderSettings = (enabled = true) => useQuery({ queryKey: REMINDER_SETTINGS_KEY, queryFn: getReminderSettings, enabled });
