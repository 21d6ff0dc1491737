import type { Voucher } from '@travesia/contracts';
import { storage } from '../../../lib/storage';
import { newIdempotencyKey } from './idempotency-key';

/** One checkout: the accepted quote and the idempotency key made once for it (issue 6 item 6). */
export interface CheckoutBase<Quote extends { quoteId: string }> {
  supplier: string;
  quote: Quote;
  idempotencyKey: string;
  acceptedAt: string;
  /** The booked voucher, once the reserve answered: a reload shows the confirmation again. */
  voucher?: Voucher;
}

/**
 * The checkout of one product in local storage under `adm-kd-search-<product>-checkout`: the key starts
 * with `search-`, so signing in clears it (storage.clearSearchState). `C` is the product's checkout
 * (CheckoutBase plus what its reserve page shows, e.g. the hotel's photo and address).
 */
export function checkoutStore<C extends CheckoutBase<{ quoteId: string }>>(product: string) {
  const key = `search-${product}-checkout`;
  return {
    save: (c: C) => storage.set(key, c),
    load: () => storage.get<C | null>(key, null),
    clear: () => storage.remove(key),
  };
}

/**
 * The idempotency key for accepting `quoteId`: one key per checkout, so reopening the same quote keeps
 * the key of the checkout in progress and a new quote starts a new checkout.
 */
export function checkoutKeyFor(current: CheckoutBase<{ quoteId: string }> | null, quoteId: string, prefix?: string): string {
  return current?.quote.quoteId === quoteId ? current.idempotencyKey : newIdempotencyKey(prefix);
}
