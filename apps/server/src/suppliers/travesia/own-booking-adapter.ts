import type { ResolvedProviderAccount } from '../account.js';
import { clock } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { CallContext, CancelResult, SupplierBookingRef } from '../types.js';
import type { OwnBookingRecord, OwnInventoryPort } from './ports.js';

/**
 * What an own-inventory adapter does the same for every kind once a booking is held under our
 * reference (one record): read it, find it for recovery, and cancel it — the penalty priced from the
 * stored policy before the capacity goes back, once.
 */
export abstract class OwnBookingAdapter<Booking> {
  readonly supplier = 'travesia' as const;
  abstract readonly kind: 'hotel' | 'ticket';
  readonly account: { id: string; name: string };

  constructor(
    protected readonly port: OwnInventoryPort,
    account: ResolvedProviderAccount,
    protected readonly now: () => Date = clock.now,
  ) {
    this.account = { id: account.id, name: account.name };
  }

  protected abstract bookingOf(record: OwnBookingRecord): Booking;

  /** What every kind's booking answers of an own record: the operator is the supplier, our reference its locator. */
  protected baseOf(b: OwnBookingRecord) {
    return {
      supplier: this.supplier,
      kind: this.kind,
      ref: { locator: b.clientReference },
      clientReference: b.clientReference,
      status: b.status,
      supplierStatus: b.status === 'confirmed' ? 'CONFIRMED' : 'CANCELLED',
      total: b.total,
      cancellation: b.cancellation,
      holder: b.holder,
      createdAt: b.createdAt,
      remarks: [] as string[],
    };
  }

  async read(ref: SupplierBookingRef, _ctx?: CallContext): Promise<Booking> {
    const found = await this.port.bookings.find(ref.locator);
    if (!found) throw new SupplierError('SUPPLIER_BOOKING_NOT_FOUND', { supplier: this.supplier, operation: `${this.kind}.read` });
    return this.bookingOf(found);
  }

  async findByClientReference(clientReference: string, _hint: { from: string; to: string }): Promise<Booking | null> {
    const found = await this.port.bookings.find(clientReference);
    return found ? this.bookingOf(found) : null;
  }

  async cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, _ctx?: CallContext): Promise<CancelResult> {
    const operation = `${this.kind}.${opts.simulate ? 'cancel-simulation' : 'cancel'}`;
    const found = await this.port.bookings.find(ref.locator);
    if (!found) throw new SupplierError('SUPPLIER_BOOKING_NOT_FOUND', { supplier: this.supplier, operation });
    if (found.status === 'cancelled') throw new SupplierError('SUPPLIER_NOT_CANCELLABLE', { supplier: this.supplier, operation });
    // Priced before the capacity goes back: the policy in force at this moment.
    const penalty = this.port.bookings.penalty(found, this.now());
    if (!opts.simulate) await this.port.bookings.release(ref.locator);
    return {
      simulated: opts.simulate,
      status: opts.simulate ? found.status : 'cancelled',
      penalty,
      penaltyKnown: true,
      cancellationReference: opts.simulate ? null : `${ref.locator}-C`,
    };
  }
}
