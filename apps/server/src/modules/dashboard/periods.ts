/**
 * Calendar arithmetic on plain business days ('yyyy-MM-dd'), done in UTC so the process's own zone
 * never matters.
 */
const parse = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return { y, m, day };
};
const fmt = (t: number) => new Date(t).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export const addDays = (d: string, n: number) => {
  const { y, m, day } = parse(d);
  return fmt(utc(y, m, day + n));
};
export const dayDiff = (a: string, b: string) => {
  const pa = parse(a);
  const pb = parse(b);
  return Math.round((utc(pb.y, pb.m, pb.day) - utc(pa.y, pa.m, pa.day)) / 86_400_000);
};
export const monthStart = (y: number, m: number) => fmt(utc(y, m, 1));
export const monthEnd = (y: number, m: number) => fmt(utc(y, m, daysInMonth(y, m)));

export interface Period {
  from: string;
  to: string;
}

const shiftMonths = (d: string, months: number) => {
  const { y, m, day } = parse(d);
  const total = y * 12 + (m - 1) - months;
  const py = Math.floor(total / 12);
  const pm = (total % 12) + 1;
  return fmt(utc(py, pm, Math.min(day, daysInMonth(py, pm))));
};

/** The same calendar stretch `months` earlier (the 20th stays the 20th, clipped to a shorter month's end). */
function shiftBack(p: Period, months: number): Period {
  return { from: shiftMonths(p.from, months), to: shiftMonths(p.to, months) };
}

/**
 * Today, month-, quarter- and year-to-date, each with the same stretch of the previous period
 * (yesterday; the previous month's first N days; …) for the growth figure.
 */
export function periodsOf(today: string) {
  const { y, m } = parse(today);
  const q = Math.floor((m - 1) / 3) + 1;
  const month: Period = { from: monthStart(y, m), to: today };
  const quarter: Period = { from: monthStart(y, (q - 1) * 3 + 1), to: today };
  const year: Period = { from: monthStart(y, 1), to: today };
  return {
    quarterNumber: q,
    today: { current: { from: today, to: today }, previous: { from: addDays(today, -1), to: addDays(today, -1) } },
    month: { current: month, previous: shiftBack(month, 1) },
    quarter: { current: quarter, previous: shiftBack(quarter, 3) },
    year: { current: year, previous: shiftBack(year, 12) },
  };
}
