import { describe, expect, it } from 'vitest';
import { childAgesOf, holdRemaining, orderPhase, pollInterval } from './state';

describe('hold countdown', () => {
  const at = Date.parse('2026-12-01T10:00:00Z');
  it('shows minutes and seconds left, rounding up to the next second', () => {
    expect(holdRemaining('2026-12-01T10:14:59.200Z', at)).toEqual({ ms: 899_200, expired: false, label: '15:00' });
    expect(holdRemaining('2026-12-01T10:00:09Z', at).label).toBe('00:09');
  });
  it('ends at zero and stays there', () => {
    expect(holdRemaining('2026-12-01T09:59:00Z', at)).toEqual({ ms: 0, expired: true, label: '00:00' });
  });
});

describe('order phase on the return page', () => {
  it('keeps "procesando" until the webhook settled the order', () => {
    for (const s of ['awaiting-payment', 'paid', 'booking'] as const) expect(orderPhase(s)).toBe('processing');
    expect(orderPhase('booked')).toBe('confirmed');
    expect(orderPhase('declined')).toBe('not-paid');
    expect(orderPhase('expired')).toBe('not-paid');
    expect(orderPhase('refunded')).toBe('refunded');
    expect(orderPhase('needs-attention')).toBe('review');
  });
  it('polls while processing, slower each time, and stops at a final phase', () => {
    expect(pollInterval(undefined, 0)).toBe(2_000);
    expect(pollInterval('awaiting-payment', 3)).toBe(5_000);
    expect(pollInterval('booking', 50)).toBe(10_000);
    expect(pollInterval('booked', 1)).toBe(false);
    expect(pollInterval('refunded', 1)).toBe(false);
  });
});

describe('children of a results address', () => {
  it('reads the ages, leaving out what is not an age for the product', () => {
    expect(childAgesOf('8,5,0', 17)).toEqual([8, 5, 0]);
    expect(childAgesOf('8,15,x,', 12)).toEqual([8]);
    expect(childAgesOf(null, 12)).toEqual([]);
  });
});
