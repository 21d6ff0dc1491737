import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation-messages.js';

/** Years a date on the wire may have: anything outside is a typo or an attack, never a trip (docs/decisions/0121). */
export const CALENDAR_YEARS = { min: 1900, max: 2100 } as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real `yyyy-MM-dd` calendar day (no 2026-02-30, no month 13) within CALENDAR_YEARS. */
export function isCalendarDate(value: string): boolean {
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The one schema for a `yyyy-MM-dd` date: the format, a real calendar day and a sane year.
 * `invalid` words every failure; `required` (when given) words a missing or non-text value.
 */
export const calendarDate = (invalid: string = VALIDATION_MESSAGES.date, required: string = invalid) =>
  z.string({ error: required }).refine(isCalendarDate, { error: invalid }).meta({ format: 'date', pattern: DAY_PATTERN.source });
