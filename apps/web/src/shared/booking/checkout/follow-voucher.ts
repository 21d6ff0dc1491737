import type { Voucher, VoucherDetail } from '@travesia/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { isPendingProvider, nextPollDelay } from './pending-poll';

/** GET /api/voucher/:id: where a booking answered `pending-provider` stands now. */
export const readVoucher = (id: string, signal?: AbortSignal) =>
  api<VoucherDetail>(`/api/voucher/${encodeURIComponent(id)}`, { signal, timeoutMs: 15_000 });

export interface FollowedVoucher {
  voucher: Voucher;
  /** following: still asking; settled: left pending; stopped: the bound passed while still pending. */
  state: 'following' | 'settled' | 'stopped';
}

/**
 * Follows a voucher the reserve answered pending-provider (the supplier call goes on at the server):
 * reads it again with the backoff of `nextPollDelay` until it leaves pending or the bound passes.
 * `onSettled` gets the voucher once it is confirmed, on request or cancelled. A failed read is
 * retried at the next step; nothing is polled for a voucher that is not pending.
 */
export function useFollowPendingVoucher(initial: Voucher, onSettled: (v: Voucher) => void): FollowedVoucher {
  const [followed, setFollowed] = useState<FollowedVoucher>(() => ({
    voucher: initial,
    state: isPendingProvider(initial.status) ? 'following' : 'settled',
  }));
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  const id = initial._id;
  const pending = isPendingProvider(initial.status);

  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (attempt: number) => {
      const delay = nextPollDelay(attempt, Date.now() - startedAt);
      if (delay === false) {
        setFollowed((f) => ({ ...f, state: 'stopped' }));
        return;
      }
      timer = setTimeout(async () => {
        try {
          const { events: _events, ...now } = await readVoucher(id, controller.signal);
          if (controller.signal.aborted) return;
          if (!isPendingProvider(now.status)) {
            setFollowed({ voucher: now, state: 'settled' });
            settledRef.current(now);
            return;
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        schedule(attempt + 1);
      }, delay);
    };
    schedule(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, pending]);

  return followed;
}
