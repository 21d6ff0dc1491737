import { INVENTORY_MESSAGES } from '@travesia/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bulkRangeProblem, countBulkDays, initialBulkRange, weekdayNames } from './bulk-range';

const d = (s: string) => dayjs(s);
const today = d('2030-06-12'); // a Wednesday

describe('bulk-edit range in the drawer', () => {
  it('counts the days of the range that fall on the chosen weekdays', () => {
    expect(countBulkDays(d('2030-06-10'), d('2030-06-16'), [0, 1, 2, 3, 4, 5, 6])).toBe(7);
    expect(countBulkDays(d('2030-06-10'), d('2030-06-16'), [1, 3, 5])).toBe(3); // Mon 10, Wed 12, Fri 14
    expect(countBulkDays(d('2030-06-10'), d('2030-06-10'), [0])).toBe(0);
  });

  it('opens on the rest of the month on screen, never on past days', () => {
    const [from, to] = initialBulkRange(d('2030-06-01'), today) ?? [];
    expect(from?.format('YYYY-MM-DD')).toBe('2030-06-12');
    expect(to?.format('YYYY-MM-DD')).toBe('2030-06-30');
    expect(initialBulkRange(d('2030-07-01'), today)?.[0].format('YYYY-MM-DD')).toBe('2030-07-01');
    expect(initialBulkRange(d('2030-05-01'), today)).toBeUndefined();
  });

  it('refuses past days and ranges over 400 days with the catalogue messages', () => {
    expect(bulkRangeProblem([d('2030-06-11'), d('2030-06-20')], today)).toBe(INVENTORY_MESSAGES.pastDays);
    expect(bulkRangeProblem([d('2030-06-12'), d('2031-07-17')], today)).toBe(INVENTORY_MESSAGES.rangeTooLong);
    expect(bulkRangeProblem([d('2030-06-12'), d('2031-07-16')], today)).toBeNull();
    expect(bulkRangeProblem(undefined, today)).toBe('Indique el rango de fechas');
  });

  it('names the weekdays Monday first', () => {
    expect(weekdayNames([5, 1, 3])).toBe('Lun, Mié, Vie');
    expect(weekdayNames([0, 1, 2, 3, 4, 5, 6])).toBe('todos los días');
  });
});
