import { INVENTORY_MESSAGES as m } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { assertBulkRange, dayCount, earliestToday } from './bulk-range.js';

describe('bulk-edit range', () => {
  it('takes the date of the westernmost zone as the earliest today', () => {
    // 05:00 UTC on the 10th is still the 9th in UTC−12 (17:00): the 9th is not past everywhere yet.
    expect(earliestToday(new Date('2030-06-10T05:00:00Z'))).toBe('2030-06-09');
    expect(earliestToday(new Date('2030-06-10T12:00:00Z'))).toBe('2030-06-10');
  });

  it('counts both ends', () => {
    expect(dayCount('2030-06-01', '2030-06-01')).toBe(1);
    expect(dayCount('2030-02-27', '2030-03-02')).toBe(4);
  });

  it('refuses a day past everywhere and accepts today in any zone', () => {
    const now = new Date('2030-06-10T05:00:00Z');
    expect(() => assertBulkRange('2030-06-08', '2030-06-20', now)).toThrow(m.pastDays);
    expect(() => assertBulkRange('2030-06-09', '2030-06-20', now)).not.toThrow();
  });

  it('refuses more than 400 days', () => {
    const now = new Date('2030-06-10T12:00:00Z');
    expect(() => assertBulkRange('2030-06-10', '2031-07-14', now)).not.toThrow(); // 400 days
    expect(() => assertBulkRange('2030-06-10', '2031-07-15', now)).toThrow(m.rangeTooLong);
  });
});
