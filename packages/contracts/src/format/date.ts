import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';

/**
 * Dates (spec §9): the wire carries yyyy-MM-dd and UTC instants; screens show dd-MM-yyyy and
 * HH:mm:ss in the user's time zone.
 */
export const DATE_FORMAT = 'dd-MM-yyyy';
export const TIME_FORMAT = 'HH:mm:ss';

let displayTimeZone: string | undefined;

/**
 * The web shows every date in the signed-in agency's zone (issue 16): the session sets it once it
 * knows the agency, and clears it on sign-out. The server never sets it; it always passes a zone.
 */
export function setDisplayTimeZone(timeZone: string | undefined) {
  displayTimeZone = timeZone;
}

/** The zone dates are shown in when the caller names none: the agency's (web), else the runtime's own. */
export const localTimeZone = () => displayTimeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

function toInstant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : parseISO(value);
  return isValid(d) ? d : null;
}

/** A calendar date as it travels ('2025-03-07') shown as '07-03-2025'; no zone shift for plain dates. */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}-${m}-${y}`;
  }
  const d = toInstant(value);
  if (!d) return '';
  return format(new TZDate(d, timeZone ?? localTimeZone()), DATE_FORMAT);
}

/** An instant shown as 'HH:mm:ss' in `timeZone`. */
export function formatTime(value: string | Date | null | undefined, timeZone?: string): string {
  const d = toInstant(value);
  if (!d) return '';
  return format(new TZDate(d, timeZone ?? localTimeZone()), TIME_FORMAT);
}

/** An instant shown as 'dd-MM-yyyy HH:mm:ss' in `timeZone`. */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const d = toInstant(value);
  if (!d) return '';
  return format(new TZDate(d, timeZone ?? localTimeZone()), `${DATE_FORMAT} ${TIME_FORMAT}`);
}

/** The calendar date of an instant in `timeZone`, in wire format ('yyyy-MM-dd'). */
export function toWireDate(value: string | Date, timeZone: string): string {
  const d = toInstant(value);
  if (!d) return '';
  return format(new TZDate(d, timeZone), 'yyyy-MM-dd');
}
