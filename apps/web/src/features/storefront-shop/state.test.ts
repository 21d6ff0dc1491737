import { describe, expect, it } from 'vitest';
import { canRetry, childAgesOf, holdRemaining, orderPhase, pollInterval, retryTarget, voucherPdfUrl } from './state';

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

describe('trying again after a payment that did not book', () => {
  it('goes back to the checkout this browser paid from, if it is a page of this shop, else to the home', () => {
    const checkout = '/s/viajes-demo/hoteles/reservar?cache=c1&opcion=o1';
    expect(retryTarget(checkout, 'viajes-demo')).toBe(checkout);
    expect(retryTarget(null, 'viajes-demo')).toBe('/s/viajes-demo');
    expect(retryTarget('/s/otra-tienda/hoteles/reservar?cache=c1', 'viajes-demo')).toBe('/s/viajes-demo');
    expect(retryTarget('https://otro.example/s/viajes-demo/', 'viajes-demo')).toBe('/s/viajes-demo');
    expect(retryTarget('/s/viajes-demo//otro.example', 'viajes-demo')).toBe('/s/viajes-demo');
  });
  it('is offered when nothing was charged or the charge was refunded, not while processing or once booked', () => {
    expect(canRetry('not-paid')).toBe(true);
    expect(canRetry('refunded')).toBe(true);
    expect(canRetry('processing')).toBe(false);
    expect(canRetry('confirmed')).toBe(false);
    expect(canRetry('review')).toBe(false);
  });
});

describe('the voucher PDF of a booked order', () => {
  it('is asked with the reference and the e-mail, each encoded', () => {
    expect(voucherPdfUrl('viajes-demo', 'SF-AB12CD34', 'laura+viajes@example.com')).toBe(
      '/api/storefront/viajes-demo/orders/SF-AB12CD34/voucher?email=laura%2Bviajes%40example.com',
    );
  });
});
