import type { FlightAirline, FlightBaggageAllowance, FlightLayover, FlightLeg, FlightPassengerType, FlightSegment } from '../types.js';
import { legSchema, type WireBaggage, type WireLeg, type WireSegment } from './schemas.js';

/** TourVisio passenger types (enumarations.md "Passenger Types") we sell; 4..9 (senior, student…) are not searched. */
export const PASSENGER_TYPE: Record<number, FlightPassengerType> = { 1: 'adult', 2: 'child', 3: 'infant' };

function airlineOf(a: { id?: string; internationalCode?: string; name?: string } | undefined): FlightAirline | undefined {
  const code = a?.internationalCode || a?.id;
  return code ? { code, name: a?.name ?? code } : undefined;
}

/** TourVisio dates are the airport's local time; some samples append a `Z` that is not a real offset. */
const local = (at: string) => at.replace(/(Z|[+-]\d{2}:\d{2})$/, '');

function mapLeg(l: WireLeg): FlightLeg {
  const point = (p: WireLeg['departure'], terminal: string | undefined) => ({
    airport: p.airport.code ?? p.airport.id ?? '',
    ...(p.airport.name ? { airportName: p.airport.name } : {}),
    ...(p.city?.name ? { city: p.city.name } : {}),
    at: local(p.date),
    ...(terminal ? { terminal } : {}),
  });
  return {
    ...(l.id ? { id: l.id } : {}),
    flightNo: l.flightNo,
    marketingAirline: airlineOf(l.marketingAirline ?? l.airline),
    operatingAirline: airlineOf(l.airline),
    from: point(l.departure, l.departureTerminal),
    to: point(l.arrival, l.arrivalTerminal),
    ...(l.duration !== undefined ? { durationMinutes: l.duration } : {}),
    ...(l.flightClass?.code ? { bookingClass: l.flightClass.code } : {}),
    ...(l.flightClass?.name ? { cabin: l.flightClass.name } : {}),
    ...(l.aircraft ? { aircraft: l.aircraft } : {}),
  };
}

/** Connection times between consecutive legs (both times local at the connecting airport). */
export function layoversOf(legs: FlightLeg[]): FlightLayover[] {
  const out: FlightLayover[] = [];
  for (let i = 1; i < legs.length; i++) {
    const arrived = Date.parse(`${legs[i - 1].to.at}Z`);
    const leaves = Date.parse(`${legs[i].from.at}Z`);
    if (Number.isNaN(arrived) || Number.isNaN(leaves)) continue;
    out.push({ airport: legs[i].from.airport, minutes: Math.round((leaves - arrived) / 60_000) });
  }
  return out;
}

/** Baggage lines as allowances; unknown passenger or baggage types are skipped, duplicates kept once. */
export function baggageOf(lines: WireBaggage[] | undefined): FlightBaggageAllowance[] {
  const seen = new Set<string>();
  const out: FlightBaggageAllowance[] = [];
  for (const b of lines ?? []) {
    const passengerType = PASSENGER_TYPE[b.passengerType ?? 1];
    const kind = b.baggageType === 2 ? 'cabin' : b.baggageType === 1 || b.baggageType === undefined ? 'checked' : null;
    if (!passengerType || !kind) continue;
    const pieces = b.piece ?? b.baggagePiece;
    const weight = b.unitType === 2 ? undefined : b.weight;
    const allowance: FlightBaggageAllowance = {
      passengerType,
      kind,
      ...(pieces !== undefined ? { pieces } : {}),
      ...(weight !== undefined ? { weight, unit: b.unitType === 1 ? ('lb' as const) : ('kg' as const) } : {}),
      ...(b.segmentId ? { legId: b.segmentId } : {}),
    };
    const key = JSON.stringify(allowance);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(allowance);
  }
  return out;
}

/** A flight item as our segment: the journey, its flown legs (with terminals, local times) and layovers. */
export function mapSegment(s: WireSegment): FlightSegment {
  const bag = s.baggageInformations?.[0];
  const pieces = bag?.piece ?? bag?.baggagePiece;
  const legs = (s.segments ?? []).flatMap((x) => {
    const parsed = legSchema.safeParse(x);
    return parsed.success ? [mapLeg(parsed.data)] : [];
  });
  return {
    flightNo: s.flightNo,
    airline: s.airline.name ?? s.airline.id ?? '',
    from: { airport: s.departure.airport.code ?? s.departure.airport.id ?? '', city: s.departure.city?.name, at: s.departure.date },
    to: { airport: s.arrival.airport.code ?? s.arrival.airport.id ?? '', city: s.arrival.city?.name, at: s.arrival.date },
    cabin: s.flightClass?.name ?? '',
    route: s.route,
    stops: s.stopCount ?? Math.max(0, legs.length - 1),
    baggage: pieces ? `${pieces} x ${bag?.weight ?? ''} kg`.trim() : undefined,
    marketingAirline: airlineOf(s.marketingAirline ?? s.airline),
    operatingAirline: airlineOf(s.airline),
    ...(s.duration !== undefined ? { durationMinutes: s.duration } : {}),
    ...(s.dayChange !== undefined ? { dayChange: s.dayChange } : {}),
    ...(legs.length ? { legs, layovers: layoversOf(legs) } : {}),
  };
}
