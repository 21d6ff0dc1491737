import { SUPPLIERS, VOUCHER_MESSAGES } from '@travesia/contracts';
import type { PenaltyData, VoucherRow } from '../../db/schema/index.js';
import { vUnavailable } from './errors.js';
import { computePenalty } from './policy.js';

export interface CancellationResult {
  penalty: PenaltyData;
  /** The supplier's cancellation reference, when it gives one. */
  reference?: string;
  note?: string;
}

/**
 * How a voucher is cancelled: a quote of the penalty at this moment, then the cancellation itself.
 * The supplier adapters implement it per supplier (wired by the lead); own-inventory vouchers and
 * vouchers of an unknown supplier use the stored normalised policy (PolicyCancellation).
 */
export interface SupplierCancellation {
  quote(voucher: VoucherRow): Promise<PenaltyData>;
  cancel(voucher: VoucherRow): Promise<CancellationResult>;
}

/** The penalty from the voucher's own stored rules at the current time. */
export class PolicyCancellation implements SupplierCancellation {
  constructor(
    private readonly now: () => Date = () => new Date(),
    /** The agency's zone (AgencyTimeZones.of); the default zone when not given. */
    private readonly timeZoneOf?: (agencyId: string) => Promise<string>,
  ) {}

  async quote(v: VoucherRow): Promise<PenaltyData> {
    const timeZone = this.timeZoneOf ? await this.timeZoneOf(v.agencyId) : undefined;
    return computePenalty(
      {
        timeZone,
        policies: v.policies,
        price: { gross: v.priceGross, currency: v.priceCurrency },
        nights: v.nights,
        usdRate: v.usdRate,
        start: v.startDate,
      },
      this.now(),
    );
  }

  async cancel(v: VoucherRow): Promise<CancellationResult> {
    return { penalty: await this.quote(v) };
  }
}

/** Until the supplier adapters are wired in, a supplier voucher can't be cancelled from here: a clear 503. */
export class UnwiredSupplierCancellation implements SupplierCancellation {
  async quote(): Promise<PenaltyData> {
    throw vUnavailable(VOUCHER_MESSAGES.supplierCancellationUnavailable, 'SUPPLIER_CANCELLATION_UNAVAILABLE');
  }
  async cancel(): Promise<CancellationResult> {
    throw vUnavailable(VOUCHER_MESSAGES.supplierCancellationUnavailable, 'SUPPLIER_CANCELLATION_UNAVAILABLE');
  }
}

const KNOWN_SUPPLIERS: ReadonlySet<string> = new Set(SUPPLIERS);

/**
 * Quotations (nothing booked) and own-inventory vouchers booked before own inventory was a provider
 * use the stored policy; the rest their provider: an external supplier, or own inventory booked
 * through the engine (its supplier booking code names the provider account, decision 0270).
 */
export function cancellationSource(v: VoucherRow): 'policy' | 'supplier' {
  if (v.status === 'quotation') return 'policy';
  return KNOWN_SUPPLIERS.has(v.provider) || hasProviderBookingCode(v.bookingCodes) ? 'supplier' : 'policy';
}

/** A booking code written by the booking engine (`kind: 'supplier-<kind>'`, booking/booking-code.ts). */
function hasProviderBookingCode(codes: unknown): boolean {
  return Array.isArray(codes) && codes.some((c) => typeof c?.kind === 'string' && c.kind.startsWith('supplier-'));
}
