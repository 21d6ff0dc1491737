import { STOREFRONT_MESSAGES as M, type StorefrontProductKind } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { AgencyRow, StorefrontOrderRow, WhiteLabelRow } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { PricingContext } from '../../pricing/index.js';
import type { OutboxRepository } from '../outbox/repository.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { PaymentPort, PaymentSettled } from '../payments/port.js';
import { OUTBOX_CONFIRMATION } from './confirmation.js';
import { exchangeOf, type OrderProduct, type Storefront } from './product.js';
import type { StorefrontRepository } from './repository.js';

export interface SettlementDeps {
  repo: StorefrontRepository;
  payments: PaymentPort | null;
  outbox: OutboxRepository;
  outboxWorker: OutboxWorker;
  log: Logger;
  now: () => Date;
  /** Each product's re-quote and reserve of a paid order. */
  products: Record<StorefrontProductKind, OrderProduct>;
  /** The white label as a seller, and its storefront prices (the service's rules). */
  contextOf(whiteLabel: WhiteLabelRow, agency: AgencyRow): Storefront;
  pricingOf(s: Storefront): Promise<PricingContext>;
}

/**
 * What happens to an order once its payment settled (decisions 0340, 0342, 0600): the signed webhook's
 * final state moves the order by conditional transitions only; an approval in time books through the
 * product's reserve (re-quoted first when told after the hold); anything that can't book is refunded
 * through the gateway, or left to the agency (`needs-attention`) when the refund fails.
 */
export class OrderSettlement {
  constructor(private readonly d: SettlementDeps) {}

  /**
   * A payment reached a final state (told at least once per transition, possibly out of order):
   * every step is a conditional transition, so duplicates and races move the order once.
   */
  async settled(e: PaymentSettled): Promise<void> {
    const order = await this.d.repo.byId(e.orderId);
    if (!order || order.whiteLabelId !== e.whiteLabelId || (order.paymentId && order.paymentId !== e.paymentId)) {
      this.d.log.warn({ paymentId: e.paymentId, orderId: e.orderId }, 'payment event for an unknown order or another payment; ignored');
      return;
    }
    const log = { orderId: order.id, paymentId: e.paymentId, status: e.status };
    switch (e.status) {
      case 'declined':
      case 'error':
      case 'expired': {
        const moved = await this.d.repo.move(order.id, ['awaiting-payment'], e.status === 'expired' ? 'expired' : 'declined', {
          gatewayReference: e.gatewayReference,
          note: e.status === 'expired' ? 'El pago venció' : 'El pago fue rechazado',
        });
        this.d.log.info({ ...log, moved: !!moved }, 'storefront payment not approved');
        return;
      }
      case 'refunded':
        await this.d.repo.move(order.id, ['paid', 'needs-attention'], 'refunded', { note: 'Pago reembolsado' });
        return;
      case 'approved':
        return this.approved(order, e);
    }
  }

  private async approved(order: StorefrontOrderRow, e: PaymentSettled): Promise<void> {
    // Approved wins over an earlier declined/expired told out of order: the money was taken.
    const paid = await this.d.repo.move(order.id, ['awaiting-payment', 'declined', 'expired'], 'paid', {
      paymentId: e.paymentId,
      gateway: e.gateway,
      gatewayReference: e.gatewayReference,
    });
    if (!paid) {
      this.d.log.info({ orderId: order.id, status: order.status }, 'approved payment told again; nothing to do');
      return;
    }
    if (!new Decimal(e.amount).eq(paid.amount) || e.currency !== paid.currency) {
      this.d.log.warn({ orderId: paid.id, paid: `${e.amount} ${e.currency}`, held: `${paid.amount} ${paid.currency}` }, 'amount mismatch');
      return this.refund(paid, 'El monto pagado no coincide con la reserva');
    }
    if (e.occurredAt.getTime() >= paid.holdExpiresAt.getTime()) {
      // Approved after the time to pay ended (the gateway's time of the approval): never booked, refunded (decision 0600).
      this.d.log.warn({ orderId: paid.id, approvedAt: e.occurredAt, holdExpiresAt: paid.holdExpiresAt }, 'payment approved after the hold');
      return this.refund(paid, M.paidAfterHold);
    }
    const booking = await this.d.repo.move(paid.id, ['paid'], 'booking');
    if (!booking) return;
    const found = await this.d.repo.whiteLabelById(booking.whiteLabelId);
    if (!found) return this.refund(booking, 'La tienda ya no existe', 'booking');
    const s = this.d.contextOf(found.whiteLabel, found.agency);
    const product = this.d.products[booking.kind];
    let toBook = booking;
    if (this.d.now().getTime() >= booking.holdExpiresAt.getTime()) {
      // Approved within the hold but told after it (a late webhook, a retry): booked only at the same price
      // and still available, else refunded (decisions 0342, 0600).
      try {
        const next = await product.requote(s, booking, await this.d.pricingOf(s));
        if ('refused' in next) return this.refund(booking, next.refused, 'booking');
        // The same price in the display currency; the cost and rate are the re-quote's (decision 0560).
        const exchange = exchangeOf(next.priced, this.d.now());
        await this.d.repo.patch(booking.id, { option: next.option, exchange });
        toBook = { ...booking, option: next.option, exchange };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return this.refund(booking, `No se pudo volver a cotizar: ${err.message}`, 'booking');
      }
    }
    const payment = { gateway: e.gateway, reference: e.gatewayReference, amount: e.amount, currency: e.currency, status: 'approved' };
    try {
      const { voucher } = await product.reserve(s, toBook, payment);
      if (voucher.status === 'cancelled') return this.refund(booking, 'El proveedor no confirmó la reserva', 'booking', voucher.id);
      const done = voucher.status === 'confirmed' || voucher.status === 'on-request';
      if (done) await this.booked(booking.id, voucher.id);
      else await this.d.repo.patch(booking.id, { voucherId: voucher.id });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const voucherId = err.fields?.voucherId;
      return this.refund(booking, `No se pudo reservar: ${err.message}`, 'booking', voucherId);
    }
  }

  /** A booking order whose voucher is confirmed: booked, and the confirmation e-mail queued (also the sweeper's). */
  async booked(orderId: string, voucherId: string) {
    const moved = await this.d.repo.move(orderId, ['booking'], 'booked', { voucherId });
    if (moved) {
      await this.d.outbox.enqueue(OUTBOX_CONFIRMATION, { orderId });
      this.d.outboxWorker.kick();
    }
  }

  /** The refund path (decision 0342): refunded through the gateway, or left to the agency when that fails (also the sweeper's). */
  async refund(order: StorefrontOrderRow, reason: string, from: 'paid' | 'booking' = 'paid', voucherId?: string) {
    const patch = voucherId ? { voucherId } : {};
    try {
      const r = await (this.d.payments as PaymentPort).refund(order.paymentId ?? '', reason);
      const note = r.status === 'refunded' ? reason : `${reason} (reembolso en trámite)`;
      await this.d.repo.move(order.id, [from], 'refunded', { ...patch, note });
      this.d.log.warn({ orderId: order.id, reason }, 'storefront order refunded');
    } catch (err) {
      await this.d.repo.move(order.id, [from], 'needs-attention', {
        ...patch,
        note: `${reason}. El reembolso falló: revisar con la pasarela`,
      });
      this.d.log.error({ err, orderId: order.id }, 'storefront refund failed; order needs attention');
    }
  }
}
