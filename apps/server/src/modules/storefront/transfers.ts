import {
  STOREFRONT_MESSAGES as M,
  type StorefrontTransferOffer,
  type StorefrontTransferOrderBody,
  type StorefrontTransferPage,
  type StorefrontTransferPageQuery,
  type StorefrontTransferQuote,
  type StorefrontTransferSearchBody,
  TRANSFER_BOOKING_MESSAGES as TM,
  type TransferPointInput,
  type TransferSearchBody,
} from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { Logger } from 'pino';
import type { PlaceRow, StorefrontOrderRow } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import type { PricingContext } from '../../pricing/index.js';
import type { BookingEngine } from '../booking/engine.js';
import type { CachedTransferOffer, TransferSearchIndex } from '../booking/transfer/cache.js';
import type { CachedTransferQuote, TransferService } from '../booking/transfer/service.js';
import type { PlaceService } from '../place/service.js';
import { amountIn, freeCancellationUntil, money, travellerPolicy } from './present.js';
import {
  type Billing,
  integratorOf,
  joinPolicies,
  type OrderDraft,
  type OrderProduct,
  type Requoted,
  reserveKeyOf,
  type Storefront,
  type StorefrontPayment,
} from './product.js';

const SEARCH_TIMEOUT_MS = 25_000;
const NOT_A_POINT = 'Este lugar no sirve como punto de traslado: elige un aeropuerto, una ciudad o una zona';
const RETURN_REQUIRED = 'Elige el servicio de ida y regreso de la búsqueda';

/** What a transfer order keeps for its reserve (the order's `details`). */
interface TransferDetails {
  legs: StorefrontTransferOrderBody['legs'];
  welcomeSign?: string;
  remarks?: string;
}

/** An outbound offer and, in a round trip, the return of the same source, vehicle and service. */
interface Pair {
  out: CachedTransferOffer;
  back: CachedTransferOffer | null;
}

/**
 * A storefront's transfers (decision 0530): between an airport and a place of ours (its GPS point), one way or
 * round trip, every transfer source of the agency the white label sells, through the engine's transfer flow
 * with the storefront's sales context and prices. A round trip is offered as one service (outbound and return
 * of the same source and vehicle), one price.
 */
export class StorefrontTransfers implements OrderProduct {
  constructor(
    private readonly d: {
      transfers: TransferService;
      engine: BookingEngine;
      places: Pick<PlaceService, 'getPublic'>;
      log: Logger;
    },
  ) {}

  /** The shop sells transfers (some `transfers-*` module of its products): a Spanish 403 otherwise. */
  assertSold(s: Storefront): void {
    if (!s.sale.modules.some((m) => m.startsWith('transfers-'))) throw forbidden(M.productNotSold);
  }

  /** Our place as a transfer point: an airport by its IATA code, any other place by its coordinates. */
  private async point(id: string, side: 'from' | 'to'): Promise<{ point: TransferPointInput; place: PlaceRow }> {
    const place = await this.d.places.getPublic(id);
    const name = place.name.slice(0, 100);
    if (place.type === 'airport' && place.iataCode) return { place, point: { type: 'airport', code: place.iataCode, name, placeId: id } };
    if (place.lat === null || place.lng === null) throw badRequest(NOT_A_POINT, { [side]: NOT_A_POINT }, 'POINT_NOT_SERVED');
    return { place, point: { type: 'address', latitude: place.lat, longitude: place.lng, name, placeId: id } };
  }

  async search(s: Storefront, body: StorefrontTransferSearchBody, pricing: () => Promise<PricingContext>): Promise<StorefrontTransferPage> {
    this.assertSold(s);
    const [from, to] = await Promise.all([this.point(body.from, 'from'), this.point(body.to, 'to')]);
    const criteria: TransferSearchBody = {
      from: from.point,
      to: to.point,
      outbound: body.outbound,
      ...(body.return ? { return: body.return } : {}),
      adults: body.adults,
      childrenAges: body.childrenAges,
      // Markups by destination: the place that is not the airport.
      destination: (to.point.type === 'airport' ? from : to).place.id,
      timeoutMs: SEARCH_TIMEOUT_MS,
    };
    await this.d.transfers.precheck(s.sale, criteria);
    let cacheId: string | null = null;
    const failures: string[] = [];
    await this.d.transfers.stream(
      s.sale,
      criteria,
      (e) => {
        if (e.event === 'failure') failures.push(e.data.code);
        if (e.event === 'done') cacheId = e.data.cacheId;
      },
      { forceSandbox: false, pricing },
    );
    if (failures.length) this.d.log.warn({ whiteLabelId: s.whiteLabel.id, failures }, 'storefront transfer search: some sources failed');
    if (!cacheId)
      return { cacheId: null, expires: null, roundTrip: Boolean(body.return), itemsFound: 0, page: 1, limit: 20, totalPages: 0, items: [] };
    return this.page(s, cacheId, { page: 1, limit: 20, sort: 'price' });
  }

  async page(s: Storefront, cacheId: string, q: StorefrontTransferPageQuery): Promise<StorefrontTransferPage> {
    this.assertSold(s);
    const index = await this.d.transfers.load(s.sale, cacheId);
    const byPrice = (a: Pair, b: Pair) => totalOf(a).cmp(totalOf(b));
    const pairs = pairsOf(index).sort(
      q.sort === '-price'
        ? (a, b) => byPrice(b, a)
        : q.sort === 'capacity'
          ? (a, b) => b.out.offer.capacity.max - a.out.offer.capacity.max || byPrice(a, b)
          : byPrice,
    );
    return {
      cacheId: index.cacheId,
      expires: index.expires,
      roundTrip: Boolean(index.criteria.return),
      itemsFound: pairs.length,
      page: q.page,
      limit: q.limit,
      totalPages: Math.max(1, Math.ceil(pairs.length / q.limit)),
      items: pairs.slice((q.page - 1) * q.limit, q.page * q.limit).map((p) => offerView(index.criteria, p)),
    };
  }

  /** The offer's legs re-quoted at storefront prices: each engine quote (cached) and the traveller's view. */
  async quote(s: Storefront, ref: { cacheId: string; optionId: string; returnOptionId?: string }, pricing: PricingContext) {
    this.assertSold(s);
    const index = await this.d.transfers.load(s.sale, ref.cacheId);
    if (Boolean(index.criteria.return) !== Boolean(ref.returnOptionId))
      throw badRequest(RETURN_REQUIRED, { returnOptionId: RETURN_REQUIRED }, 'TRANSFER_LEGS');
    const ids = [ref.optionId, ...(ref.returnOptionId ? [ref.returnOptionId] : [])];
    const chosen = ids.map((id) => index.options.find((o) => o.optionId === id));
    if (chosen.some((o) => !o)) throw new AppError(404, 'OPTION_NOT_FOUND', TM.optionNotFound);
    const [out, back] = chosen as CachedTransferOffer[];
    if ((out.offer.leg ?? 'outbound') !== 'outbound' || (back && (back.offer.leg !== 'return' || back.accountId !== out.accountId)))
      throw badRequest(TM.legsMismatch, { returnOptionId: TM.legsMismatch }, 'TRANSFER_LEGS');
    const answers = [];
    for (const id of ids) answers.push((await this.d.transfers.quote(s.sale, ref.cacheId, id, undefined, pricing)).response);
    const cached = await Promise.all(answers.map((a) => this.d.engine.quotes.get<CachedTransferQuote>('transfer', s.sale, a.quoteId)));
    const offer = offerView(index.criteria, { out: cached[0].option, back: cached[1]?.option ?? null });
    const previous = totalOf({ out, back: back ?? null });
    const view: StorefrontTransferQuote = {
      priceChanged: !previous.eq(offer.price.amount),
      price: offer.price,
      previousPrice: { amount: amountIn(previous, out.breakdown.currency), currency: out.breakdown.currency },
      offer,
      // A leg from or to an airport asks for the flight even when its supplier does not require it (own transfers).
      legs: answers.map((a, i) => {
        const [from, to] = i === 0 ? [index.criteria.from, index.criteria.to] : [index.criteria.to, index.criteria.from];
        const airport = from.type === 'airport' || to.type === 'airport';
        return { ...a.requires, transportType: a.transportType ?? (airport ? ('FLIGHT' as const) : null) };
      }),
    };
    const expiresAt = answers.map((a) => a.expiresAt).sort()[0];
    const passengers = index.criteria.adults + index.criteria.childrenAges.length;
    return { view, quoteIds: answers.map((a) => a.quoteId), expiresAt, passengers, priced: cached.map((c) => c.breakdown) };
  }

  /** Checkout: the re-quote at the accepted price, and what each leg needs (flight number, address) checked now. */
  async order(s: Storefront, body: StorefrontTransferOrderBody, pricing: PricingContext): Promise<OrderDraft> {
    const { view, quoteIds, expiresAt, passengers, priced } = await this.quote(s, body, pricing);
    if (!new Decimal(body.price.amount).eq(view.price.amount) || body.price.currency !== view.price.currency)
      throw new AppError(409, 'PRICE_CHANGED', M.priceChanged, { price: `${view.price.amount} ${view.price.currency}` });
    if (body.legs.length !== view.legs.length) throw badRequest(TM.legsRequired, { legs: TM.legsRequired }, 'TRANSFER_LEGS');
    view.legs.forEach((need, i) => {
      const leg = body.legs[i];
      const name = i === 0 ? 'ida' : 'regreso';
      if (need.transportNumber && !leg.transport?.code)
        throw badRequest(TM.transportRequired(name), { [`legs.${i}.transport.code`]: TM.transportRequired(name) }, 'TRANSPORT_REQUIRED');
      if (need.transportCompany && !leg.transport?.companyName)
        throw badRequest(TM.companyRequired(name), { [`legs.${i}.transport.companyName`]: TM.companyRequired(name) });
      if (need.pickupAddress && !leg.pickupAddress)
        throw badRequest(TM.addressRequired, { [`legs.${i}.pickupAddress`]: TM.addressRequired }, 'ADDRESS_REQUIRED');
    });
    const offer = view.offer;
    const ids = [body.optionId, ...(body.returnOptionId ? [body.returnOptionId] : [])];
    return {
      quoteExpiresAt: expiresAt,
      priced,
      order: {
        kind: 'transfer',
        option: {
          cacheId: body.cacheId,
          optionId: body.optionId,
          quoteId: quoteIds[0],
          legs: ids.map((optionId, i) => ({ optionId, quoteId: quoteIds[i] })),
        },
        summary: {
          transfer: {
            vehicle: `${offer.vehicle}${offer.category ? ` · ${offer.category}` : ''}`,
            service: offer.transferType === 'PRIVATE' ? 'Privado' : 'Compartido',
            passengers,
            legs: offer.legs.map((l, i) => ({
              direction: l.direction,
              from: l.from,
              to: l.to,
              date: l.pickupDate,
              time: l.pickupTime,
              transportNumber: body.legs[i]?.transport?.code ?? null,
            })),
          },
          cancellation: offer.cancellation,
        },
        amount: view.price.amount,
        currency: view.price.currency,
        travellers: [],
        details: { legs: body.legs, welcomeSign: body.welcomeSign, remarks: body.remarks } satisfies TransferDetails as Record<
          string,
          unknown
        >,
      },
    };
  }

  async requote(s: Storefront, order: StorefrontOrderRow, pricing: PricingContext): Promise<Requoted | { refused: string }> {
    const legs = order.option.legs ?? [{ optionId: order.option.optionId, quoteId: order.option.quoteId }];
    const { view, quoteIds, priced } = await this.quote(
      s,
      { cacheId: order.option.cacheId, optionId: legs[0].optionId, returnOptionId: legs[1]?.optionId },
      pricing,
    );
    if (!new Decimal(view.price.amount).eq(order.amount) || view.price.currency !== order.currency)
      return { refused: 'El precio o la disponibilidad cambiaron después del tiempo de reserva' };
    return {
      option: { ...order.option, quoteId: quoteIds[0], legs: legs.map((l, i) => ({ optionId: l.optionId, quoteId: quoteIds[i] })) },
      priced,
    };
  }

  reserve(s: Storefront, order: StorefrontOrderRow, payment: StorefrontPayment) {
    const billing = order.billing as unknown as Billing;
    const d = order.details as unknown as TransferDetails;
    const legs = order.option.legs ?? [{ optionId: order.option.optionId, quoteId: order.option.quoteId }];
    return this.d.transfers.reserve(
      s.sale,
      {
        legs: legs.map((l, i) => ({
          quoteId: l.quoteId,
          ...(d.legs[i]?.transport?.code ? { transport: d.legs[i].transport } : {}),
          ...(d.legs[i]?.pickupAddress ? { pickupAddress: d.legs[i].pickupAddress } : {}),
        })),
        client: { name: billing.name, surname: billing.surname, email: billing.email, phone: billing.phone },
        price: { gross: amountIn(order.amount, order.currency), currency: order.currency },
        ...(d.welcomeSign ? { welcomeSign: d.welcomeSign } : {}),
        ...(d.remarks ? { remarks: d.remarks } : {}),
      },
      reserveKeyOf(order),
      { integrator: integratorOf(s), payments: { storefront: [payment] } },
    );
  }
}

const totalOf = (p: Pair) => new Decimal(p.out.breakdown.price).plus(p.back ? p.back.breakdown.price : 0);

/** One way: every outbound offer; round trip: each outbound with the cheapest return of its source, vehicle and service. */
function pairsOf(index: TransferSearchIndex): Pair[] {
  const outs = index.options.filter((o) => (o.offer.leg ?? 'outbound') === 'outbound');
  if (!index.criteria.return) return outs.map((out) => ({ out, back: null }));
  const backs = index.options.filter((o) => o.offer.leg === 'return');
  return outs.flatMap((out) => {
    const back = backs
      .filter(
        (b) =>
          b.accountId === out.accountId &&
          b.breakdown.currency === out.breakdown.currency &&
          b.offer.transferType === out.offer.transferType &&
          b.offer.vehicle === out.offer.vehicle &&
          b.offer.category === out.offer.category,
      )
      .sort((a, b) => new Decimal(a.breakdown.price).cmp(b.breakdown.price))[0];
    return back ? [{ out, back }] : [];
  });
}

/** Picks, field by field, what a traveller may see of an offer: no supplier, account, breakdown or cost. */
function offerView(criteria: TransferSearchBody, p: Pair): StorefrontTransferOffer {
  const name = (point: TransferPointInput) => point.name ?? ('code' in point ? point.code : 'Dirección');
  const legs = [p.out, ...(p.back ? [p.back] : [])];
  const cancellation = joinPolicies(
    legs.map((o) =>
      travellerPolicy(o.offer.supplier, o.offer.cancellation, o.offer.total, { amount: o.breakdown.price, currency: o.breakdown.currency }),
    ),
  );
  const o = p.out.offer;
  return {
    optionId: p.out.optionId,
    returnOptionId: p.back?.optionId ?? null,
    transferType: o.transferType,
    vehicle: o.vehicle,
    category: o.category,
    capacity: { min: o.capacity.min, max: o.capacity.max },
    luggage: o.luggage ?? null,
    waitingMinutes: o.waitingMinutes ?? null,
    image: o.images?.find((i) => i.size === 'MEDIUM')?.url ?? o.images?.[0]?.url ?? null,
    legs: legs.map((l, i) => ({
      direction: i === 0 ? 'outbound' : 'return',
      from: name(i === 0 ? criteria.from : criteria.to),
      to: name(i === 0 ? criteria.to : criteria.from),
      pickupDate: l.offer.pickup.date,
      pickupTime: l.offer.pickup.time.slice(0, 5),
      pickupDescription: l.offer.pickupDetails?.description ?? null,
      checkPickup: Boolean(l.offer.pickupDetails?.checkPickup?.mustCheckPickupTime),
    })),
    price: money({ amount: totalOf(p).toFixed(), currency: p.out.breakdown.currency }),
    cancellation,
    freeCancellationUntil: freeCancellationUntil(cancellation),
    remarks: [...new Set(legs.flatMap((l) => l.offer.remarks ?? []))],
  };
}
