import { INVENTORY_LIMITS, INVENTORY_MESSAGES as m } from '@travesia/contracts';
import { badRequest } from '../../http/errors.js';

const DAY_MS = 86_400_000;
/** The westernmost offset in use (UTC−12): its date is the earliest "today" anywhere. */
const WESTERNMOST_OFFSET_MS = 12 * 3_600_000;

/** Days from `from` to `to`, both included (API dates yyyy-MM-dd). */
export const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/**
 * The earliest calendar date that is still "today" somewhere (UTC−12), as yyyy-MM-dd. A day before it is
 * past for every user whatever their time zone (decision 0170): the web refuses past days in the
 * browser's zone, the server only days that are past everywhere.
 */
export const earliestToday = (now: Date = new Date()) => new Date(now.getTime() - WESTERNMOST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A bulk edit's range: no day already past, at most INVENTORY_LIMITS.maxRangeDays days. Both a 400
 * with a Spanish message on the offending field.
 */
export function assertBulkRange(from: string, to: string, now: Date = new Date()) {
  if (from < earliestToday(now)) throw badRequest(m.pastDays, { from: m.pastDays });
  if (dayCount(from, to) > INVENTORY_LIMITS.maxRangeDays) throw badRequest(m.rangeTooLong, { to: m.rangeTooLong });
}
