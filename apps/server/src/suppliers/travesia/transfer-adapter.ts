import type { TransferPointInput } from '@travesia/contracts';
import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { clock } from '../adapter-kit.js';
import { SupplierError } from '../errors.js';
import { named, pointNotServed } from '../transfer-points.js';
import type {
  CallContext,
  CancelResult,
  SearchResult,
  SupplierBookingRef,
  TransferBookInput,
  TransferBooking,
  TransferBookLeg,
  TransferOffer,
  TransferPoint,
  TransferQuote,
  TransferSearchInput,
  TransferSupplier,
} from '../types.js';
import type { OwnBookingRecord, OwnInventoryPort, OwnTransferOption } from './ports.js';

const S = 'travesia' as const;
/** How long an own option is honoured without a re-quote (the inventory's option TTL). */
const OPTION_TTL_MS = 15 * 60_000;
/** The return leg of a round trip holds its capacity under our reference with this suffix. */
const RETURN_SUFFIX = '-R';

const invalid = (operation: string, detail: string) => new SupplierError('SUPPLIER_INVALID_REQUEST', { supplier: S, operation, detail });

interface LegData extends Record<string, unknown> {
  transferId: string;
  day: string;
  hour: string;
  pax: number;
  units: number;
  originName: string;
  destinationName: string;
}

/** Our typed point as own transfers locate it: by our place, which the point must name. */
export function ownTransferPoint(p: TransferPointInput): TransferPoint {
  if (!p.placeId) throw pointNotServed('Travesía');
  return named(p, { type: 'PLACE', code: p.placeId });
}

/**
 * Own transfers behind the supplier contract (docs/decisions/0270, 0280): points are our places
 * (`PLACE`); each leg takes its vehicle or seats keyed by our reference (the return leg by our
 * reference + `-R`), idempotent; `findByClientReference` settles a crash window; `cancel` prices the
 * penalty from the stored policy and gives every leg's capacity back.
 */
export class TravesiaTransferAdapter implements TransferSupplier {
  readonly supplier = S;
  readonly kind = 'transfer' as const;
  readonly account: { id: string; name: string };
  readonly point = ownTransferPoint;

  constructor(
    private readonly port: OwnInventoryPort,
    account: ResolvedProviderAccount,
    private readonly now: () => Date = clock.now,
  ) {
    this.account = { id: account.id, name: account.name };
  }

  async search(input: TransferSearchInput, _ctx?: CallContext): Promise<SearchResult<TransferOffer>> {
    if (input.from.type !== 'PLACE' || input.to.type !== 'PLACE') throw invalid('transfer.search', 'own transfers go between our places');
    const pax = input.adults + input.children + input.infants;
    const legs = [
      { leg: 'outbound' as const, origin: input.from.code, destination: input.to.code, at: input.outbound },
      ...(input.inbound ? [{ leg: 'return' as const, origin: input.to.code, destination: input.from.code, at: input.inbound }] : []),
    ];
    const expiresAt = new Date(this.now().getTime() + OPTION_TTL_MS).toISOString();
    const offers: TransferOffer[] = [];
    for (const l of legs) {
      const found = await this.port.transfers.search({
        origin: l.origin,
        destination: l.destination,
        day: l.at.slice(0, 10),
        hour: l.at.slice(11, 16),
        pax,
      });
      for (const o of found) offers.push(this.offerOf(o, input, l.leg, expiresAt));
    }
    return { offers, dropped: 0, expiresAt: offers.length ? expiresAt : null, total: offers.length };
  }

  private offerOf(o: OwnTransferOption, search: TransferSearchInput, leg: 'outbound' | 'return', expiresAt: string): TransferOffer {
    const [from, to] = leg === 'outbound' ? [search.from, search.to] : [search.to, search.from];
    const data: LegData = {
      transferId: o.transferId,
      day: o.day,
      hour: o.hour,
      pax: search.adults + search.children + search.infants,
      units: o.units,
      originName: o.originName,
      destinationName: o.destinationName,
    };
    return {
      supplier: S,
      accountId: this.account.id,
      serviceId: o.transferId,
      direction: leg === 'outbound' ? 'ARRIVAL' : 'DEPARTURE',
      transferType: o.type === 'private' ? 'PRIVATE' : 'SHARED',
      vehicle: o.vehicle,
      category: o.name,
      pickup: {
        from: { ...from, description: o.originName },
        to: { ...to, description: o.destinationName },
        date: o.day,
        time: `${o.hour}:00`,
      },
      capacity: { min: o.minPax, max: o.maxPax },
      total: o.total,
      cancellation: o.cancellation,
      token: { kind: 'travesia-transfer', value: `${o.transferId}:${o.day}:${o.hour}`, expiresAt },
      search,
      leg,
      images: o.images.map((url) => ({ url })),
      remarks: [o.policyText, ...(o.description ? [o.description] : [])],
      priceBasis: o.priceMode === 'per-person' ? 'person' : 'vehicle',
      supplierData: data,
    };
  }

  async quote(offer: TransferOffer, _ctx?: CallContext): Promise<TransferQuote> {
    const d = offer.supplierData as LegData | undefined;
    if (!d?.transferId) throw invalid('transfer.quote', 'not an own transfer offer');
    const fresh = await this.port.transfers.option(d.transferId, d.day, d.hour, d.pax);
    if (!fresh) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'transfer.quote' });
    const expiresAt = new Date(this.now().getTime() + OPTION_TTL_MS).toISOString();
    const current = this.offerOf(fresh, offer.search, offer.leg ?? 'outbound', expiresAt);
    return {
      offer: current,
      total: current.total,
      priceChanged: !new Decimal(current.total.amount).eq(offer.total.amount) || current.total.currency !== offer.total.currency,
      previousTotal: offer.total,
      cancellation: current.cancellation,
      token: current.token,
      remarks: current.remarks ?? [],
      supplierData: current.supplierData,
    };
  }

  /** Every leg takes its capacity under our reference (return: + `-R`); a leg that can't is a refusal and gives the others back. */
  async book(input: TransferBookInput, _ctx?: CallContext): Promise<TransferBooking> {
    const legs: TransferBookLeg[] = input.legs?.length ? input.legs : [{ quote: input.quote }];
    const taken: OwnBookingRecord[] = [];
    for (const [i, l] of legs.entries()) {
      const d = l.quote.offer.supplierData as LegData;
      const result = await this.port.bookings.take({
        clientReference: i === 0 ? input.clientReference : `${input.clientReference}${RETURN_SUFFIX}`,
        hold: { kind: 'transfer', productId: d.transferId, day: d.day, session: '', units: d.units },
        total: l.quote.total,
        cancellation: l.quote.cancellation,
        holder: { name: input.holder.name, surname: input.holder.surname },
        details: {
          leg: l.quote.offer.leg ?? 'outbound',
          vehicle: l.quote.offer.vehicle,
          name: l.quote.offer.category,
          hour: d.hour,
          from: d.originName,
          to: d.destinationName,
          pax: d.pax,
          transport: l.transport?.code ?? null,
        },
      });
      if (!result.ok) {
        for (const t of taken) await this.port.bookings.release(t.clientReference);
        throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: 'transfer.book', detail: result.reason });
      }
      taken.push(result.booking);
    }
    return this.bookingOf(taken);
  }

  private async legsOf(reference: string): Promise<OwnBookingRecord[]> {
    const first = await this.port.bookings.find(reference);
    if (!first) return [];
    const back = await this.port.bookings.find(`${reference}${RETURN_SUFFIX}`);
    return back ? [first, back] : [first];
  }

  async read(ref: SupplierBookingRef, _ctx?: CallContext): Promise<TransferBooking> {
    const legs = await this.legsOf(ref.locator);
    if (!legs.length) throw new SupplierError('SUPPLIER_BOOKING_NOT_FOUND', { supplier: S, operation: 'transfer.read' });
    return this.bookingOf(legs);
  }

  async findByClientReference(clientReference: string, _hint: { from: string; to: string }): Promise<TransferBooking | null> {
    const legs = await this.legsOf(clientReference);
    return legs.length ? this.bookingOf(legs) : null;
  }

  async cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, _ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'transfer.cancel-simulation' : 'transfer.cancel';
    const legs = await this.legsOf(ref.locator);
    if (!legs.length) throw new SupplierError('SUPPLIER_BOOKING_NOT_FOUND', { supplier: S, operation: op });
    if (legs.every((l) => l.status === 'cancelled')) throw new SupplierError('SUPPLIER_NOT_CANCELLABLE', { supplier: S, operation: op });
    // Priced before the capacity goes back: the policy in force at this moment.
    const at = this.now();
    const penalty = legs.reduce((s, l) => s.plus(this.port.bookings.penalty(l, at).amount), new Decimal(0));
    if (!opts.simulate) for (const l of legs) await this.port.bookings.release(l.clientReference);
    return {
      simulated: opts.simulate,
      status: opts.simulate ? legs[0].status : 'cancelled',
      penalty: { amount: penalty.toFixed(2), currency: legs[0].total.currency },
      penaltyKnown: true,
      cancellationReference: opts.simulate ? null : `${ref.locator}-C`,
    };
  }

  private bookingOf(legs: OwnBookingRecord[]): TransferBooking {
    const b = legs[0];
    const total = legs.reduce((s, l) => s.plus(l.total.amount), new Decimal(0)).toFixed(2);
    const detail = (l: OwnBookingRecord) =>
      l.details as { leg?: string; vehicle?: string; hour?: string; from?: string; to?: string; pax?: number };
    return {
      supplier: S,
      kind: 'transfer',
      // The operator is the supplier: our reference is its locator.
      ref: { locator: b.clientReference },
      clientReference: b.clientReference,
      status: legs.every((l) => l.status === 'cancelled') ? 'cancelled' : 'confirmed',
      supplierStatus: legs.every((l) => l.status === 'cancelled') ? 'CANCELLED' : 'CONFIRMED',
      total: { amount: total, currency: b.total.currency },
      cancellation: { refundable: legs.every((l) => l.cancellation.refundable), rules: legs.flatMap((l) => l.cancellation.rules) },
      holder: b.holder,
      createdAt: b.createdAt,
      remarks: [],
      transfers: legs.map((l) => ({
        direction: detail(l).leg === 'return' ? 'DEPARTURE' : 'ARRIVAL',
        vehicle: detail(l).vehicle ?? '',
        date: l.hold.day,
        time: detail(l).hour ?? '',
      })),
    };
  }
}
