import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeCancellation } from './hotel-cancellation.js';

describe('describeCancellation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('says when cancelling is free and what each rule charges, in the given time zone', () => {
    const lines = describeCancellation(
      {
        refundable: true,
        rules: [
          { from: '2026-12-01T05:00:00Z', amount: '120.5', currency: 'USD' },
          { from: '2026-12-03T05:00:00Z', percent: '100', currency: 'USD', kind: 'no-show' },
        ],
      },
      'America/Bogota',
    );
    expect(lines).toEqual([
      'Cancelación gratuita hasta 30-11-2026 23:59:59.',
      'Desde 01-12-2026 00:00:00 se cobra 120.50 USD.',
      'Si no se presenta (no show) se cobra el 100% del total.',
    ]);
  });

  it('orders rules by date and shows nights and an end date', () => {
    const lines = describeCancellation(
      {
        refundable: true,
        rules: [
          { from: '2026-12-05T00:00:00Z', percent: '50.00', currency: 'EUR' },
          { from: '2026-12-02T00:00:00Z', to: '2026-12-05T00:00:00Z', nights: 1, currency: 'EUR' },
        ],
      },
      'UTC',
    );
    expect(lines).toEqual([
      'Cancelación gratuita hasta 01-12-2026 23:59:59.',
      'Desde 02-12-2026 00:00:00 hasta 05-12-2026 00:00:00 se cobra el valor de 1 noche.',
      'Desde 05-12-2026 00:00:00 se cobra el 50% del total.',
    ]);
  });

  it('a penalty already running has no free period', () => {
    const lines = describeCancellation(
      { refundable: true, rules: [{ from: '2026-10-01T00:00:00Z', amount: '30000', currency: 'COP' }] },
      'UTC',
    );
    expect(lines).toEqual(['Desde 01-10-2026 00:00:00 se cobra 30.000 COP.']);
  });

  it('non-refundable and rule-less policies', () => {
    expect(describeCancellation({ refundable: false, rules: [] })[0]).toMatch(/no reembolsable/);
    expect(describeCancellation({ refundable: true, rules: [] })).toEqual(['Cancelación gratuita.']);
  });
});
