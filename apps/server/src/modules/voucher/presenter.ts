import type { ExternalVoucher, Voucher, VoucherEvent } from '@travesia/contracts';
import type { VoucherEventRow, VoucherRow } from '../../db/schema/index.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toVoucherDto(row: VoucherRow, agencyLogo: string | null): Voucher {
  return {
    _id: row.id,
    externalBookingReference: row.externalBookingReference,
    reservation: { locator: row.locator },
    locator: row.locator,
    shortLocator: row.shortLocator,
    supplierReferences: row.supplierReferences,
    type: row.type,
    integrator: row.integrator,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
    status: row.status,
    start: row.startDate,
    end: row.endDate,
    nights: row.nights,
    agency: { _id: row.agencyId, name: row.agencyName, logo: agencyLogo },
    user: row.userId ? { _id: row.userId, profile: { name: row.userName ?? '' } } : null,
    client: row.client,
    companions: row.companions as Voucher['companions'],
    price: { gross: row.priceGross, currency: row.priceCurrency },
    cost: row.costNet !== null && row.costCurrency ? { net: row.costNet, currency: row.costCurrency } : null,
    markups: row.markups,
    commission:
      row.commissionAmount !== null && row.commissionCurrency ? { amount: row.commissionAmount, currency: row.commissionCurrency } : null,
    usd: { price: row.priceUsd, cost: row.costUsd, rate: row.usdRate },
    payments: row.payments,
    bookingCodes: row.bookingCodes,
    policies: row.policies,
    penalty: row.penalty,
    product: row.product,
    supplierRemarks: row.supplierRemarks ?? [],
    approval: row.approvalStatus
      ? { status: row.approvalStatus, expiresAt: iso(row.approvalKeyExpiresAt), decision: row.approvalDecision }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toEventDto(row: VoucherEventRow): VoucherEvent {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actor: { kind: row.actorKind, userId: row.actorUserId, name: row.actorName },
    ip: row.ip,
    userAgent: row.userAgent,
    note: row.note,
  };
}

/** The public approval page's view: what the client booked and its price; nothing internal. */
export function toExternalDto(row: VoucherRow, agencyLogo: string | null): ExternalVoucher {
  return {
    _id: row.id,
    externalBookingReference: row.externalBookingReference,
    locator: row.locator,
    type: row.type,
    status: row.status,
    start: row.startDate,
    end: row.endDate,
    nights: row.nights,
    agency: { name: row.agencyName, logo: agencyLogo },
    client: { name: row.client.name, ...(row.client.surname ? { surname: row.client.surname } : {}) },
    price: { gross: row.priceGross, currency: row.priceCurrency },
    policies: row.policies,
    product: row.product,
    approval: {
      status: row.approvalStatus ?? 'pending',
      expiresAt: iso(row.approvalKeyExpiresAt),
      decidedAt: row.approvalDecision?.at ?? null,
    },
  };
}
