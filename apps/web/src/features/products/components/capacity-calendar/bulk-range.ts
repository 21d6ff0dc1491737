import { INVENTORY_LIMITS, INVENTORY_MESSAGES } from '@travesia/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { WEEKDAYS } from './options';

/** How the drawer's date picker and its confirmation write a day (the app's dd-MM-yyyy). */
export const BULK_DATE_FORMAT = 'DD-MM-YYYY';

/** Days in [from, to] whose weekday (0 = Sunday) is among `weekdays`: what a bulk edit will change. */
export function countBulkDays(from: Dayjs, to: Dayjs, weekdays: readonly number[]): number {
  const wanted = new Set(weekdays);
  let n = 0;
  for (let d = from.startOf('day'); !d.isAfter(to, 'day'); d = d.add(1, 'day')) if (wanted.has(d.day())) n++;
  return n;
}

/** The range a drawer opens with: the month on screen from today on, or nothing when the month is past. */
export function initialBulkRange(month: Dayjs, today: Dayjs = dayjs()): [Dayjs, Dayjs] | undefined {
  const end = month.endOf('month').startOf('day');
  if (end.isBefore(today, 'day')) return undefined;
  const start = month.isBefore(today, 'day') ? today.startOf('day') : month.startOf('day');
  return [start, end];
}

/** Why a range cannot be applied (Spanish, from the catalogue), or null when it can. */
export function bulkRangeProblem(range: [Dayjs, Dayjs] | null | undefined, today: Dayjs = dayjs()): string | null {
  if (!range?.[0] || !range[1]) return 'Indique el rango de fechas';
  if (range[0].isBefore(today, 'day')) return INVENTORY_MESSAGES.pastDays;
  if (range[1].diff(range[0], 'day') + 1 > INVENTORY_LIMITS.maxRangeDays) return INVENTORY_MESSAGES.rangeTooLong;
  return null;
}

/** "Lun, Mié, Vie" (Monday first), or "todos los días". */
export function weekdayNames(weekdays: readonly number[]): string {
  if (weekdays.length === 7) return 'todos los días';
  return WEEKDAYS.filter((w) => weekdays.includes(w.value))
    .map((w) => w.label)
    .join(', ');
}
