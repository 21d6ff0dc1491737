import { TRANSFER_BOOKING_MESSAGES as M, type TransferReserveBody, type TransferSearchBody } from '@travesia/contracts';
import { badRequest } from '../../../http/errors.js';
import { legRequirements, type TransferBookLeg, type TransferOffer, type TransferQuote } from '../../../suppliers/index.js';
import type { FlowReservation, ReserveOptions, StoredQuote } from '../flow.js';
import { assertAcceptedPrice } from '../flow-service.js';
import { voucherTerms } from '../voucher-money.js';
import { transferSection } from './voucher.js';

/** What is kept under a quoteId between the quote and the reserve. */
export type CachedTransferQuote = StoredQuote<TransferSearchBody, TransferOffer, TransferQuote, { destinationAncestors: string[] }>;

const legOf = (q: CachedTransferQuote) => q.option.offer.leg ?? 'outbound';

/**
 * A transfer reserve (one leg, or outbound and return of one supplier and search under one reference): the legs,
 * the accepted total, what each leg needs (the vehicle takes the group; the transport number on a terminal leg, the
 * company and the address when asked), then the voucher and one booking of every leg.
 */
export function transferReservation(
  qs: CachedTransferQuote[],
  body: TransferReserveBody,
  opts: ReserveOptions,
): FlowReservation<'transfer'> {
  if (new Set(qs.map(legOf)).size !== qs.length || legOf(qs[0]) !== 'outbound')
    throw badRequest(M.legTwice, { legs: M.legTwice }, 'TRANSFER_LEGS');
  if (qs.some((q) => q.accountId !== qs[0].accountId || q.cacheId !== qs[0].cacheId))
    throw badRequest(M.legsMismatch, { legs: M.legsMismatch }, 'TRANSFER_LEGS');
  const terms = voucherTerms(qs.map((q) => ({ breakdown: q.breakdown, cost: q.quote.total, cancellation: q.quote.cancellation })));
  assertAcceptedPrice(body.price, terms.price);
  const pax = qs[0].criteria.adults + qs[0].criteria.childrenAges.length;
  const legs: TransferBookLeg[] = qs.map((q, i) => {
    const leg = body.legs[i];
    const name = legOf(q) === 'outbound' ? 'ida' : 'regreso';
    const offer = q.option.offer;
    const need = legRequirements(offer.pickup, q.quote.requiredFields);
    if (pax > offer.capacity.max)
      throw badRequest(M.tooManyPassengers(offer.capacity.max), { legs: M.tooManyPassengers(offer.capacity.max) });
    if (need.transportNumber && !leg.transport?.code)
      throw badRequest(M.transportRequired(name), { [`legs.${i}.transport.code`]: M.transportRequired(name) }, 'TRANSPORT_REQUIRED');
    if (need.transportCompany && !leg.transport?.companyName)
      throw badRequest(M.companyRequired(name), { [`legs.${i}.transport.companyName`]: M.companyRequired(name) });
    if (need.pickupAddress && !leg.pickupAddress)
      throw badRequest(M.addressRequired, { [`legs.${i}.pickupAddress`]: M.addressRequired }, 'ADDRESS_REQUIRED');
    // The transport's direction is ARRIVAL on an arrival leg, DEPARTURE otherwise.
    const transport = leg.transport?.code
      ? { ...leg.transport, direction: offer.direction === 'ARRIVAL' ? ('ARRIVAL' as const) : ('DEPARTURE' as const) }
      : undefined;
    return { quote: q.quote, ...(transport ? { transport } : {}), ...(leg.pickupAddress ? { pickupAddress: leg.pickupAddress } : {}) };
  });
  const { name, surname, email, phone } = body.client;
  const holder = { name, surname, email, phone };
  const dates = qs.map((q) => q.option.offer.pickup.date).sort();
  const section = transferSection(qs, body);
  return {
    voucher: {
      type: 'transfer',
      start: dates[0],
      end: dates[dates.length - 1],
      nights: null,
      client: { name, surname, email, phones: [phone] },
      companions: [],
      ...terms,
      payments: opts.payments ?? {},
      remarks: body.remarks ?? null,
      product: {
        name: section.legs.map((l) => `${l.from} → ${l.to}`)[0] ?? 'Traslado',
        description: `${qs.length === 2 ? 'Ida y regreso' : 'Solo ida'} · ${qs[0].option.offer.vehicle}`,
        section,
        welcomeSign: body.welcomeSign ?? null,
        breakdowns: qs.map((q) => q.breakdown),
      },
    },
    book: (clientReference) => ({
      quote: qs[0].quote,
      holder,
      clientReference,
      transport: legs[0].transport,
      legs,
      ...(body.welcomeSign ? { welcomeMessage: body.welcomeSign } : {}),
      ...(body.remarks ? { remarks: body.remarks } : {}),
    }),
  };
}
