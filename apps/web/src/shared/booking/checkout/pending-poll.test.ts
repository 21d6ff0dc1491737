import { describe, expect, it } from 'vitest';
import { isPendingProvider, nextPollDelay, PENDING_POLL_LIMIT_MS, PENDING_POLL_MAX_MS } from './pending-poll';

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
