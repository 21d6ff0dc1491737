/**
 * How the reserve page follows a booking the server answered `pending-provider` while the supplier
 * call goes on (issue 12 finding 13, docs/decisions/0154): the voucher is read again with a growing
 * pause (1 s, 2 s, 4 s, 8 s, then every 10 s) until it leaves pending, and no longer than
 * PENDING_POLL_LIMIT_MS (the slowest supplier's booking timeout, Juniper's 180 s): after that the page
 * stops and shows the voucher link, the server's recovery job settles the booking.
 */
export const PENDING_POLL_FIRST_MS = 1_000;
export const PENDING_POLL_MAX_MS = 10_000;
export const PENDING_POLL_LIMIT_MS = 180_000;

/** The pause before read number `attempt` (0 = the first), or `false` once the limit would be passed. */
export function nextPollDelay(attempt: number, elapsedMs: number): number | false {
  const delay = Math.min(PENDING_POLL_FIRST_MS * 2 ** Math.max(0, attempt), PENDING_POLL_MAX_MS);
  return elapsedMs + delay > PENDING_POLL_LIMIT_MS ? false : delay;
}

/** Whether a voucher status still waits for the supplier's answer. */
export const isPendingProvider = (status: string) => status === 'pending-provider';

/** Where a page's following of one pending voucher started: when, and after how many reads. */
export interface PendingFollow {
  id: string;
  since: number;
  reads: number;
}

/**
 * One step of a page that shows a voucher (detail, printable voucher) and follows it while it is
 * `pending-provider` (the reserve answered 202 and the supplier call goes on at the server): the pause
 * before the next read with `nextPollDelay`'s backoff and bound, counted from the first pending read
 * of this voucher. `reads` is how many reads of it the page has made (answers and failures). Pure,
 * so React Query may ask for it on every render: the same state gives the same pause.
 */
export function followPendingStep(
  follow: PendingFollow | null,
  voucher: { id: string; status: string | undefined; reads: number },
  now: number,
): { follow: PendingFollow | null; delay: number | false } {
  if (!voucher.status || !isPendingProvider(voucher.status)) return { follow: null, delay: false };
  const current = follow?.id === voucher.id ? follow : { id: voucher.id, since: now, reads: voucher.reads };
  return { follow: current, delay: nextPollDelay(voucher.reads - current.reads, now - current.since) };
}
