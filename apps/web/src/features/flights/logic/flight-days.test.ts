import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayUnavailable } from './flight-days';

const today = dayjs('2026-11-25');
const d = (s: string) => dayjs(s);

describe('the days a flight search lets one choose', () => {
  it('greys past days, and nothing else while the route is unknown', () => {
    expect(dayUnavailable(d('2026-11-24'), { today })).toBe(true);
    expect(dayUnavailable(d('2026-11-25'), { today })).toBe(false);
    expect(dayUnavailable(d('2027-01-10'), { today })).toBe(false);
  });

  it('greys the days without flights once checkindates answered', () => {
    const flightDays = new Set(['2026-12-01', '2026-12-03']);
    expect(dayUnavailable(d('2026-12-01'), { today, flightDays })).toBe(false);
    expect(dayUnavailable(d('2026-12-02'), { today, flightDays })).toBe(true);
    // A day with flights in the past is still past.
    expect(dayUnavailable(d('2026-11-20'), { today, flightDays: new Set(['2026-11-20']) })).toBe(true);
  });

  it('greys return days before the departure, the departure day itself allowed', () => {
    const after = d('2026-12-05');
    expect(dayUnavailable(d('2026-12-04'), { today, after })).toBe(true);
    expect(dayUnavailable(d('2026-12-05'), { today, after })).toBe(false);
    expect(dayUnavailable(d('2026-12-09'), { today, after, flightDays: new Set(['2026-12-10']) })).toBe(true);
    expect(dayUnavailable(d('2026-12-10'), { today, after, flightDays: new Set(['2026-12-10']) })).toBe(false);
  });
});
