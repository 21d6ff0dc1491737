import { describe, expect, it } from 'vitest';
import { addDays, monthEnd, periodsOf } from './periods.js';

describe('periodsOf', () => {
  it('compares each period-to-date with the same stretch of the previous period', () => {
    const p = periodsOf('2025-05-20');
    expect(p.quarterNumber).toBe(2);
    expect(p.today).toEqual({ current: { from: '2025-05-20', to: '2025-05-20' }, previous: { from: '2025-05-19', to: '2025-05-19' } });
    expect(p.month).toEqual({ current: { from: '2025-05-01', to: '2025-05-20' }, previous: { from: '2025-04-01', to: '2025-04-20' } });
    expect(p.quarter).toEqual({ current: { from: '2025-04-01', to: '2025-05-20' }, previous: { from: '2025-01-01', to: '2025-02-20' } });
    expect(p.year).toEqual({ current: { from: '2025-01-01', to: '2025-05-20' }, previous: { from: '2024-01-01', to: '2024-05-20' } });
  });
  it('crosses year boundaries and clips to the shorter previous month', () => {
    const p = periodsOf('2025-03-31');
    expect(p.month.previous).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(periodsOf('2025-01-15').month.previous).toEqual({ from: '2024-12-01', to: '2024-12-15' });
    expect(periodsOf('2025-02-10').quarter.previous).toEqual({ from: '2024-10-01', to: '2024-11-10' });
    expect(periodsOf('2024-12-31').year.previous).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });
  it('does day arithmetic in UTC', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(monthEnd(2023, 2)).toBe('2023-02-28');
  });
});
