import type { ProductKind, ProviderId } from '@travesia/contracts';
import type { SupplierBookingRef, SupplierToken } from '../../suppliers/index.js';

/**
 * The supplier booking data kept in a voucher's bookingCodes, for every product kind: recovery looks
 * the booking up with it, cancellation finds the supplier's reference in it. `checkIn`/`checkOut`
 * are the service dates (a hotel stay, an activity day, a transfer's outbound and return).
 */
export interface SupplierBookingCode {
  kind: `supplier-${ProductKind}`;
  supplier: ProviderId;
  accountId: string;
  mode: 'sandbox' | 'production';
  clientReference: string;
  checkIn: string;
  checkOut: string;
  quoteId: string;
  token: SupplierToken;
  ref: SupplierBookingRef | null;
}

/** The code of a supplier booking among a voucher's booking codes (null for own inventory and quotations). */
export function supplierCodeOf(bookingCodes: unknown): Partial<SupplierBookingCode> | null {
  if (!Array.isArray(bookingCodes)) return null;
  const found = (bookingCodes as Partial<SupplierBookingCode>[]).find((c) => typeof c?.kind === 'string' && c.kind.startsWith('supplier-'));
  return found ?? null;
}

/** The product kind of a supplier booking code. */
export function kindOfCode(code: Partial<SupplierBookingCode>): ProductKind | null {
  const kind = code.kind?.slice('supplier-'.length);
  return kind === 'hotel' || kind === 'ticket' || kind === 'transfer' || kind === 'flight' ? kind : null;
}
