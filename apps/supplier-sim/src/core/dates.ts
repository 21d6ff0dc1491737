/** Date helpers on yyyy-MM-dd strings in UTC. */
export function parseDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : d;
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

export function eachNight(checkIn: string, checkOut: string): string[] {
  const out: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) out.push(d);
  return out;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** ISO date-time with an explicit offset, as Hotelbeds writes cancellation `from`. */
export function isoWithOffset(day: string, time = '23:59:00', offset = '-05:00'): string {
  return `${day}T${time}${offset}`;
}

/** The calendar day at `now` in a place `offset` ('-05:00') from UTC: a supplier's "today" is local. */
export function localDay(now: Date, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}
