import type { Dayjs } from 'dayjs';

/**
 * Whether a calendar day may not be chosen for a flight: a past day, a day before `after` (a return
 * before its departure) or, once the route's days are known (`checkindates`), a day without flights.
 * While the days are unknown (no route yet, or the call failed) only the first two apply.
 */
export function dayUnavailable(day: Dayjs, { today, after, flightDays }: { today: Dayjs; after?: Dayjs | null; flightDays?: Set<string> }) {
  if (day.isBefore(today, 'day')) return true;
  if (after && day.isBefore(after, 'day')) return true;
  return !!flightDays && !flightDays.has(day.format('YYYY-MM-DD'));
}

/** The return must not be before the departure (the search form's rule, in Spanish). */
export const RETURN_BEFORE_DEPARTURE = 'El regreso no puede ser antes de la salida';

/** A multi-city segment must not leave before the segment before it (the server's rule, in Spanish). */
export const SEGMENT_BEFORE_PREVIOUS = 'La salida de un tramo no puede ser antes de la del tramo anterior';
