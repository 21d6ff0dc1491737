import { AIRPORTS, type Airport, type GeneratedFlight } from '../core/inventory.js';
import { centsToDecimal, seedOf } from '../core/prng.js';
import type { OfferToken } from './wire.js';

/**
 * Flights in TourVisio's documented pricesearch shapes (flightproduct.md "OneWay Response Sample"):
 * an item per journey with `segments[]` (the flown flights: marketing and operating airline, local
 * dates, duration, terminals), baggage lines per passenger type, and offers with `priceBreakDown`,
 * `fees{key, oneWay, roundTrip}`, `seatInfo` and `flightBrandInfo`.
 */

const usd = (cents: number) => ({ amount: Number(centsToDecimal(cents)), currency: 'USD' });
const CODESHARE = { code: 'P5', name: 'Wingo' };

/** Child fare 75 %, infant fare 10 % of the adult one; taxes 25 USD per seat (infants have none). */
export function fareCents(f: GeneratedFlight, cabin: 'economy' | 'business', pax: OfferToken['pax']): number {
  const base = f.fares[cabin];
  return base * pax.adt + Math.round(base * 0.75) * pax.chd + Math.round(base * 0.1) * pax.inf + 2_500 * (pax.adt + pax.chd);
}

/** Service fee per adult or child, cents (infants free, as in the documented `fees` sample). */
export const FEE_ONE_WAY = 1_000;
export const FEE_ROUND_TRIP = 800;
export const feeKeyOf = (f: GeneratedFlight) => `SIM${f.airline.code}`;

const place = (a: Airport, date: string) => ({
  airport: { id: a.code, code: a.code, name: a.name },
  city: { id: a.cityCode, name: a.city },
  country: { id: a.country },
  date,
});
const airline = (a: { code: string; name: string }) => ({ id: a.code, internationalCode: a.code, name: a.name });
const minutes = (from: string, to: string) => Math.round((Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000);
const shift = (at: string, min: number) => new Date(Date.parse(`${at}Z`) + min * 60_000).toISOString().slice(0, 19);
const terminal = (a: Airport, f: GeneratedFlight) => String(1 + (seedOf('terminal', a.code, f.airline.code) % 2));

/** A one-stop flight connects at a hub; the second flight is a codeshare operated by a partner. */
function legsOf(f: GeneratedFlight) {
  if (!f.stops) return [{ no: f.flightNo, from: f.from, to: f.to, dep: f.departure, arr: f.arrival, operator: f.airline }];
  const hub =
    AIRPORTS.find((a) => a.code !== f.from.code && a.code !== f.to.code && a.code === 'BOG') ??
    (AIRPORTS.find((a) => a.code !== f.from.code && a.code !== f.to.code) as Airport);
  const total = minutes(f.departure, f.arrival);
  const first = Math.round((total - 90) / 2);
  const second = f.flightNo.replace(/\d+$/, (n) => String(Number(n) + 1));
  return [
    { no: f.flightNo, from: f.from, to: hub, dep: f.departure, arr: shift(f.departure, first), operator: f.airline },
    { no: second, from: hub, to: f.to, dep: shift(f.departure, first + 90), arr: f.arrival, operator: CODESHARE },
  ];
}

function baggage(cabin: string, pax: OfferToken['pax'], segmentId?: string) {
  const types = [1, ...(pax.chd ? [2] : []), ...(pax.inf ? [3] : [])];
  return types.flatMap((passengerType) => [
    // Checked: pieces of 23 kg (business 2, economy 1; infants 10 kg); cabin: one piece.
    {
      ...(segmentId ? { segmentId } : {}),
      piece: cabin === 'business' ? 2 : 1,
      weight: passengerType === 3 ? 10 : 23,
      baggageType: 1,
      unitType: 0,
      passengerType,
    },
    { ...(segmentId ? { segmentId } : {}), piece: 1, baggageType: 2, unitType: 2, passengerType },
  ]);
}

/** A flight item: the journey, with its flown `segments` (documented item shape). */
export function item(f: GeneratedFlight, route: number, cabin: 'economy' | 'business', pax: OfferToken['pax']) {
  const flightClass = {
    type: cabin === 'business' ? 2 : 1,
    id: cabin === 'business' ? 'C' : 'Y',
    code: cabin === 'business' ? 'C' : 'Y',
    name: cabin === 'business' ? 'Business' : 'Economy',
  };
  const segments = legsOf(f).map((l) => {
    const id = `F:${l.from.code}|${l.to.code}|${l.dep.replace(/\D/g, '')}|${l.no}`;
    return {
      id,
      flightNo: l.no,
      flightClass,
      airline: airline(l.operator),
      marketingAirline: airline(f.airline),
      departure: place(l.from, l.dep),
      arrival: place(l.to, l.arr),
      duration: minutes(l.dep, l.arr),
      baggageInformations: baggage(cabin, pax, id),
      aircraft: 'A320',
      // `departureTerminal` as in the deprecated round-trip sample; `arrivalTerminal` is our guess.
      departureTerminal: terminal(l.from, f),
      arrivalTerminal: terminal(l.to, f),
    };
  });
  return {
    flightNo: f.flightNo,
    flightDate: f.departure,
    airline: airline(f.airline),
    marketingAirline: airline(f.airline),
    duration: minutes(f.departure, f.arrival),
    dayChange: f.arrival.slice(0, 10) === f.departure.slice(0, 10) ? 0 : 1,
    departure: place(f.from, f.departure),
    arrival: place(f.to, f.arrival),
    flightClass,
    route,
    segments,
    stopCount: f.stops,
    baggageInformations: baggage(cabin, pax),
    passengers: [
      { type: 1, count: pax.adt, ages: [] },
      ...(pax.chd ? [{ type: 2, count: pax.chd, ages: [] }] : []),
      ...(pax.inf ? [{ type: 3, count: pax.inf, ages: [] }] : []),
    ],
    flightType: 0,
  };
}

/** An offer's price details: breakdown per passenger type (price = all of that type), fees, seats, brand. */
export function offerDetails(f: GeneratedFlight, t: OfferToken) {
  const base = f.fares[t.cabin];
  const lines = [
    { passengerType: 1, count: t.pax.adt, cents: (base + 2_500) * t.pax.adt, tax: 2_500 * t.pax.adt },
    { passengerType: 2, count: t.pax.chd, cents: (Math.round(base * 0.75) + 2_500) * t.pax.chd, tax: 2_500 * t.pax.chd },
    { passengerType: 3, count: t.pax.inf, cents: Math.round(base * 0.1) * t.pax.inf, tax: 0 },
  ].filter((l) => l.count);
  // A packaged leg carries the package price: its lines are scaled to it, the rounding left on the adults.
  const sum = lines.reduce((a, l) => a + l.cents, 0);
  const scaled = lines.map((l) => ({ ...l, cents: Math.round((l.cents * t.cents) / sum) }));
  scaled[0].cents += t.cents - scaled.reduce((a, l) => a + l.cents, 0);
  const feeItems = (cents: number) => [
    { passengerType: 1, quantity: t.pax.adt, price: cents / 100, totalPrice: (cents * t.pax.adt) / 100 },
    ...(t.pax.chd ? [{ passengerType: 2, quantity: t.pax.chd, price: cents / 100, totalPrice: (cents * t.pax.chd) / 100 }] : []),
    ...(t.pax.inf ? [{ passengerType: 3, quantity: t.pax.inf, price: 0, totalPrice: 0 }] : []),
  ];
  const seats = t.pax.adt + t.pax.chd;
  return {
    singleAdultPrice: usd(base + 2_500),
    priceBreakDown: {
      items: scaled.map((l) => ({ passengerType: l.passengerType, passengerCount: l.count, price: usd(l.cents), airportTax: usd(l.tax) })),
    },
    serviceFee: usd(0),
    fees: {
      key: t.feeKey,
      oneWay: { items: feeItems(t.feeOneWay / seats), price: usd(t.feeOneWay) },
      roundTrip: { items: feeItems(t.feeRoundTrip / seats), price: usd(t.feeRoundTrip) },
    },
    seatInfo: { availableSeatCount: 2 + (seedOf('seats', f.id, t.cabin) % 8), availableSeatCountType: 0 },
    flightBrandInfo: t.cabin === 'business' ? { id: 'BIZ', name: 'Business' } : { id: 'LIGHT', name: 'Light' },
    hasBrand: true,
    reservableInfo: { reservable: true },
  };
}

/** What a journey of offers costs at begin transaction: the documented total-price rules. */
export function journeyCents(offers: OfferToken[]): number {
  const fares =
    offers.length > 1 && offers.every((o) => o.pkg) ? Math.max(...offers.map((o) => o.cents)) : offers.reduce((s, o) => s + o.cents, 0);
  const [a, b] = offers;
  const fee =
    offers.length === 2 && a.feeKey === b.feeKey ? Math.max(a.feeRoundTrip, b.feeRoundTrip) : offers.reduce((s, o) => s + o.feeOneWay, 0);
  return fares + fee;
}
