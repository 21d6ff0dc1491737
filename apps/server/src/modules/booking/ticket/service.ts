import {
  HOTEL_BOOKING_MESSAGES as HM,
  TICKET_BOOKING_MESSAGES as M,
  type TicketProvider,
  type TicketReserveBody,
} from '@travesia/contracts';
import type { AuthContext } from '../../../http/auth.js';
import { badRequest } from '../../../http/errors.js';
import { breakdownFor } from '../../../pricing/index.js';
import { builtInAccountOf } from '../../../suppliers/travesia/account.js';
import type { Flow } from '../flow.js';
import type { FlowDeps } from '../flow-search.js';
import { FlowService } from '../flow-service.js';
import type { PlaceLookup } from '../hotel/places.js';
import { ticketReservation } from './reserve.js';
import {
  checkTicketCriteria,
  type SearchedPlace,
  type TicketCriteria,
  type TicketLookups,
  type TicketPageQuery,
  ticketPage,
  ticketSearchHooks,
} from './search.js';

export { type CachedTicketQuote, checkTicketReserve } from './reserve.js';

/** The ticket flow (docs/adding-a-product-kind.md): search hooks (search.ts), the quote's answer, the reserve (reserve.ts). */
export function ticketFlow(d: { places: Pick<PlaceLookup, 'place' | 'supplierCodes'>; now: () => Date }) {
  return {
    kind: 'ticket',
    messages: { optionNotFound: M.eventNotFound, moduleDisabled: M.moduleDisabled },
    accountField: 'provider_id',
    ...ticketSearchHooks(d),
    quoteAnswer: (viewer, { quote, criteria, option, breakdown }, chosen) => ({
      breakdown: breakdownFor(viewer, breakdown),
      availability: quote.availability ?? 'available',
      cancellation: quote.cancellation,
      previousCancellation: chosen.offer.cancellation,
      remarks: quote.remarks,
      activity: quote.offer.activity,
      modality: quote.offer.modality,
      supplier: option.offer.supplier,
      date: quote.offer.from,
      participants: { adults: criteria.paxes.adults, children: criteria.paxes.children },
      sessions: quote.sessions ?? [],
      languages: quote.languages ?? [],
      pickupPoints: (quote.pickupPoints ?? []).map(({ code, name, time, address }) => ({ code, name, time, address })),
      questions: quote.questions ?? [],
      ageBands: quote.ageBands ?? [],
      content: quote.content ?? null,
      requiredHolderFields: quote.requiredHolderFields ?? [],
    }),
    quoteIdsOf: (body) => [body.bookingCodes.quoteId],
    reserve: ([q], body, { now }) => ticketReservation(q, body, now),
  } satisfies Flow<'ticket', TicketCriteria, TicketLookups, { place: SearchedPlace }, TicketPageQuery, TicketReserveBody>;
}

/**
 * Tickets on the booking engine: the flow run by `FlowService` (streamed search, pages, quote, reserve), plus spec
 * §7's one-provider search.
 */
export class TicketService extends FlowService<ReturnType<typeof ticketFlow>> {
  constructor(d: FlowDeps, places: Pick<PlaceLookup, 'place' | 'supplierCodes'>) {
    super(ticketFlow({ places, now: () => d.engine.now() }), d);
  }

  /** Spec §5 date rules before the place is known (decision 0450). */
  checkCriteria(c: TicketCriteria) {
    return checkTicketCriteria(c, this.d.engine.now());
  }

  /** Spec §7 `api/ticket/{product}/avail`: one provider's search (own inventory needs no account). */
  async avail(
    auth: AuthContext,
    provider: TicketProvider,
    accountId: string | undefined,
    criteria: TicketCriteria,
    opts: { forceSandbox: boolean; simScenario?: string },
  ) {
    // Own inventory's route needs no account: its built-in one (its module is checked like any account's).
    const id = accountId ?? builtInAccountOf(provider);
    if (!id) throw badRequest(HM.providerRequired, { provider_id: HM.providerRequired });
    const account = await this.account(auth, id, provider, opts.forceSandbox);
    const found = await this.searchOne(auth, account, criteria, opts);
    return { success: true as const, response: ticketPage(auth.user.type, found, { page: 1, limit: 20, sort: 'price' }) };
  }
}

/** The ticket search and booking (one service since the flows share the engine's; the storefront names both). */
export type TicketSearchService = TicketService;
export type TicketBookingService = TicketService;
