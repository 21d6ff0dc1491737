import Decimal from 'decimal.js';
import { isCurrency, money, parseAmount } from '../money.js';
import type { FlightPassengerType, FlightPriceBreakdown, Money } from '../types.js';
import type { WireOfferDetail } from './schemas.js';
import { PASSENGER_TYPE } from './segments.js';

export function priceOf(p: unknown): Money | null {
  const o = p as { amount?: unknown; currency?: unknown } | null;
  if (!o || typeof o !== 'object' || !isCurrency(o.currency)) return null;
  const amount = parseAmount(o.amount);
  return amount ? money(amount, o.currency) : null;
}

/** An offer's `fees` (sent with calculateFlightFees): the key, and the one-way and round-trip amounts. */
export interface LegFees {
  key: string | null;
  oneWay: Money | null;
  roundTrip: Money | null;
}

export interface PaxPrice {
  type: FlightPassengerType;
  count: number;
  total: Money;
  taxes: Money | null;
}

/** The priced parts of one leg's offer. */
export interface PricedLeg {
  total: Money;
  isPackageOffer: boolean;
  fees: LegFees | null;
  breakdown: PaxPrice[];
}

export function feesOf(f: { key?: string; oneWay?: { price: unknown }; roundTrip?: { price: unknown } } | undefined): LegFees | null {
  if (!f) return null;
  const oneWay = f.oneWay ? priceOf(f.oneWay.price) : null;
  const roundTrip = f.roundTrip ? priceOf(f.roundTrip.price) : null;
  if (!oneWay && !roundTrip) return null;
  return { key: f.key ?? null, oneWay, roundTrip };
}

export function breakdownOf(d: WireOfferDetail['priceBreakDown']): PaxPrice[] {
  return (d?.items ?? []).flatMap((i) => {
    const type = PASSENGER_TYPE[i.passengerType];
    const total = priceOf(i.price);
    return type && total ? [{ type, count: i.passengerCount, total, taxes: i.airportTax ? priceOf(i.airportTax) : null }] : [];
  });
}

const sum = (a: Money[], currency: string) =>
  money(
    a.reduce((s, m) => s.plus(m.amount), new Decimal(0)),
    currency,
  );
const max = (a: Money[], currency: string) => money(Decimal.max(...a.map((m) => m.amount)), currency);

/**
 * The service fee of a journey by TourVisio's "Calculating the Total Price" (flightproduct.md):
 * one way → its one-way fee; a round trip whose two offers' fee keys are equal → the greater of their
 * round-trip fees, otherwise each offer's one-way fee. Multi-city is not documented: two legs follow
 * the round-trip rule, more add each leg's one-way fee (our guess, docs/decisions/0235). Null when no offer carries fees; 'mismatch' when a fee
 * is in another currency than the fares (the total could not be trusted).
 */
export function journeyFee(legs: PricedLeg[], currency: string): Money | null | 'mismatch' {
  const withFees = legs.filter((l) => l.fees);
  if (!withFees.length) return null;
  const [out, back] = legs;
  const sameKey = legs.length === 2 && out.fees && back.fees && out.fees.key !== null && out.fees.key === back.fees.key;
  const parts =
    sameKey && out.fees?.roundTrip && back.fees?.roundTrip
      ? [max([out.fees.roundTrip, back.fees.roundTrip], out.fees.roundTrip.currency)]
      : withFees.flatMap((l) => (l.fees?.oneWay ? [l.fees.oneWay] : []));
  if (!parts.length) return null;
  if (parts.some((p) => p.currency !== currency)) return 'mismatch';
  return sum(parts, currency);
}

/**
 * What a journey costs: fares summed, or for a package (every leg `isPackageOffer`) the higher leg's
 * price, as the documented total-price rules say; then the service fee on top. Null when the legs'
 * currencies differ (never priced by guess).
 */
export function journeyPrice(legs: PricedLeg[]): { fare: Money; fee: Money | null; total: Money; breakdown: FlightPriceBreakdown } | null {
  if (!legs.length) return null;
  const currency = legs[0].total.currency;
  if (legs.some((l) => l.total.currency !== currency)) return null;
  const packaged = legs.length > 1 && legs.every((l) => l.isPackageOffer);
  const priced = packaged ? [legs.reduce((a, b) => (new Decimal(b.total.amount).gt(a.total.amount) ? b : a))] : legs;
  const fare = sum(
    priced.map((l) => l.total),
    currency,
  );
  const fee = journeyFee(legs, currency);
  if (fee === 'mismatch') return null;
  const total = fee ? sum([fare, fee], currency) : fare;
  return { fare, fee, total, breakdown: { perPassenger: mergeBreakdown(priced, currency), fare, serviceFee: fee } };
}

/** Per passenger type over the priced legs: counts are the same passengers, totals and taxes add up. */
function mergeBreakdown(legs: PricedLeg[], currency: string): FlightPriceBreakdown['perPassenger'] {
  if (legs.some((l) => !l.breakdown.length)) return [];
  const types: FlightPassengerType[] = ['adult', 'child', 'infant'];
  return types.flatMap((type) => {
    const items = legs.flatMap((l) => l.breakdown.filter((b) => b.type === type));
    if (!items.length || items.some((i) => i.total.currency !== currency)) return [];
    const count = Math.max(...items.map((i) => i.count));
    const total = sum(
      items.map((i) => i.total),
      currency,
    );
    const taxes = items.every((i) => i.taxes && i.taxes.currency === currency)
      ? sum(
          items.map((i) => i.taxes as Money),
          currency,
        )
      : null;
    return [{ type, count, unitPrice: money(new Decimal(total.amount).div(count), currency), total, taxes }];
  });
}
