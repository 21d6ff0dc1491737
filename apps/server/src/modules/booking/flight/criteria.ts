import { FLIGHT_SERVICE_TYPES, type FlightPriceSearchBody, type FlightServiceTypeCode } from '@travesia/contracts';
import type { FlightLocation, FlightSearchInput, FlightServiceType } from '../../../suppliers/index.js';

/** Our place behind a searched airport or city (for pricing by destination), when we have it. */
export interface PlaceRef {
  placeId: string | null;
  /** Ancestors of the place, nearest first (the place itself excluded). */
  ancestors: string[];
}

/** TourVisio location types as the spec sends them (2 city, 5 airport) or by name. */
export function locationOf(loc: { type: string }): Pick<FlightLocation, 'type'> {
  const t = loc.type.toLowerCase();
  return { type: t === '2' || t === 'city' ? 'city' : 'airport' };
}

const CABINS = { PROMO: 'promo', ECONOMY: 'economy', BUSINESS: 'business' } as const;

/** A leg with its resolved airports / cities. */
export interface ResolvedLeg {
  from: FlightLocation;
  to: FlightLocation;
  date: string;
  end?: string;
}

/** The spec's search body (validated by its contract) as the adapter's search input. */
export const criteriaOf = {
  serviceType: (code: string): FlightServiceType => FLIGHT_SERVICE_TYPES[code as FlightServiceTypeCode],

  search(body: FlightPriceSearchBody, legs: ResolvedLeg[]): FlightSearchInput {
    const serviceType = criteriaOf.serviceType(body.serviceType);
    const ages = body.paxes.children;
    const infants = ages.filter((a) => a < 2).length;
    const only = (l: FlightLocation): FlightLocation => ({ code: l.code, type: l.type });
    return {
      serviceType,
      legs: legs.map((l) => ({ from: only(l.from), to: only(l.to), date: l.date })),
      ...(serviceType === 'round-trip' ? { returnDate: legs[0].end } : {}),
      passengers: { adults: body.paxes.adults.length, children: ages.length - infants, infants },
      ...(ages.length ? { childrenAges: [...ages] } : {}),
      cabin: CABINS[body.flightClass.toUpperCase() as keyof typeof CABINS],
      nonStopOnly: body.showOnlyNonStopFlight,
    };
  },
};
