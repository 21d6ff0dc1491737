import { describe, expect, it } from 'vitest';
import { daysSoFar } from './chart-days';

const month = Array.from({ length: 30 }, (_, i) => ({ day: i + 1 }));
const now = new Date(2030, 5, 12, 15, 0); // 12 June 2030, local time

describe('daysSoFar', () => {
  it('cuts the current month at today', () => {
    expect(daysSoFar(month, 2030, 6, now).map((p) => p.day)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
  it('keeps past months whole and plots nothing for a future one', () => {
    expect(daysSoFar(month, 2030, 5, now)).toHaveLength(30);
    expect(daysSoFar(month, 2029, 12, now)).toHaveLength(30);
    expect(daysSoFar(month, 2030, 7, now)).toEqual([]);
  });
});
