import {
  DEFAULT_TIME_ZONE,
  type HotelCancellationPolicy,
  STOREFRONT_MESSAGES as M,
  STOREFRONT_ORDER_STATUS_LABELS,
  type StorefrontOrderView,
} from '@travesia/contracts';
import type { StorefrontOrderRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BookingEngine } from '../booking/engine.js';
import type { FileService } from '../file/service.js';
import { contentOf, toStorefrontSite } from '../white-label/presenter.js';
import { confirmationLines } from './confirmation.js';
import { money } from './present.js';
import type { Storefront } from './product.js';
import type { StorefrontRepository } from './repository.js';
import { renderTravellerVoucher } from './traveller-voucher-pdf.js';

export interface TravellerOrdersDeps {
  repo: StorefrontRepository;
  engine: Pick<BookingEngine, 'settler'>;
  images: Pick<FileService, 'png'>;
  publicUrl: string;
  /** The active white label of a slug (the service's: the same Spanish 404 otherwise). */
  storefront(slug: string): Promise<Storefront>;
  /** A booking order whose voucher is confirmed: booked (the settlement's). */
  booked(orderId: string, voucherId: string): Promise<void>;
}

/**
 * What the traveller reads of an order with its reference and e-mail: "mi reserva" and, once booked, the
 * voucher PDF in the white label's branding (issue 20 item 4, decision 0603).
 */
export class TravellerOrders {
  constructor(private readonly d: TravellerOrdersDeps) {}

  /** "Mi reserva": the order when the e-mail matches (the same 404 otherwise). */
  async lookup(slug: string, ref: string, email: string): Promise<StorefrontOrderView> {
    const s = await this.d.storefront(slug);
    let order = await this.d.repo.byRef(s.whiteLabel.id, ref);
    if (!order || order.email !== email.trim().toLowerCase()) throw notFound(M.orderNotFound);
    const voucher = order.voucherId ? await this.d.engine.settler.reload(order.voucherId) : null;
    // A booking answered pending settles later (recovery): the order follows its voucher.
    if (order.status === 'booking' && voucher && (voucher.status === 'confirmed' || voucher.status === 'on-request')) {
      await this.d.booked(order.id, voucher.id);
      order = (await this.d.repo.byId(order.id)) as StorefrontOrderRow;
    }
    const billing = order.billing as { name: string; surname: string };
    return {
      orderRef: order.ref,
      status: order.status,
      statusLabel: STOREFRONT_ORDER_STATUS_LABELS[order.status],
      holdExpiresAt: order.holdExpiresAt.toISOString(),
      price: money({ amount: order.amount, currency: order.currency }),
      kind: order.kind,
      hotel: order.summary.hotel ?? null,
      rooms: order.summary.rooms ?? [],
      ticket: order.summary.ticket ?? null,
      transfer: order.summary.transfer ?? null,
      holder: { name: billing.name, surname: billing.surname },
      voucher: voucher
        ? {
            reference: voucher.externalBookingReference,
            status: voucher.status,
            locator: voucher.locator ?? null,
            cancellation: order.summary.cancellation as HotelCancellationPolicy,
          }
        : null,
    };
  }

  /** The booked order's voucher as a PDF in the white label's branding; 409 in Spanish until it is booked. */
  async voucherPdf(slug: string, ref: string, email: string): Promise<{ filename: string; pdf: Buffer }> {
    const view = await this.lookup(slug, ref, email);
    if (view.status !== 'booked' || !view.voucher) throw new AppError(409, 'VOUCHER_NOT_READY', M.voucherNotReady);
    const { whiteLabel } = await this.d.storefront(slug);
    const order = (await this.d.repo.byRef(whiteLabel.id, ref)) as StorefrontOrderRow;
    const site = toStorefrontSite(whiteLabel, contentOf(whiteLabel.published), whiteLabel.publishedAt);
    const logo = site.branding.logo ? await this.d.images.png(site.branding.logo).catch(() => null) : null;
    const pdf = await renderTravellerVoucher({
      site,
      logo,
      order: view,
      booked: confirmationLines(order.summary),
      travellers: order.travellers.flat().map((t) => `${t.name} ${t.surname}`),
      lookupUrl: `${this.d.publicUrl}/s/${whiteLabel.slug}/mi-reserva?ref=${encodeURIComponent(order.ref)}`,
      timeZone: DEFAULT_TIME_ZONE,
    });
    return { filename: `voucher-${order.ref}.pdf`, pdf };
  }
}
