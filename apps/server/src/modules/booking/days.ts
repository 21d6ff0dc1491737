import { toWireDate } from '@travesia/contracts';
import { badRequest } from '../../http/errors.js';

/** The day rules every kind's criteria share (dates as yyyy-MM-dd). */

/** An instant's UTC calendar day. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The earliest calendar day any zone (UTC−12) can still be in at `now`: "today" while the place is not known. */
export const earliestDay = (now: Date) => isoDay(new Date(now.getTime() - 86_400_000));

/** Today in a place's IANA zone (decision 0450); without a zone, the earliest day of any zone. */
export const todayIn = (now: Date, timeZone?: string | null) => (timeZone ? toWireDate(now, timeZone) : earliestDay(now));

/** Whole days from one day to another. */
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** A 400 on `field` when a range ends before it starts or spans `maxDays` days or more. */
export function assertDayRange(
  from: string,
  to: string,
  maxDays: number,
  field: string,
  m: { rangeOrder: string; rangeTooLong: string },
): void {
  if (to < from) throw badRequest(m.rangeOrder, { [field]: m.rangeOrder });
  if (daysBetween(from, to) >= maxDays) throw badRequest(m.rangeTooLong, { [field]: m.rangeTooLong });
}
