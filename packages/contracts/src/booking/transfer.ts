import { z } from 'zod';
import { hotelCancellationPolicySchema as cancellationPolicySchema } from '../hotel-cancellation.js';
import { priceBreakdownSchema } from '../pricing.js';
import { calendarDate } from '../schemas/calendar-date.js';
import type { FlowApi } from './flow-api.js';
import { reserveAnswerSchema } from './reserve-answer.js';

/** Spanish messages of the transfer search, quote and reserve flow (issue 18). */
export const TRANSFER_BOOKING_MESSAGES = {
  fromRequired: 'El origen es requerido',
  toRequired: 'El destino es requerido',
  samePoint: 'El origen y el destino no pueden ser el mismo punto',
  iataInvalid: 'Código IATA no válido (3 letras, p. ej. CTG)',
  pointCodeRequired: 'El código del punto es requerido',
  gpsInvalid: 'Coordenadas no válidas',
  dateRequired: 'La fecha es requerida',
  timeInvalid: 'Hora no válida (HH:mm)',
  dateInPast: 'La fecha del traslado no puede ser anterior a hoy',
  returnBeforeOutbound: 'El regreso debe ser posterior a la ida',
  adultsInvalid: 'Entre 1 y 30 adultos',
  childAgeInvalid: 'La edad de cada niño o infante debe estar entre 0 y 12 años',
  tooManyChildren: 'Máximo 10 niños e infantes',
  infantWithoutAdult: 'Cada infante (0 a 2 años) debe viajar con un adulto',
  cacheExpired: 'La búsqueda expiró; vuelve a buscar',
  optionNotFound: 'La opción ya no está disponible; vuelve a buscar',
  quoteExpired: 'La cotización expiró; vuelve a cotizar la opción',
  legsRequired: 'Elige el traslado de ida (y el de regreso en un viaje de ida y vuelta)',
  legsMismatch: 'La ida y el regreso deben ser del mismo proveedor y de la misma búsqueda',
  legTwice: 'Cada tramo se elige una sola vez: una ida y, si aplica, un regreso',
  emailRequired: 'El email del titular es obligatorio para los traslados',
  phoneInvalid: 'El teléfono del titular es obligatorio, en formato internacional E.164 (p. ej. +573001112233)',
  transportRequired: (leg: string) => `Falta el número de vuelo, crucero o tren del tramo de ${leg}`,
  companyRequired: (leg: string) => `Falta la compañía de transporte del tramo de ${leg}`,
  addressRequired: 'Falta la dirección de recogida (nombre, dirección, ciudad, código postal y país)',
  tooManyPassengers: (max: number) => `Este vehículo admite como máximo ${max} pasajeros`,
  noPointForSupplier: (supplier: string) => `${supplier} no ubica uno de los puntos elegidos`,
  bookingPending: 'El proveedor no confirmó a tiempo; la reserva queda pendiente y la verificamos automáticamente',
} as const;
const M = TRANSFER_BOOKING_MESSAGES;

export const TRANSFER_POINT_TYPES = ['airport', 'hotel', 'port', 'station', 'address'] as const;
export type TransferPointType = (typeof TRANSFER_POINT_TYPES)[number];
export const TRANSFER_POINT_LABELS: Record<TransferPointType, string> = {
  airport: 'Aeropuerto',
  hotel: 'Hotel',
  port: 'Puerto',
  station: 'Estación',
  address: 'Dirección',
};

const code = z.string({ error: M.pointCodeRequired }).trim().min(1, { error: M.pointCodeRequired }).max(40);
const name = z.string().trim().max(200).optional();
/** Our place (the places tree): own transfers go between our places. */
const placeId = z.uuid({ error: 'Lugar no válido' }).optional();

/**
 * A typed pickup or drop-off point. `hotel.code` is the supplier's hotel code (Hotelbeds ATLAS);
 * `zone` the transfer zone of zone-based suppliers (Juniper ZoneList TRF) when known; `placeId` our
 * place, which own transfers (Travesía) need.
 */
export const transferPointSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('airport'),
      code: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, { error: M.iataInvalid }),
      name,
      placeId,
    }),
    z.object({ type: z.literal('hotel'), code, name, zone: z.string().trim().max(20).optional(), placeId }),
    z.object({ type: z.literal('port'), code, name, zone: z.string().trim().max(20).optional(), placeId }),
    z.object({ type: z.literal('station'), code, name, zone: z.string().trim().max(20).optional(), placeId }),
    z.object({
      type: z.literal('address'),
      latitude: z.number({ error: M.gpsInvalid }).min(-90).max(90),
      longitude: z.number({ error: M.gpsInvalid }).min(-180).max(180),
      name,
      placeId,
    }),
  ],
  { error: M.fromRequired },
);
export type TransferPointInput = z.infer<typeof transferPointSchema>;

const clock = z.string({ error: M.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.timeInvalid });
const legTime = z.object({ date: calendarDate(M.dateRequired), time: clock });

/**
 * What the time of a leg means, by where it starts and ends: from an airport or station the
 * flight/train ARRIVAL time; to an airport or station the DEPARTURE time (the supplier computes the
 * pickup); otherwise (ports, hotels, addresses) the desired PICKUP time.
 */
export function transferTimeMeaning(from: TransferPointType, to: TransferPointType): 'arrival' | 'departure' | 'pickup' {
  if (from === 'airport' || from === 'station') return 'arrival';
  if (to === 'airport' || to === 'station') return 'departure';
  return 'pickup';
}

export const TRANSFER_TIME_LABELS = {
  arrival: { airport: 'Hora de llegada del vuelo', station: 'Hora de llegada del tren' },
  departure: { airport: 'Hora de salida del vuelo', station: 'Hora de salida del tren' },
  pickup: 'Hora de recogida deseada',
} as const;

/** The label of a leg's time field, by direction. */
export function transferTimeLabel(from: TransferPointType, to: TransferPointType): string {
  const meaning = transferTimeMeaning(from, to);
  if (meaning === 'arrival') return TRANSFER_TIME_LABELS.arrival[from === 'station' ? 'station' : 'airport'];
  if (meaning === 'departure') return TRANSFER_TIME_LABELS.departure[to === 'station' ? 'station' : 'airport'];
  return TRANSFER_TIME_LABELS.pickup;
}

const samePoint = (a: TransferPointInput, b: TransferPointInput) =>
  a.type === b.type &&
  (a.type === 'address' && b.type === 'address'
    ? a.latitude === b.latitude && a.longitude === b.longitude
    : 'code' in a && 'code' in b && a.code.toUpperCase() === b.code.toUpperCase());

/** Search criteria: from/to, the outbound leg and (round trip) the return leg, passengers with ages. */
export const transferSearchBody = z
  .object({
    from: transferPointSchema,
    to: z.unknown().pipe(transferPointSchema),
    outbound: legTime,
    /** Round trip: the return leg (from `to` back to `from`). */
    return: legTime.optional(),
    adults: z.number({ error: M.adultsInvalid }).int().min(1, { error: M.adultsInvalid }).max(30, { error: M.adultsInvalid }),
    /** Ages of the children (3–12) and infants (0–2). */
    childrenAges: z
      .array(z.number({ error: M.childAgeInvalid }).int().min(0, { error: M.childAgeInvalid }).max(12, { error: M.childAgeInvalid }))
      .max(10, { error: M.tooManyChildren })
      .default([]),
    /** Our place of the service, for markups by destination (optional). */
    destination: z.uuid().optional(),
    /** Provider account ids (own inventory: its built-in account); without it, every usable transfer source whose module is enabled. */
    providers: z.array(z.uuid()).max(20).optional(),
    timeoutMs: z.number().int().min(1000).max(60_000).default(25_000),
  })
  .superRefine((b, ctx) => {
    if (samePoint(b.from, b.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: M.samePoint });
    const infants = b.childrenAges.filter((a) => a <= 2).length;
    if (infants > b.adults) ctx.addIssue({ code: 'custom', path: ['childrenAges'], message: M.infantWithoutAdult });
    if (b.return && `${b.return.date}T${b.return.time}` <= `${b.outbound.date}T${b.outbound.time}`)
      ctx.addIssue({ code: 'custom', path: ['return', 'date'], message: M.returnBeforeOutbound });
  });
export type TransferSearchBody = z.infer<typeof transferSearchBody>;

export const TRANSFER_SORTS = ['price', '-price', 'capacity'] as const;
export const transferCachedQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(TRANSFER_SORTS).default('price'),
  leg: z.enum(['outbound', 'return']).optional(),
  /** Comma-separated PRIVATE,SHARED. */
  type: z.string().max(40).optional(),
  /** Comma-separated vehicle categories. */
  category: z.string().max(200).optional(),
  /** Comma-separated suppliers. */
  supplier: z.string().max(200).optional(),
  minPrice: z.coerce.number().min(0).optional(),
  maxPrice: z.coerce.number().min(0).optional(),
});
export type TransferCachedQuery = z.infer<typeof transferCachedQuery>;

const optionRef = z.string({ error: M.optionNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: M.optionNotFound });
export const transferQuoteBody = z.object({
  cacheId: z.string({ error: M.cacheExpired }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.cacheExpired }),
  optionId: optionRef,
});

const pointDto = z.object({ type: z.string(), code: z.string(), description: z.string().nullable() });
const checkPickupDto = z.object({
  mustCheckPickupTime: z.boolean(),
  url: z.string().nullable(),
  hoursBeforeConsulting: z.number().nullable(),
});

/** One option (a leg's service) as the search page and the quote show it. */
export const transferOptionSchema = z.object({
  optionId: z.string(),
  leg: z.enum(['outbound', 'return']),
  supplier: z.string(),
  supplierName: z.string(),
  direction: z.string(),
  transferType: z.enum(['PRIVATE', 'SHARED']),
  vehicle: z.string(),
  category: z.string(),
  from: pointDto,
  to: pointDto,
  pickupDate: z.string(),
  pickupTime: z.string(),
  capacity: z.object({ min: z.number(), max: z.number() }),
  luggage: z.string().nullable(),
  waitingMinutes: z.number().nullable(),
  image: z.string().nullable(),
  priceBasis: z.enum(['vehicle', 'person']),
  price: z.object({ amount: z.string(), currency: z.string() }),
  breakdown: priceBreakdownSchema,
  cancellation: cancellationPolicySchema,
  pickupDescription: z.string().nullable(),
  checkPickup: checkPickupDto.nullable(),
  remarks: z.array(z.string()),
});
export type TransferOptionDto = z.infer<typeof transferOptionSchema>;

export const transferFacetsSchema = z.object({
  suppliers: z.array(z.object({ id: z.string(), label: z.string() })),
  types: z.array(z.enum(['PRIVATE', 'SHARED'])),
  categories: z.array(z.string()),
  priceRange: z.object({ min: z.string(), max: z.string(), currency: z.string() }).nullable(),
});

export const transferSearchPageSchema = z.object({
  success: z.literal(true),
  response: z.object({
    cacheId: z.string(),
    expires: z.string(),
    roundTrip: z.boolean(),
    criteria: z.object({
      from: transferPointSchema,
      to: transferPointSchema,
      outbound: z.object({ date: z.string(), time: z.string() }),
      return: z.object({ date: z.string(), time: z.string() }).nullable(),
      adults: z.number(),
      childrenAges: z.array(z.number()),
    }),
    page: z.number(),
    totalPages: z.number(),
    itemsFound: z.number(),
    items: z.array(transferOptionSchema),
    facets: transferFacetsSchema,
    notes: z.array(z.string()),
  }),
});
export type TransferSearchPage = z.infer<typeof transferSearchPageSchema>['response'];

export const transferQuoteSchema = z.object({
  success: z.literal(true),
  response: z.object({
    quoteId: z.string(),
    expiresAt: z.string(),
    priceChanged: z.boolean(),
    policyChanged: z.boolean(),
    price: z.object({ amount: z.string(), currency: z.string() }),
    previousPrice: z.object({ amount: z.string(), currency: z.string() }),
    option: transferOptionSchema,
    /** Whether this leg needs a flight/cruise/train number, the company, an address (for the reserve form). */
    requires: z.object({ transportNumber: z.boolean(), transportCompany: z.boolean(), pickupAddress: z.boolean() }),
    transportType: z.enum(['FLIGHT', 'CRUISE', 'TRAIN']).nullable(),
  }),
});
export type TransferQuoteDto = z.infer<typeof transferQuoteSchema>['response'];

const transportSchema = z.object({
  type: z.enum(['FLIGHT', 'CRUISE', 'TRAIN'], { error: 'Tipo de transporte no válido' }),
  code: z.string().trim().max(20, { error: 'Número de transporte no válido' }),
  companyName: z.string().trim().max(100).optional(),
});

export const transferAddressSchema = z.object({
  name: z.string().trim().min(1, { error: M.addressRequired }).max(100),
  address: z.string().trim().min(1, { error: M.addressRequired }).max(200),
  town: z.string().trim().min(1, { error: M.addressRequired }).max(100),
  zip: z.string().trim().min(1, { error: M.addressRequired }).max(20),
  country: z.string().trim().min(2, { error: M.addressRequired }).max(60),
});

export const transferReserveLegSchema = z.object({
  quoteId: z.string({ error: M.quoteExpired }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.quoteExpired }),
  transport: transportSchema.optional(),
  pickupAddress: transferAddressSchema.optional(),
});

/** Reserve: one or two legs (each its quote), holder with e-mail and E.164 phone, welcome sign, remarks. */
export const transferReserveBody = z.object({
  legs: z.array(transferReserveLegSchema, { error: M.legsRequired }).min(1, { error: M.legsRequired }).max(2, { error: M.legTwice }),
  client: z.object({
    name: z.string({ error: 'Nombre del titular es requerido' }).trim().min(1, { error: 'Nombre del titular es requerido' }).max(100),
    surname: z
      .string({ error: 'Apellido del titular es requerido' })
      .trim()
      .min(1, { error: 'Apellido del titular es requerido' })
      .max(100),
    email: z.email({ error: M.emailRequired }).max(254),
    phone: z.string({ error: M.phoneInvalid }).regex(/^\+[1-9]\d{6,14}$/, { error: M.phoneInvalid }),
  }),
  /** The accepted total of every leg: a mismatch with the current quotes is a 409. */
  price: z.object({
    gross: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio no válido' }),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Moneda no válida' }),
  }),
  welcomeSign: z.string().trim().max(60).optional(),
  remarks: z.string().trim().max(1000).optional(),
  idempotencyKey: z.string().optional(),
});
export type TransferReserveBody = z.infer<typeof transferReserveBody>;

/** The transfer flow's booking API (`/api/transfer/…`, flow-api.ts). */
export const TRANSFER_FLOW_API = {
  stream: transferSearchBody,
  page: { query: transferCachedQuery, answer: transferSearchPageSchema },
  quote: { body: transferQuoteBody, answer: transferQuoteSchema },
  reserve: { body: transferReserveBody, answer: reserveAnswerSchema, pending: TRANSFER_BOOKING_MESSAGES.bookingPending },
} satisfies FlowApi;
