import {
  providerLabel,
  type TransferCachedQuery,
  type TransferOptionDto,
  type TransferSearchBody,
  type TransferSearchPage,
  type UserType,
} from '@travesia/contracts';
import type { TransferOffer } from '../../../suppliers/index.js';
import type { PricedOption, StoredSearch } from '../flow.js';
import { commonFilter, listFilter, pricedFor, priceRangeOf, priceSorts, searchPage, supplierFacet } from '../paging.js';

/** One priced offer of a stored transfer search, with its account's name. */
export type CachedTransferOffer = PricedOption<TransferOffer>;

/**
 * A transfer search as kept under its cacheId: the criteria, the place ids of the service's destination (for
 * markups, nearest first) and every priced offer of every source (tens of services: one small JSON).
 */
export type TransferSearchIndex = StoredSearch<TransferSearchBody, TransferOffer, { destinationAncestors: string[] }>;

/** An offer as the page and the quote show it (the breakdown trimmed to what the viewer may see). */
export function optionDto(viewer: UserType, o: CachedTransferOffer): TransferOptionDto {
  const f = o.offer;
  const d = f.pickupDetails;
  return {
    optionId: o.optionId,
    leg: f.leg ?? 'outbound',
    supplier: f.supplier,
    supplierName: o.supplierName ?? providerLabel(f.supplier),
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
    ...pricedFor(viewer, o.breakdown),
    cancellation: f.cancellation,
    pickupDescription: d?.description ?? null,
    checkPickup: d?.checkPickup ?? null,
    remarks: f.remarks ?? [],
  };
}

/** A page of a stored search: filtered and sorted server-side, with the facets of the whole search. */
export function transferPage(viewer: UserType, s: TransferSearchIndex, q: TransferCachedQuery): TransferSearchPage {
  const [types, categories, common] = [listFilter(q.type), listFilter(q.category), commonFilter(q)];
  const kept = s.options.filter(
    (o) =>
      (!q.leg || (o.offer.leg ?? 'outbound') === q.leg) &&
      (!types || types.has(o.offer.transferType)) &&
      (!categories || categories.has(o.offer.category)) &&
      common(o),
  );
  const { price, ...sorts } = priceSorts();
  const capacity = (a: CachedTransferOffer, b: CachedTransferOffer) => b.offer.capacity.max - a.offer.capacity.max || price(a, b);
  kept.sort({ price, ...sorts, capacity }[q.sort]);
  const c = s.criteria;
  return {
    ...searchPage(s, kept, q, (o) => optionDto(viewer, o)),
    roundTrip: Boolean(c.return),
    criteria: { from: c.from, to: c.to, outbound: c.outbound, return: c.return ?? null, adults: c.adults, childrenAges: c.childrenAges },
    facets: {
      suppliers: supplierFacet(s.options),
      types: (['PRIVATE', 'SHARED'] as const).filter((t) => s.options.some((o) => o.offer.transferType === t)),
      categories: [...new Set(s.options.map((o) => o.offer.category))].sort(),
      priceRange: priceRangeOf(s.options, 'none'),
    },
  };
}
