import {
  pageOf,
  STOREFRONT_ORDER_AGENCY_STATUS_LABELS,
  type StorefrontAgencyOrder,
  type StorefrontAgencyOrdersQuery,
} from '@travesia/contracts';
import type { StorefrontOrderRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import type { WhiteLabelService } from '../white-label/service.js';
import { money } from './present.js';
import type { StorefrontRepository } from './repository.js';

/** A wire date (`yyyy-MM-dd`) as the product shows dates (`dd-MM-yyyy`, contracts DATE_FORMAT). */
const day = (wire: string) => wire.split('-').reverse().join('-');

/** What an order books, in one line for the agency's list. */
export function productLine(summary: StorefrontOrderRow['summary']): string {
  const { hotel, ticket, transfer } = summary;
  if (hotel) return `${hotel.name} · ${day(hotel.checkIn)} a ${day(hotel.checkOut)}`;
  if (ticket) return [ticket.activity, ticket.modality, day(ticket.date)].filter(Boolean).join(' · ');
  if (transfer) {
    const first = transfer.legs[0];
    const route = first ? ` · ${first.from} → ${first.to}, ${day(first.date)}` : '';
    return `${transfer.service} · ${transfer.vehicle}${route}`;
  }
  return '—';
}

type ListedRow = Awaited<ReturnType<StorefrontRepository['listForAgency']>>['rows'][number];

export function toAgencyOrder({ order, voucher }: ListedRow): StorefrontAgencyOrder {
  const billing = order.billing as { name?: string; surname?: string };
  return {
    _id: order.id,
    ref: order.ref,
    kind: order.kind,
    status: order.status,
    statusLabel: STOREFRONT_ORDER_AGENCY_STATUS_LABELS[order.status],
    product: productLine(order.summary),
    holder: { name: billing.name ?? '', surname: billing.surname ?? '' },
    email: order.email,
    price: money({ amount: order.amount, currency: order.currency }),
    gateway: order.gateway,
    gatewayReference: order.gatewayReference,
    voucher: voucher?.id ? { _id: voucher.id, reference: voucher.reference ?? '', status: voucher.status ?? '' } : null,
    note: order.note,
    createdAt: order.createdAt.toISOString(),
    holdExpiresAt: order.holdExpiresAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/**
 * The agency's view of a white label's storefront orders (decision 0602): who may see them is the white-label
 * admin's rule (the agency admin of its agency with the module, or super), the rows are the order table's.
 */
export class StorefrontAgencyOrders {
  constructor(private readonly d: { repo: StorefrontRepository; whiteLabels: Pick<WhiteLabelService, 'get'> }) {}

  async list(actor: AuthContext, whiteLabelId: string, query: StorefrontAgencyOrdersQuery) {
    await this.d.whiteLabels.get(actor, whiteLabelId);
    const { rows, total } = await this.d.repo.listForAgency(whiteLabelId, query.status, query.page, query.limit);
    return pageOf(rows.map(toAgencyOrder), total, query.page, query.limit);
  }
}
