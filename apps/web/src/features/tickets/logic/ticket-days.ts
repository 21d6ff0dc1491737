import type { TicketCalendar } from '@travesia/contracts';
import type { Dayjs } from 'dayjs';

/** The month a calendar panel shows, as the calendar call takes it (at most 31 days). */
export const monthOf = (d: Dayjs) => ({
  from: d.startOf('month').format('YYYY-MM-DD'),
  to: d.endOf('month').format('YYYY-MM-DD'),
});

/**
 * Whether an activity day may not be chosen (decision 0440): a past day always; a day of the fetched
 * window without own tickets when the own calendar answered (the own-ticket route). Days outside that
 * window, or while the calendar is unknown (no destination, call failed), fall back to the past rule.
 */
export function ticketDayUnavailable(day: Dayjs, { today, calendar }: { today: Dayjs; calendar?: TicketCalendar }) {
  if (day.isBefore(today, 'day')) return true;
  if (!calendar) return false;
  const iso = day.format('YYYY-MM-DD');
  return iso >= calendar.from && iso <= calendar.to && !calendar.days.includes(iso);
}
