/** The days of a month's chart that have happened: a future day has no sales yet, it is not a 0. */
export function daysSoFar<T extends { day: number }>(points: T[], year: number, month: number, now: Date = new Date()): T[] {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  if (year > y || (year === y && month > m)) return [];
  if (year === y && month === m) return points.filter((p) => p.day <= now.getDate());
  return points;
}
