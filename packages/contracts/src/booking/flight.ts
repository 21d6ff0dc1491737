import { z } from 'zod';
import { priceBreakdownSchema } from '../pricing.js';
import { calendarDate } from '../schemas/calendar-date.js';
import { holderSchema, voucherSchema } from '../vouchers.js';

/**
 * Flights (SAN TSG TourVisio, issue 19). Search messages are English as spec §5 words them
 * ('serviceType is required'); booking messages and everything else a user reads are Spanish.
 */
export const FLIGHT_SEARCH_MESSAGES = {
  serviceTypeRequired: 'serviceType is required',
  serviceTypeInvalid: 'serviceType must be 1 (one way), 2 (round trip) or 3 (multi-city)',
  flightClassRequired: 'flightClass is required',
  flightClassInvalid: 'flightClass must be PROMO, ECONOMY or BUSINESS',
  cultureRequired: 'culture is required',
  cultureInvalid: 'culture must be en-US',
  currencyRequired: 'currency is required',
  currencyInvalid: 'currency must be USD',
  destinationsRequired: 'destinations is required',
  originIdRequired: 'origin.id is required',
  originTypeRequired: 'origin.type is required',
  destinyIdRequired: 'destiny.id is required',
  destinyTypeRequired: 'destiny.type is required',
  locationTypeInvalid: 'type must be airport (5) or city (2)',
  startRequired: 'start is required',
  endRequired: 'end is required',
  endBeforeStart: 'end must be after start',
  dateInvalid: 'date must be yyyy-MM-dd',
  dateInPast: 'start cannot be in the past',
  multiCityMin: 'multi-city needs at least 2 destinations',
  multiCityMax: 'multi-city allows at most 6 destinations',
  oneDestination: 'one way and round trip take exactly 1 destination',
  paxesRequired: 'paxes is required',
  adultsRequired: 'paxes.adults needs at least 1 adult',
  tooManyPassengers: 'at most 9 passengers (adults and children)',
  adultAgeInvalid: 'adult ages must be between 12 and 120',
  childAgeInvalid: 'children ages must be between 0 and 11',
  infantsOverAdults: 'infants cannot outnumber adults',
  providerRequired: 'provider is required',
  nonStopInvalid: 'showOnlyNonStopFlight must be a boolean',
  originUnknown: 'origin.id is not an airport or city with an IATA code',
  destinyUnknown: 'destiny.id is not an airport or city with an IATA code',
} as const;

/** The spec's English flight-search texts (§5): the only English a user may read (the fuzz test allows these). */
export const FLIGHT_SEARCH_TEXTS: readonly string[] = Object.values(FLIGHT_SEARCH_MESSAGES);

export const FLIGHT_MESSAGES = {
  ...FLIGHT_SEARCH_MESSAGES,
  // Booking (spec §5, Spanish)
  checkInRequired: 'Fecha de checking es requerido',
  flightClassBookingRequired: 'Clase de vuelo es requerido',
  bookingCodesRequired: 'Código del vuelo no hallado',
  checkInMismatch: 'La fecha de checking no coincide con el vuelo elegido',
  holderRequired: 'Nombre del titular es requerido',
  preReserved: 'Pre reserve successfully',
  confirmed: 'Reserva registrada',
  pending: 'La aerolínea aún no confirma la reserva; la verás confirmada en el listado de reservas',
  notPreReserved: 'Esta pre-reserva ya no se puede confirmar',
  preReservationExpired: 'La pre-reserva venció: busca el vuelo y pre-resérvalo de nuevo',
  voucherNotFound: 'Pre-reserva no encontrada',
  travellersMismatch: 'Indica un pasajero por cada plaza pre-reservada',
  travellerFieldRequired: (n: number, field: string) => `Pasajero ${n}: ${field} es requerido`,
  birthDateOutside: (n: number) => `Pasajero ${n}: la fecha de nacimiento no está permitida para su tipo de pasajero`,
  passportExpired: (n: number) => `Pasajero ${n}: el pasaporte vence antes del vuelo`,
  priceChanged: 'El precio de la pre-reserva cambió; revisa el nuevo precio',
  moduleDisabled: 'El módulo de vuelos no está activo para tu agencia',
  supplierMismatch: 'La cuenta elegida no vende vuelos',
  searchExpired: 'La búsqueda venció; busca de nuevo',
  optionNotFound: 'La opción de vuelo ya no está disponible; busca de nuevo',
  pageOutOfRange: 'Página fuera de rango',
  filterInvalid: 'Filtro de vuelos no válido',
  sortInvalid: 'Orden de vuelos no válido',
  fareRulesUnavailable: 'Las reglas de la tarifa no están disponibles para esta reserva',
  preReserveInProgress: 'Esta pre-reserva ya se está procesando; espera unos segundos y vuelve a intentarlo',
  preReserveKeyReused: 'Esta clave de idempotencia ya se usó para otra pre-reserva',
} as const;

/** Spec §9. */
export const FLIGHT_PAGE_SIZE = 10;
export const FLIGHT_CULTURE = 'en-US';
export const FLIGHT_CURRENCY = 'USD';
/** Spec §3: one-way (1), round-trip (2), multi-city (3). */
export const FLIGHT_SERVICE_TYPES = { '1': 'one-way', '2': 'round-trip', '3': 'multi-city' } as const;
export type FlightServiceTypeCode = keyof typeof FLIGHT_SERVICE_TYPES;
export const FLIGHT_CLASSES = ['PROMO', 'ECONOMY', 'BUSINESS'] as const;
export const FLIGHT_CLASS_LABELS: Record<(typeof FLIGHT_CLASSES)[number], string> = {
  PROMO: 'Promocional',
  ECONOMY: 'Económica',
  BUSINESS: 'Ejecutiva',
};
/** Spec §3 titles. */
export const FLIGHT_TITLES = ['Mr', 'Ms', 'Mrs', 'Miss'] as const;
/** Spec §5: a multi-city search keeps at least 2 segments; one more may always be added (up to 6), one removed only above 2. */
export const MULTI_CITY_MIN = 2;
export const MULTI_CITY_MAX = 6;
export const canRemoveSegment = (count: number) => count > MULTI_CITY_MIN;
export const canAddSegment = (count: number) => count < MULTI_CITY_MAX;

const M = FLIGHT_MESSAGES;
const requiredString = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg });
/** TourVisio location types: 2 city, 5 airport (also accepted by name). */
const locationType = (required: string) =>
  requiredString(required).refine((t) => ['2', '5', 'city', 'airport'].includes(t.toLowerCase()), { error: M.locationTypeInvalid });
const location = (idMsg: string, typeMsg: string) =>
  z.object(
    {
      /** IATA airport or city code ('BOG'), or our place id of an airport or city. */
      id: requiredString(idMsg).max(64),
      type: locationType(typeMsg),
    },
    { error: idMsg },
  );

export const flightDestinationSchema = z.object({
  origin: location(M.originIdRequired, M.originTypeRequired),
  destiny: location(M.destinyIdRequired, M.destinyTypeRequired),
  start: calendarDate(M.dateInvalid, M.startRequired),
  end: calendarDate(M.dateInvalid, M.endRequired).optional(),
  /** Days with flights (getcheckindates), as the spec's Flight keeps them; informative. */
  check_in_dates: z.array(z.string().max(10)).max(400).optional(),
});

const F = M.filterInvalid;
const hhmm = z.string({ error: F }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: F });
const timeWindow = z.object({ from: hhmm, to: hhmm }, { error: F });

/**
 * Optional narrowing of a cached price search (our addition to §7: the answer keeps its shape, `itemFound`
 * and the pages count what is left). Times are the segment's local clock; the windows apply to the first
 * segment (the outbound). `outboundSegmentId`: a round trip's chosen outbound, leaving the returns that pair with it.
 */
export const flightSearchFilters = z.object(
  {
    /** Stops per itinerary direction, 2 meaning two or more. */
    stops: z
      .array(z.number({ error: F }).int({ error: F }).min(0, { error: F }).max(2, { error: F }), { error: F })
      .max(3, { error: F })
      .optional(),
    airlines: z
      .array(z.string({ error: F }).max(8, { error: F }), { error: F })
      .max(50, { error: F })
      .optional(),
    departure: timeWindow.optional(),
    arrival: timeWindow.optional(),
    minPrice: z.number({ error: F }).min(0, { error: F }).max(1e9, { error: F }).optional(),
    maxPrice: z.number({ error: F }).min(0, { error: F }).max(1e9, { error: F }).optional(),
    baggageIncluded: z.boolean({ error: F }).optional(),
    maxDurationMinutes: z.number({ error: F }).int({ error: F }).min(1, { error: F }).max(10_000, { error: F }).optional(),
    outboundSegmentId: z.string({ error: F }).max(64, { error: F }).optional(),
  },
  { error: F },
);
export type FlightSearchFilters = z.infer<typeof flightSearchFilters>;
export const FLIGHT_SORTS = ['cheapest', 'fastest', 'earliest'] as const;
export type FlightSort = (typeof FLIGHT_SORTS)[number];
export const FLIGHT_SORT_LABELS: Record<FlightSort, string> = { cheapest: 'Más barato', fastest: 'Más rápido', earliest: 'Más temprano' };

/** `POST /api/integrator/santsg/flight/booking/avail/price-search` (spec §5, §7). */
export const flightPriceSearchBody = z
  .object({
    serviceType: requiredString(M.serviceTypeRequired).refine((v) => v in FLIGHT_SERVICE_TYPES, { error: M.serviceTypeInvalid }),
    flightClass: requiredString(M.flightClassRequired).refine((v) => (FLIGHT_CLASSES as readonly string[]).includes(v.toUpperCase()), {
      error: M.flightClassInvalid,
    }),
    culture: requiredString(M.cultureRequired).refine((v) => v === FLIGHT_CULTURE, { error: M.cultureInvalid }),
    currency: requiredString(M.currencyRequired).refine((v) => v === FLIGHT_CURRENCY, { error: M.currencyInvalid }),
    destinations: z.array(flightDestinationSchema, { error: M.destinationsRequired }).min(1, { error: M.destinationsRequired }),
    showOnlyNonStopFlight: z.boolean({ error: M.nonStopInvalid }).default(false),
    paxes: z.object(
      {
        /** Ages of the adults (spec: arrays of numbers; the default pax is 2 adults aged 30). */
        adults: z
          .array(
            z.number({ error: M.adultAgeInvalid }).int().min(12, { error: M.adultAgeInvalid }).max(120, { error: M.adultAgeInvalid }),
            {
              error: M.adultsRequired,
            },
          )
          .min(1, { error: M.adultsRequired }),
        /** Ages of the children at travel: 2–11 child, 0–1 infant. */
        children: z
          .array(z.number({ error: M.childAgeInvalid }).int().min(0, { error: M.childAgeInvalid }).max(11, { error: M.childAgeInvalid }))
          .default([]),
      },
      { error: M.paxesRequired },
    ),
    provider: z.uuid({ error: M.providerRequired }),
    /** Paging an earlier search: its cacheId and the page wanted (the supplier is not called again). */
    cacheId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.searchExpired })
      .optional(),
    page: z.number().int().min(1, { error: M.pageOutOfRange }).max(1000, { error: M.pageOutOfRange }).default(1),
    filters: flightSearchFilters.optional(),
    sort: z.enum(FLIGHT_SORTS, { error: M.sortInvalid }).optional(),
  })
  .superRefine((b, ctx) => {
    const type = FLIGHT_SERVICE_TYPES[b.serviceType as FlightServiceTypeCode];
    if (type === 'multi-city') {
      if (b.destinations.length < MULTI_CITY_MIN) ctx.addIssue({ code: 'custom', path: ['destinations'], message: M.multiCityMin });
      if (b.destinations.length > MULTI_CITY_MAX) ctx.addIssue({ code: 'custom', path: ['destinations'], message: M.multiCityMax });
      for (let i = 1; i < b.destinations.length; i++)
        if (b.destinations[i].start < b.destinations[i - 1].start)
          ctx.addIssue({ code: 'custom', path: ['destinations', i, 'start'], message: M.endBeforeStart });
    } else if (type && b.destinations.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['destinations'], message: M.oneDestination });
    }
    if (type === 'round-trip') {
      // A same-day return is a real trip (a business day out and back): only a return before the departure is refused.
      const d = b.destinations[0];
      if (d && !d.end) ctx.addIssue({ code: 'custom', path: ['destinations', 0, 'end'], message: M.endRequired });
      else if (d?.end && d.end < d.start) ctx.addIssue({ code: 'custom', path: ['destinations', 0, 'end'], message: M.endBeforeStart });
    }
    const infants = b.paxes.children.filter((a) => a < 2).length;
    if (b.paxes.adults.length + b.paxes.children.length - infants > 9)
      ctx.addIssue({ code: 'custom', path: ['paxes'], message: M.tooManyPassengers });
    if (infants > b.paxes.adults.length) ctx.addIssue({ code: 'custom', path: ['paxes', 'children'], message: M.infantsOverAdults });
  });
export type FlightPriceSearchBody = z.infer<typeof flightPriceSearchBody>;

/** `POST /api/integrator/santsg/flight/booking/avail/checkindates` (spec §7). */
export const flightCheckInDatesBody = z.object({
  serviceType: requiredString(M.serviceTypeRequired).refine((v) => v in FLIGHT_SERVICE_TYPES, { error: M.serviceTypeInvalid }),
  origin: location(M.originIdRequired, M.originTypeRequired),
  destiny: location(M.destinyIdRequired, M.destinyTypeRequired),
  provider: z.uuid({ error: M.providerRequired }),
});
export type FlightCheckInDatesBody = z.infer<typeof flightCheckInDatesBody>;

const money = z.object({ amount: z.string(), currency: z.string() });
const point = z.object({
  airport: z.string(),
  airportName: z.string().nullable(),
  city: z.string().nullable(),
  at: z.string(),
  terminal: z.string().nullable(),
});
const airline = z.object({ code: z.string(), name: z.string() });

/** One flown leg of a segment (a connection has several). */
export const flightLegView = z.object({
  flightNo: z.string(),
  marketingAirline: airline.nullable(),
  operatingAirline: airline.nullable(),
  from: point,
  to: point,
  durationMinutes: z.number().nullable(),
  cabin: z.string().nullable(),
  bookingClass: z.string().nullable(),
});

/** A segment (one direction of the trip: outbound, return, or a multi-city leg), listed once in `segments`. */
export const flightSegmentView = z.object({
  id: z.string(),
  route: z.number(),
  flightNo: z.string(),
  airline: z.string(),
  marketingAirline: airline.nullable(),
  operatingAirline: airline.nullable(),
  from: point,
  to: point,
  stops: z.number(),
  durationMinutes: z.number().nullable(),
  dayChange: z.number(),
  cabin: z.string(),
  legs: z.array(flightLegView),
  layovers: z.array(z.object({ airport: z.string(), minutes: z.number() })),
});
export type FlightSegmentView = z.infer<typeof flightSegmentView>;

export const flightBaggageView = z.object({
  passengerType: z.enum(['adult', 'child', 'infant']),
  kind: z.enum(['checked', 'cabin']),
  pieces: z.number().nullable(),
  weight: z.number().nullable(),
  unit: z.string().nullable(),
});

/** What the selling price is made of per passenger type (the seller's price, never the supplier's cost). */
export const flightFareView = z.object({
  perPassenger: z.array(z.object({ type: z.enum(['adult', 'child', 'infant']), count: z.number(), unitPrice: money, total: money })),
  taxes: money.nullable(),
  serviceFee: money.nullable(),
});

/** One itinerary of a price search: its segments by id, price, baggage, brand, seats. */
export const flightItemView = z.object({
  id: z.string(),
  serviceType: z.enum(['one-way', 'round-trip', 'multi-city']),
  segmentIds: z.array(z.string()),
  price: money,
  pricePerAdult: money,
  breakdown: priceBreakdownSchema,
  fare: flightFareView,
  baggage: z.array(flightBaggageView),
  fareBrand: z.object({ code: z.string(), name: z.string() }).nullable(),
  seatsLeft: z.number().nullable(),
  stops: z.number(),
  durationMinutes: z.number().nullable(),
  groupKey: z.string().nullable(),
  isPackageOffer: z.boolean(),
});
export type FlightItemView = z.infer<typeof flightItemView>;

export const flightPriceSearchResponse = z.object({
  success: z.literal(true),
  items: z.array(flightItemView),
  segments: z.array(flightSegmentView),
  airlines: z.array(airline),
  airports: z.array(z.object({ code: z.string(), name: z.string().nullable(), city: z.string().nullable() })),
  lowestPrice: money.nullable(),
  highestPrice: money.nullable(),
  itemFound: z.number(),
  expires: z.string(),
  totalPages: z.number(),
  page: z.number(),
  cacheId: z.string(),
  /** The next / previous page number (post the same body with `cacheId` and `page`), null at the ends. */
  next: z.number().nullable(),
  before: z.number().nullable(),
  msg: z.string(),
});
export type FlightPriceSearchResponse = z.infer<typeof flightPriceSearchResponse>;

export const flightCheckInDatesResponse = z.object({ success: z.literal(true), dates: z.array(z.string()) });

/** Spec §3/§4 pre-reservation (`POST /api/voucher/start-reserve`): the chosen itinerary, its date and class, the leader. */
export const flightStartReserveBody = z.object({
  type: z.literal('flight', { error: 'Tipo de reserva no válido' }).default('flight'),
  integrator: z.string().max(40).optional(),
  status: z.string().max(30).optional(),
  bookingCodes: z.object(
    {
      cacheId: z.string({ error: M.bookingCodesRequired }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.bookingCodesRequired }),
      optionId: z.string({ error: M.bookingCodesRequired }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: M.bookingCodesRequired }),
    },
    { error: M.bookingCodesRequired },
  ),
  start: calendarDate('Fecha no válida (formato AAAA-MM-DD)', M.checkInRequired),
  flightClass: requiredString(M.flightClassBookingRequired),
  client: holderSchema.refine((c) => c.name.trim().length > 0, { error: M.holderRequired }),
  comments: z.string().max(1000).optional(),
});
export type FlightStartReserveBody = z.infer<typeof flightStartReserveBody>;

export const flightTravellerSchema = z.object({
  title: z.enum(FLIGHT_TITLES, { error: 'Título no válido (Mr, Ms, Mrs, Miss)' }).optional(),
  name: z.string().trim().min(1, { error: 'Nombre es obligatorio' }).max(100),
  surname: z.string().trim().min(1, { error: 'Apellido es obligatorio' }).max(100),
  type: z.enum(['adult', 'child', 'infant']).optional(),
  gender: z.enum(['male', 'female'], { error: 'Género no válido' }).optional(),
  birthDate: calendarDate('Fecha de nacimiento no válida (formato AAAA-MM-DD)').optional(),
  nationalityCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'Nacionalidad no válida (código ISO de 2 letras)' })
    .optional(),
  email: z.email({ error: 'Email debe ser correcto' }).optional(),
  phone: z.string().max(40).optional(),
  passportInfo: z
    .object({
      serial: z.string().max(40).optional(),
      number: z.string().max(40).optional(),
      expireDate: calendarDate('Vencimiento del pasaporte no válido').optional(),
      issueDate: calendarDate('Expedición del pasaporte no válida').optional(),
      citizenshipCountryCode: z.string().max(3).optional(),
    })
    .optional(),
});
export type FlightTraveller = z.infer<typeof flightTravellerSchema>;

/** The confirmation of a pre-reservation: the travellers in the pre-reservation's order, the accepted price. */
export const flightConfirmReserveBody = z.object({
  type: z.literal('flight', { error: 'Tipo de reserva no válido' }).default('flight'),
  status: z.string().max(30).optional(),
  voucherId: z.uuid({ error: M.voucherNotFound }),
  client: holderSchema.refine((c) => c.name.trim().length > 0, { error: M.holderRequired }),
  companions: z.array(flightTravellerSchema, { error: M.travellersMismatch }).min(1, { error: M.travellersMismatch }).max(9),
  price: z.object({
    gross: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio no válido' }),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Moneda no válida' }),
  }),
  /** The agent saw the supplier's duplicate-reservation warning and goes on. */
  acceptDuplicate: z.boolean().optional(),
  comments: z.string().max(1000).optional(),
  idempotencyKey: z.string().optional(),
});
export type FlightConfirmReserveBody = z.infer<typeof flightConfirmReserveBody>;

export const flightTravellerRequirementView = z.object({
  travellerId: z.string(),
  type: z.enum(['adult', 'child', 'infant']),
  requiredFields: z.array(z.string()),
  birthDateFrom: z.string().nullable(),
  birthDateTo: z.string().nullable(),
  titles: z.array(z.string()),
});

export const flightStartReserveResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  response: z.object({
    voucher: voucherSchema,
    transaction: z.object({ id: z.string(), expiresAt: z.string().nullable() }),
    priceChanged: z.boolean(),
    price: money,
    previousPrice: money,
    breakdown: priceBreakdownSchema,
    policies: z.object({
      refundable: z.boolean(),
      rules: z.array(z.record(z.string(), z.unknown())),
      text: z.string().nullable(),
    }),
    travellers: z.array(flightTravellerRequirementView),
  }),
});

/** `POST /api/integrator/santsg/flight/booking/fare-rules`: the fare rules of a pre-reserved or booked flight voucher. */
export const flightFareRulesBody = z.object({ voucherId: z.uuid({ error: FLIGHT_MESSAGES.voucherNotFound }) });
export const flightFareRulesResponse = z.object({
  success: z.literal(true),
  rules: z.array(z.object({ code: z.string(), name: z.string(), text: z.array(z.string()) })),
});
export type FlightFareRules = z.infer<typeof flightFareRulesResponse>;
