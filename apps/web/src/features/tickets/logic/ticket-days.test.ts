import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { monthOf, ticketDayUnavailable } from './ticket-days';

const today = dayjs('2031-03-10');
const calendar = { from: '2031-03-01', to: '2031-03-31', days: ['2031-03-12', '2031-03-20'] };

describe('ticket activity days', () => {
  it('greys past days, and the days of the fetched month without own tickets', () => {
    const off = (d: string, c?: typeof calendar) => ticketDayUnavailable(dayjs(d), { today, calendar: c });
    expect(off('2031-03-09')).toBe(true);
    expect(off('2031-03-10')).toBe(false);
    expect(off('2031-03-11', calendar)).toBe(true);
    expect(off('2031-03-12', calendar)).toBe(false);
    expect(off('2031-03-20', calendar)).toBe(false);
    expect(off('2031-03-21', calendar)).toBe(true);
    // Outside the fetched month only the past rule applies (the next month is fetched when shown).
    expect(off('2031-04-02', calendar)).toBe(false);
    // A past day in the calendar is still greyed.
    expect(off('2031-03-05', { ...calendar, days: ['2031-03-05'] })).toBe(true);
  });

  it('asks for the whole month shown', () => {
    expect(monthOf(dayjs('2031-02-14'))).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(monthOf(dayjs('2031-12-31'))).toEqual({ from: '2031-12-01', to: '2031-12-31' });
  });
});
