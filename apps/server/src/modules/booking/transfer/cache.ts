import type { SupplierId } from '@travesia/contracts';
import {
  PROVIDER_CATALOGUE,
  type TransferCachedQuery,
  type TransferOptionDto,
  type TransferSearchBody,
  type TransferSearchPage,
  type UserType,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { TransferOffer } from '../../../suppliers/index.js';
import type { PricedOption, StoredSearch } from '../flow.js';

/** One priced offer of a stored transfer search, with its account's name. */
export type CachedTransferOffer = PricedOption<TransferOffer>;

/**
 * A transfer search as kept under its cacheId: the criteria, the place ids of the service's destination (for
 * markups, nearest first) and every priced offer of every source (tens of services: one small JSON).
 */
export type TransferSearchIndex = StoredSearch<TransferSearchBody, TransferOffer, { destinationAncestors: string[] }>;

const label = (supplier: string) => (PROVIDER_CATALOGUE as Record<string, { label: string }>)[supplier]?.label ?? supplier;
const list = (v?: string) =>
  v
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** An offer as the page and the quote show it (the breakdown trimmed to what the viewer may see). */
export function optionDto(viewer: UserType, o: PricedOption<TransferOffer>): TransferOptionDto {
  const f = o.offer;
  const d = f.pickupDetails;
  return {
    optionId: o.optionId,
    leg: f.leg ?? 'outbound',
    supplier: f.supplier,
    supplierName: o.supplierName ?? label(f.supplier),
    direction: f.direction,
    transferType: f.transferType,
    vehicle: f.vehicle,
    category: f.category,
    from: { type: f.pickup.from.type, code: f.pickup.from.code, description: f.pickup.from.description ?? null },
    to: { type: f.pickup.to.type, code: f.pickup.to.code, description: f.pickup.to.description ?? null },
    pickupDate: f.pickup.date,
    pickupTime: f.pickup.time.slice(0, 5),
    capacity: f.capacity,
    luggage: f.luggage ?? null,
    waitingMinutes: f.waitingMinutes ?? null,
    image: f.images?.find((i) => i.size === 'MEDIUM')?.url ?? f.images?.[0]?.url ?? null,
    priceBasis: f.priceBasis ?? 'vehicle',
    price: { amount: o.breakdown.price, currency: o.breakdown.currency },
    breakdown: breakdownFor(viewer, o.breakdown),
    cancellation: f.cancellation,
    pickupDescription: d?.description ?? null,
    checkPickup: d?.checkPickup ?? null,
    remarks: f.remarks ?? [],
  };
}

/** A page of a stored search: filtered and sorted server-side, with the facets of the whole search. */
export function transferPage(viewer: UserType, s: TransferSearchIndex, q: TransferCachedQuery): TransferSearchPage {
  const types = list(q.type);
  const categories = list(q.category);
  const suppliers = list(q.supplier);
  const amount = (o: PricedOption<TransferOffer>) => new Decimal(o.breakdown.price);
  const kept = s.options.filter(
    (o) =>
      (!q.leg || (o.offer.leg ?? 'outbound') === q.leg) &&
      (!types?.length || types.includes(o.offer.transferType)) &&
      (!categories?.length || categories.includes(o.offer.category)) &&
      (!suppliers?.length || suppliers.includes(o.offer.supplier)) &&
      (q.minPrice === undefined || amount(o).gte(q.minPrice)) &&
      (q.maxPrice === undefined || amount(o).lte(q.maxPrice)),
  );
  const byPrice = (a: PricedOption<TransferOffer>, b: PricedOption<TransferOffer>) => amount(a).comparedTo(amount(b));
  kept.sort(
    q.sort === '-price'
      ? (a, b) => byPrice(b, a)
      : q.sort === 'capacity'
        ? (a, b) => b.offer.capacity.max - a.offer.capacity.max || byPrice(a, b)
        : byPrice,
  );
  const prices = s.options.map(amount);
  const currency = s.options[0]?.breakdown.currency;
  const totalPages = Math.max(1, Math.ceil(kept.length / q.limit));
  const c = s.criteria;
  return {
    cacheId: s.cacheId,
    expires: s.expires,
    roundTrip: Boolean(c.return),
    criteria: { from: c.from, to: c.to, outbound: c.outbound, return: c.return ?? null, adults: c.adults, childrenAges: c.childrenAges },
    page: q.page,
    totalPages,
    itemsFound: kept.length,
    items: kept.slice((q.page - 1) * q.limit, q.page * q.limit).map((o) => optionDto(viewer, o)),
    facets: {
      suppliers: [...new Set(s.options.map((o) => o.offer.supplier as SupplierId))].map((id) => ({ id, label: label(id) })),
      types: (['PRIVATE', 'SHARED'] as const).filter((t) => s.options.some((o) => o.offer.transferType === t)),
      categories: [...new Set(s.options.map((o) => o.offer.category))].sort(),
      priceRange:
        prices.length && currency && s.options.every((o) => o.breakdown.currency === currency)
          ? { min: Decimal.min(...prices).toFixed(2), max: Decimal.max(...prices).toFixed(2), currency }
          : null,
    },
    notes: s.notes,
  };
}
