import {
  TRANSFER_BOOKING_MESSAGES as M,
  type TransferCachedQuery,
  type TransferReserveBody,
  type TransferSearchBody,
  type UserType,
} from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import { legRequirements, type TransferOffer, type TransferQuote, transferSearchInput } from '../../../suppliers/index.js';
import { isoDay } from '../days.js';
import type { Flow, PricedOption } from '../flow.js';
import type { FlowDeps } from '../flow-search.js';
import { FlowService } from '../flow-service.js';
import type { BookingPlaceRepository } from '../place-repository.js';
import { optionDto, type TransferSearchIndex, transferPage } from './cache.js';
import { type CachedTransferQuote, transferReservation } from './reserve.js';

export type { CachedTransferQuote } from './reserve.js';

type Kept = { destinationAncestors: string[] };
const paxOf = (c: TransferSearchBody) => c.adults + c.childrenAges.length;

/**
 * The transfer flow (issue 18, decision 0280): typed points located by each source's adapter, offers a vehicle too
 * small for the group left out, priced at the service's destination; the page (cache.ts); a quote per leg; the
 * reserve of one or two legs under one reference (reserve.ts).
 */
export function transferFlow(d: { places: BookingPlaceRepository; now: () => Date }) {
  return {
    kind: 'transfer',
    accountField: 'providers',
    async precheck(c: TransferSearchBody) {
      // The outbound not in the past (in the day of the service).
      if (c.outbound.date < isoDay(d.now())) throw badRequest(M.dateInPast, { 'outbound.date': M.dateInPast });
      // A point naming one of our places must name one that exists (own transfers go between our places).
      await d.places.assertExisting({ 'from.placeId': c.from.placeId, 'to.placeId': c.to.placeId });
      if (c.destination) await d.places.withAncestors(c.destination);
    },
    lookups(c: TransferSearchBody, local: Promise<void>) {
      const dest = c.destination;
      const ancestors = dest ? local.then(() => d.places.withAncestors(dest)) : Promise.resolve([]);
      ancestors.catch(() => undefined);
      return { ancestors };
    },
    // Each supplier locates our typed points its own way (its adapter's `point`).
    input: async (_account, c: TransferSearchBody, _l, adapter) => transferSearchInput(c, (p) => adapter.point(p)),
    kept: async (l: { ancestors: Promise<string[]> }): Promise<Kept> => ({ destinationAncestors: await l.ancestors }),
    accepts: (offer: TransferOffer, c: TransferSearchBody) => paxOf(c) <= offer.capacity.max,
    pricing: (offer: TransferOffer, s: { criteria: TransferSearchBody } & Kept) => ({
      destinationAncestors: s.destinationAncestors,
      checkIn: offer.pickup.date,
      nights: 0,
      paxes: paxOf(s.criteria),
    }),
    page: (viewer: UserType, s: TransferSearchIndex, q: TransferCachedQuery) => transferPage(viewer, s, q),
    // The quote's policy and pickup details are the ones the voucher keeps.
    quoted: (option: PricedOption<TransferOffer>, quote: TransferQuote, breakdown: PricedOption<TransferOffer>['breakdown']) => ({
      ...option,
      offer: { ...option.offer, cancellation: quote.cancellation, pickupDetails: quote.pickupDetails ?? option.offer.pickupDetails },
      breakdown,
    }),
    quoteAnswer(viewer: UserType, q: CachedTransferQuote, chosen: PricedOption<TransferOffer>) {
      const { transportType, ...requires } = legRequirements(chosen.offer.pickup, q.quote.requiredFields);
      return { option: optionDto(viewer, q.option), requires, transportType };
    },
    quoteIdsOf: (body: TransferReserveBody) => body.legs.map((l) => l.quoteId),
    reserve: (qs: CachedTransferQuote[], body: TransferReserveBody, { opts }) => transferReservation(qs, body, opts),
  } satisfies Flow<'transfer', TransferSearchBody, { ancestors: Promise<string[]> }, Kept, TransferCachedQuery, TransferReserveBody>;
}

/** Transfers on the booking engine (issue 18): the flow run by `FlowService`. */
export class TransferService extends FlowService<ReturnType<typeof transferFlow>> {
  constructor(d: FlowDeps, places: BookingPlaceRepository) {
    super(transferFlow({ places, now: () => d.engine.now() }), d);
  }
}
