import type { TransferOptionDto, TransferPointType, TransferQuoteDto } from '@travesia/contracts';
import { storage } from '../../lib/storage';
import { type CheckoutBase, checkoutStore } from '../../shared/booking/checkout/checkout-store';

/**
 * What the transfer screens keep in local storage (keys start with `search-`, so signing in clears
 * them): the outbound and return chosen on the results, then the checkout of the accepted quotes.
 */
export interface PointForm {
  type: TransferPointType;
  code?: string;
  name?: string;
  zone?: string;
  placeId?: string | null;
  latitude?: number;
  longitude?: number;
}

export interface TransferSelection {
  cacheId: string;
  roundTrip: boolean;
  outbound: TransferOptionDto | null;
  return: TransferOptionDto | null;
}

const SELECTION = 'search-transfers-selection';
export const loadSelection = () => storage.get<TransferSelection | null>(SELECTION, null);
export const saveSelection = (s: TransferSelection) => storage.set(SELECTION, s);

/** The checkout: both quotes (the first is the engine's `quote`), one idempotency key for the pair. */
export interface TransferCheckout extends CheckoutBase<TransferQuoteDto> {
  returnQuote: TransferQuoteDto | null;
}
export const transferCheckout = checkoutStore<TransferCheckout>('transfers');

/** Our point as the search body takes it. */
export function pointBody(p: PointForm) {
  const place = p.placeId ? { placeId: p.placeId } : {};
  if (p.type === 'address')
    return { type: 'address' as const, latitude: Number(p.latitude), longitude: Number(p.longitude), name: p.name, ...place };
  return {
    ...place,
    type: p.type,
    code: (p.code ?? '').trim(),
    ...(p.name?.trim() ? { name: p.name.trim() } : {}),
    ...(p.type !== 'airport' && p.zone?.trim() ? { zone: p.zone.trim() } : {}),
  };
}
