import { describe, expect, it } from 'vitest';
import {
  followPendingStep,
  isPendingProvider,
  nextPollDelay,
  PENDING_POLL_LIMIT_MS,
  PENDING_POLL_MAX_MS,
  type PendingFollow,
} from './pending-poll';

describe('following a pending booking', () => {
  it('backs off from one second, doubling, up to ten seconds between reads', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map((n) => nextPollDelay(n, 0))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
  });

  it('stops once the next read would pass the limit', () => {
    expect(nextPollDelay(6, PENDING_POLL_LIMIT_MS - PENDING_POLL_MAX_MS)).toBe(PENDING_POLL_MAX_MS);
    expect(nextPollDelay(6, PENDING_POLL_LIMIT_MS - PENDING_POLL_MAX_MS + 1)).toBe(false);
    expect(nextPollDelay(0, PENDING_POLL_LIMIT_MS)).toBe(false);
  });

  it('reads about two dozen times over the whole bound, not hundreds', () => {
    let elapsed = 0;
    let reads = 0;
    for (let d = nextPollDelay(0, 0); d !== false; d = nextPollDelay(reads, elapsed)) {
      elapsed += d;
      reads++;
    }
    expect(reads).toBeGreaterThan(15);
    expect(reads).toBeLessThan(25);
    expect(elapsed).toBeLessThanOrEqual(PENDING_POLL_LIMIT_MS);
  });

  it('only pending-provider is still waiting for the supplier', () => {
    expect(isPendingProvider('pending-provider')).toBe(true);
    for (const s of ['confirmed', 'on-request', 'cancelled']) expect(isPendingProvider(s)).toBe(false);
  });
});

describe('a voucher page following a pending voucher (detail and printable voucher)', () => {
  const pending = (reads: number, id = 'v1') => ({ id, status: 'pending-provider', reads });

  it('reads a pending voucher again with the backoff, counted from its first pending read', () => {
    let follow: PendingFollow | null = null;
    const delays: (number | false)[] = [];
    for (const [reads, at] of [
      [1, 10_000],
      [2, 11_000],
      [3, 13_000],
      [4, 17_000],
      [5, 25_000],
    ] as const) {
      const step = followPendingStep(follow, pending(reads), at);
      follow = step.follow;
      delays.push(step.delay);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(follow).toEqual({ id: 'v1', since: 10_000, reads: 1 });
  });

  it('gives the same pause when asked again with the same state (React Query asks on every render)', () => {
    const first = followPendingStep(null, pending(3), 5_000);
    const again = followPendingStep(first.follow, pending(3), 5_200);
    expect(again).toEqual(first);
  });

  it('stops once the voucher leaves pending, or when the bound has passed', () => {
    const started = followPendingStep(null, pending(1), 0);
    expect(followPendingStep(started.follow, { id: 'v1', status: 'confirmed', reads: 2 }, 1_000)).toEqual({ follow: null, delay: false });
    expect(followPendingStep(started.follow, pending(20), PENDING_POLL_LIMIT_MS)).toEqual({ follow: started.follow, delay: false });
    expect(followPendingStep(null, { id: 'v1', status: undefined, reads: 0 }, 0).delay).toBe(false);
  });

  it('starts again for another voucher', () => {
    const a = followPendingStep(null, pending(9, 'a'), 0);
    const b = followPendingStep(a.follow, pending(1, 'b'), 200_000);
    expect(b).toEqual({ follow: { id: 'b', since: 200_000, reads: 1 }, delay: 1_000 });
  });
});
