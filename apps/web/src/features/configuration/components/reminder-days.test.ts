import { reminderDays } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { reminderDaysText } from './reminder-days';

describe('reminderDaysText', () => {
  it('says the days a reminder goes out, as the configuration card previews them', () => {
    expect(reminderDaysText(reminderDays({ offsets: [3, 7], daily: true }))).toBe('7, 3, 2 y 1 días antes');
    expect(reminderDaysText(reminderDays({ offsets: [7, 3], daily: false }))).toBe('7 y 3 días antes');
    expect(reminderDaysText(reminderDays({ offsets: [1], daily: true }))).toBe('1 día antes');
    expect(reminderDaysText(reminderDays({ offsets: [5], daily: false }))).toBe('5 días antes');
    expect(reminderDaysText([])).toBe('ningún aviso');
  });
});
