import { guarded } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import type { BookingBase, CallContext, CancelResult, SupplierBookingRef } from '../types.js';
import { attr, node, nodes, type XNode } from '../xml.js';
import type { JuniperClient } from './client.js';
import { mapCancel } from './mappers.js';

const S = 'juniper' as const;

/**
 * The reservation calls every Juniper product shares (ReadBooking, BookingList, CancelBooking are
 * product-agnostic in the JP WSDL): one implementation for the hotel, ticket and transfer adapters, each
 * giving its own reply mapper and, where one booking list mixes products, which reservations are its own.
 */
export class JuniperBookings<T extends BookingBase> {
  constructor(
    private readonly http: SupplierHttp,
    private readonly client: JuniperClient,
    private readonly kind: 'hotel' | 'ticket' | 'transfer',
    private readonly map: (rs: XNode) => T,
    private readonly isOwn: (rs: XNode) => boolean = () => true,
  ) {}

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<T> {
    const op = `${this.kind}.read`;
    return guarded(this.http, S, op, async () => this.map(await this.readReply(ref.locator, op, ctx)));
  }

  /**
   * Documented look-up after a lost booking reply: BookingList filtered by the service dates and our
   * ExternalBookingReference (it lists PAG bookings by locator), then ReadBooking by locator. Null when
   * Juniper lists nothing yet.
   */
  findByClientReference(clientReference: string, hint: { from: string; to: string }, ctx?: CallContext): Promise<T | null> {
    const op = `${this.kind}.list`;
    return guarded(this.http, S, op, async () => {
      const { rs } = await this.client.call(
        'BookingList',
        { BookingListRequest: { StartingBookingDate: { '@From': hint.from, '@To': hint.to }, ExternalBookingReference: clientReference } },
        { operation: op, idempotent: true, ctx },
      );
      const locators = nodes(node(rs.Reservations).Reservation)
        .map((r) => attr(r, 'Locator'))
        .filter((l): l is string => !!l);
      for (const locator of locators.slice(0, 10)) {
        const read = await this.readReply(locator, `${this.kind}.read`, ctx);
        if (!this.isOwn(read)) continue;
        const booking = this.map(read);
        if (booking.clientReference === clientReference) return booking;
      }
      return null;
    });
  }

  /**
   * CancelBooking; the penalty quote is the documented `OnlyCancellationFees` (it cancels nothing, so it
   * may be retried), the cancellation itself is never retried.
   */
  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = `${this.kind}.${opts.simulate ? 'cancel-simulation' : 'cancel'}`;
    return guarded(this.http, S, op, async () => {
      const { rs, warnings } = await this.client.call(
        'CancelBooking',
        { CancelRequest: { '@ReservationLocator': ref.locator, ...(opts.simulate ? { '@OnlyCancellationFees': 'true' } : {}) } },
        { operation: op, idempotent: opts.simulate, ctx },
      );
      const { penalty, cancelled, state } = mapCancel(rs, warnings, opts.simulate);
      if (!opts.simulate && !cancelled)
        throw new SupplierError('SUPPLIER_REJECTED', { supplier: S, operation: op, detail: `state ${state}` });
      return {
        simulated: opts.simulate,
        status: opts.simulate ? 'confirmed' : 'cancelled',
        penalty,
        penaltyKnown: penalty !== null,
        cancellationReference: null,
      };
    });
  }

  private async readReply(locator: string, op: string, ctx?: CallContext): Promise<XNode> {
    const { rs } = await this.client.call(
      'ReadBooking',
      { ReadRequest: { '@ReservationLocator': locator } },
      { operation: op, idempotent: true, ctx },
    );
    return rs;
  }
}
