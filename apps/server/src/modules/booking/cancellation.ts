import Decimal from 'decimal.js';
import type { PenaltyData, VoucherRow } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { isSupplierAccount } from '../../suppliers/account.js';
import type { CancelResult, SupplierBookingRef, SupplierLayer } from '../../suppliers/index.js';
import type { ProviderAccountService } from '../provider-account/service.js';
import { type CancellationResult, PolicyCancellation, type SupplierCancellation } from '../voucher/cancellation.js';
import { inAgentTerms } from './agent-policy.js';
import { kindOfCode, supplierCodeOf } from './booking-code.js';

const NOT_CANCELLABLE = 'Esta reserva no se puede cancelar con el proveedor: no tiene localizador o su cuenta ya no existe';

/**
 * The vouchers' SupplierCancellation through the supplier adapters, for every product kind: the
 * adapter is the one of the voucher's kind (its booking code says which: hotel, ticket, transfer,
 * flight); the quote is the supplier's penalty simulation (`cancel({simulate: true})`), the
 * cancellation the real one. The account is the voucher's, in the mode the booking was made in.
 */
export class RegistrySupplierCancellation implements SupplierCancellation {
  constructor(
    private readonly d: {
      suppliers: SupplierLayer;
      /** Asked at use time (the voucher service is built before the provider accounts). */
      providerAccounts: () => ProviderAccountService;
      now?: () => Date;
      /** The agency's zone (AgencyTimeZones.of), for the penalty's hours before arrival. */
      timeZoneOf?: (agencyId: string) => Promise<string>;
    },
  ) {}

  /** The voucher's own terms: its stored rules over the agent's price (the screens' `cancellationTerms`). */
  private stored(v: VoucherRow): Promise<PenaltyData> {
    return new PolicyCancellation(this.d.now, this.d.timeZoneOf).quote(v);
  }

  private async target(v: VoucherRow) {
    const code = supplierCodeOf(v.bookingCodes);
    // Vouchers recorded before the booking codes named their kind are hotels.
    const kind = code ? kindOfCode(code) : v.type === 'hotel' ? 'hotel' : null;
    const ref: SupplierBookingRef | null = code?.ref ?? (v.locator ? { locator: v.locator } : null);
    const mode = code?.mode ?? 'sandbox';
    const account = v.providerAccountId ? await this.d.providerAccounts().resolveForBooking(v.providerAccountId, mode) : null;
    if (!ref || !account || !kind || kind !== v.type || !this.d.suppliers.registry.supports(account.supplier, kind))
      throw new AppError(409, 'SUPPLIER_NOT_CANCELLABLE', NOT_CANCELLABLE);
    return { adapter: this.d.suppliers.registry.get(account, kind), ref, own: !isSupplierAccount(account) };
  }

  /**
   * A pre-reservation nothing was booked for yet (a flight's open transaction, decision 0290): released
   * here at no cost; the supplier's transaction simply expires.
   */
  private isUnbookedHold(v: VoucherRow): boolean {
    return v.status === 'pre-reserved' && !supplierCodeOf(v.bookingCodes) && !v.locator;
  }

  private free(v: VoucherRow): PenaltyData {
    const zero = new Decimal(0).toFixed(2);
    return {
      penalty: zero,
      penaltyCurrency: v.priceCurrency,
      penaltyType: '$',
      penaltyValue: zero,
      penaltyCaused: { type: 'cancellation', time: 0, timeType: 'hours' },
      amount: zero,
      currency: v.priceCurrency,
    };
  }

  async quote(v: VoucherRow): Promise<PenaltyData> {
    if (this.isUnbookedHold(v)) return this.free(v);
    const { adapter, ref, own } = await this.target(v);
    // Asked for own inventory too: it answers whether the booking is still there to cancel.
    const simulated = await adapter.cancel(ref, { simulate: true }, { correlationId: v.id });
    // Own inventory: we are the supplier, and the agent's terms are the stored policy over the agent's price.
    if (own) return this.stored(v);
    return this.penaltyOf(v, simulated);
  }

  async cancel(v: VoucherRow): Promise<CancellationResult> {
    if (this.isUnbookedHold(v)) return { penalty: this.free(v), note: 'Pre-reserva liberada: no se había reservado con el proveedor' };
    const { adapter, ref, own } = await this.target(v);
    const result = await adapter.cancel(ref, { simulate: false }, { correlationId: v.id });
    if (own) return { penalty: await this.stored(v), reference: result.cancellationReference ?? undefined };
    // Cancelled at the supplier: record it whatever the penalty report says (from the stored policy when unknown).
    const known = result.penaltyKnown && result.penalty;
    return {
      penalty: known ? this.penaltyOf(v, result) : await this.stored(v),
      reference: result.cancellationReference ?? undefined,
      note: known ? undefined : 'El proveedor no informó la penalidad; se calculó con la política guardada',
    };
  }

  /** The supplier's penalty in the voucher's terms; an unknown one is reported, never assumed free. */
  private penaltyOf(v: VoucherRow, r: CancelResult): PenaltyData {
    const now = (this.d.now ?? (() => new Date()))();
    const start = v.startDate ? Date.parse(`${v.startDate}T00:00:00Z`) : Number.NaN;
    const hoursBefore = Number.isNaN(start) ? 0 : Math.floor((start - now.getTime()) / 3_600_000);
    if (!r.penaltyKnown || !r.penalty) {
      throw new AppError(502, 'SUPPLIER_PENALTY_UNKNOWN', 'El proveedor no pudo calcular la penalidad de cancelación; inténtalo más tarde');
    }
    // In the agent's terms (decision 0400): the share of its cost the supplier keeps, of the agent's price.
    const agent =
      v.costNet && v.costCurrency
        ? inAgentTerms(r.penalty, { amount: v.costNet, currency: v.costCurrency }, { amount: v.priceGross, currency: v.priceCurrency })
        : r.penalty;
    const amount = new Decimal(agent.amount).toFixed(2);
    return {
      penalty: amount,
      penaltyCurrency: agent.currency,
      penaltyType: '$',
      penaltyValue: amount,
      penaltyCaused: { type: hoursBefore < 0 ? 'no-show' : 'cancellation', time: Math.max(0, hoursBefore), timeType: 'hours' },
      amount,
      currency: agent.currency,
    };
  }
}
