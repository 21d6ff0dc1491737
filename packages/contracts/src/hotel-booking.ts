import { z } from 'zod';
import { calendarDate } from './schemas/calendar-date.js';
import { holderSchema } from './vouchers.js';

/** Spanish messages of the hotel search, quote and reserve flow (spec §5 and issue 6). */
export const HOTEL_BOOKING_MESSAGES = {
  destinationRequired: 'Destino es requerido',
  nationalityRequired: 'Nacionalidad es requerida',
  checkInRequired: 'Checking es requerido',
  paxRequired: 'Número de personas es requerido',
  providerRequired: 'Proveedor es requerido',
  dateInvalid: 'Fecha no válida (formato AAAA-MM-DD)',
  dateInPast: 'La fecha de entrada no puede ser anterior a hoy',
  endBeforeStart: 'La fecha de salida debe ser posterior a la de entrada',
  tooManyNights: 'La estadía no puede superar 30 noches',
  tooManyRooms: (max: number) => `Este proveedor permite como máximo ${max} ${max === 1 ? 'habitación' : 'habitaciones'}`,
  adultsInvalid: 'Cada habitación necesita entre 1 y 8 adultos',
  childAgeInvalid: 'La edad de cada niño debe estar entre 0 y 17 años',
  childrenInvalid: 'Máximo 4 niños por habitación',
  nationalityInvalid: 'Nacionalidad no válida (código ISO de 2 letras, p. ej. CO)',
  destinationNotFound: 'Destino no encontrado',
  moduleDisabled: 'Este módulo no está habilitado para tu agencia',
  supplierMismatch: 'El proveedor seleccionado no corresponde a esta búsqueda',
  noMapping: (supplier: string) => `${supplier} no tiene hoteles asociados a este destino`,
  cacheExpired: 'La búsqueda expiró; vuelve a buscar',
  optionNotFound: 'La opción ya no está disponible; vuelve a buscar',
  quoteExpired: 'La cotización expiró; vuelve a cotizar la opción',
  priceChanged: 'El precio cambió desde la cotización; revisa el nuevo precio y acéptalo antes de reservar',
  idempotencyKeyRequired: 'Falta la clave de idempotencia de la reserva (Idempotency-Key)',
  idempotencyKeyInvalid: 'La clave de idempotencia debe tener entre 8 y 100 caracteres (letras, números, - y _)',
  idempotencyKeyReused: 'Esta clave de idempotencia ya se usó para otra reserva',
  paxesMismatch: 'Debe haber un grupo de acompañantes por habitación, con tantas personas como la ocupación',
  holderRequired: 'Nombre del titular es requerido',
  bookingPending: 'El proveedor no confirmó a tiempo; la reserva queda pendiente y la verificamos automáticamente',
  /** Offers in a currency without an exchange rate are left out of the search (not the whole search). */
  rateMissingDropped: (count: number, currencies: string) =>
    `Se omitieron ${count} ${count === 1 ? 'oferta' : 'ofertas'} en ${currencies}: no hay tasa de cambio registrada para esa moneda`,
  /** A merged search mixing currencies compares prices by their USD equivalent. */
  mixedCurrencies: 'Los precios vienen en varias monedas: el orden y el filtro de precio usan su equivalente en USD',
  travesiaName: 'Travesía',
  /** The reserve page while it follows a booking answered pending (issue 12 finding 13). */
  bookingFollowing: 'Confirmando con el proveedor…',
  bookingFollowingDetail: 'La reserva ya quedó registrada. Esperamos la respuesta del proveedor; no la repitas.',
  bookingRefusedTitle: 'El proveedor no confirmó la reserva',
  bookingRefused: 'La reserva quedó cancelada. Busca de nuevo para elegir otra opción.',
  /** A holder detail the quoted option requires (Juniper HotelRequiredFields, docs/decisions/0181). */
  holderFieldRequired: {
    email: 'El email del titular es obligatorio para este proveedor',
    phone: 'El teléfono del titular es obligatorio para este proveedor',
    address: 'La dirección del titular es obligatoria para este proveedor',
    city: 'La ciudad del titular es obligatoria para este proveedor',
    postalCode: 'El código postal del titular es obligatorio para este proveedor',
    country: 'El país del titular es obligatorio para este proveedor',
  },
} as const;

/** Holder details a supplier may require for an option; the quote answers them as `requiredHolderFields`. */
export const HOLDER_REQUIREMENTS = ['email', 'phone', 'address', 'city', 'postalCode', 'country'] as const;
export type HolderRequirementKey = (typeof HOLDER_REQUIREMENTS)[number];

const isoDate = calendarDate(HOTEL_BOOKING_MESSAGES.dateInvalid, HOTEL_BOOKING_MESSAGES.checkInRequired);

export const hotelRoomPaxSchema = z.object({
  adults: z
    .number({ error: HOTEL_BOOKING_MESSAGES.paxRequired })
    .int({ error: HOTEL_BOOKING_MESSAGES.adultsInvalid })
    .min(1, { error: HOTEL_BOOKING_MESSAGES.adultsInvalid })
    .max(8, { error: HOTEL_BOOKING_MESSAGES.adultsInvalid }),
  /** Ages of the children in the room (0–17). */
  children: z
    .array(
      z
        .number({ error: HOTEL_BOOKING_MESSAGES.childAgeInvalid })
        .int({ error: HOTEL_BOOKING_MESSAGES.childAgeInvalid })
        .min(0, { error: HOTEL_BOOKING_MESSAGES.childAgeInvalid })
        .max(17, { error: HOTEL_BOOKING_MESSAGES.childAgeInvalid }),
      { error: HOTEL_BOOKING_MESSAGES.childAgeInvalid },
    )
    .max(4, { error: HOTEL_BOOKING_MESSAGES.childrenInvalid })
    .default([]),
});

/** Spec §7: `{countryCode, destination, start, end, provider_id, paxes[{adults, children}], simulate}`. */
export const hotelSearchBody = z.object({
  provider_id: z.uuid({ error: HOTEL_BOOKING_MESSAGES.providerRequired }),
  /** Our place id (city, tourist area, airport…). */
  destination: z.uuid({ error: HOTEL_BOOKING_MESSAGES.destinationRequired }),
  /** Nationality / source market, ISO alpha-2 (`countryCode` in the spec's payload). */
  countryCode: z
    .string({ error: HOTEL_BOOKING_MESSAGES.nationalityRequired })
    .min(1, { error: HOTEL_BOOKING_MESSAGES.nationalityRequired })
    .regex(/^[A-Za-z]{2}$/, { error: HOTEL_BOOKING_MESSAGES.nationalityInvalid }),
  start: isoDate,
  end: isoDate,
  paxes: z
    .array(hotelRoomPaxSchema, { error: HOTEL_BOOKING_MESSAGES.paxRequired })
    .min(1, { error: HOTEL_BOOKING_MESSAGES.paxRequired })
    .max(9, { error: HOTEL_BOOKING_MESSAGES.tooManyRooms(9) }),
  /** Accepted for the spec's payload; the route decides sandbox or production. */
  simulate: z.boolean().optional(),
  /** Juniper Disney / Universal mode. */
  resort: z.enum(['disney', 'universal']).optional(),
});
export type HotelSearchBody = z.infer<typeof hotelSearchBody>;

export const HOTEL_SORTS = ['price', '-price', 'name', '-category', 'category'] as const;
export const hotelCachedQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  sort: z.enum(HOTEL_SORTS, { error: 'Orden no válido' }).default('price'),
  stars: z
    .string()
    .regex(/^[1-5](,[1-5])*$/, { error: 'Categorías no válidas (p. ej. 3,4,5)' })
    .optional(),
  board: z
    .string()
    .regex(/^(RO|BB|HB|FB|AI)(,(RO|BB|HB|FB|AI))*$/, { error: 'Régimen no válido' })
    .optional(),
  refundable: z.enum(['true', 'false']).optional(),
  minPrice: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio mínimo no válido' })
    .optional(),
  maxPrice: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio máximo no válido' })
    .optional(),
  q: z.string().max(100).optional(),
  /** Merged search: only these suppliers (`hotelbeds,travesia`). */
  supplier: z
    .string()
    .regex(/^(hotelbeds|juniper|restel|travesia)(,(hotelbeds|juniper|restel|travesia))*$/, { error: 'Proveedor no válido' })
    .optional(),
  /** Only these categories, as the facets list them (comma separated). */
  category: z.string().max(300).optional(),
});

/** One option of a cached search: `{cacheId, optionId}` identifies it for the quote. */
export const hotelOptionRef = z.object({
  cacheId: z.string({ error: HOTEL_BOOKING_MESSAGES.cacheExpired }).regex(/^[A-Za-z0-9_-]{10,64}$/, {
    error: HOTEL_BOOKING_MESSAGES.cacheExpired,
  }),
  optionId: z.string({ error: HOTEL_BOOKING_MESSAGES.optionNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, {
    error: HOTEL_BOOKING_MESSAGES.optionNotFound,
  }),
});

export const hotelTravellerSchema = z.object({
  name: z.string().trim().min(1, { error: 'Nombre es obligatorio' }).max(100),
  surname: z.string().trim().min(1, { error: 'Apellido es obligatorio' }).max(100),
  age: z.number().int().min(0).max(130).optional(),
  type: z.enum(['adult', 'child', 'infant']).default('adult'),
});

/**
 * Spec §7 booking payload (`POST /api/voucher`): client, price, payments, bookingCodes (the quote's
 * id), companions (one list per room), type, integrator, status. Idempotency key in the
 * `Idempotency-Key` header or `idempotencyKey`.
 */
export const hotelReserveBody = z.object({
  type: z.literal('hotel', { error: 'Tipo de reserva no válido' }).default('hotel'),
  integrator: z.string().max(40).optional(),
  status: z.string().max(30).optional(),
  client: holderSchema.refine((c) => c.name.trim().length > 0, { error: HOTEL_BOOKING_MESSAGES.holderRequired }),
  companions: z.array(z.array(hotelTravellerSchema).min(1).max(12)).min(1, { error: HOTEL_BOOKING_MESSAGES.paxesMismatch }).max(9),
  /** The accepted quote's total: a mismatch with the current quote is a 409. */
  price: z.object({
    gross: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio no válido' }),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Moneda no válida' }),
  }),
  payments: z.record(z.string(), z.unknown()).optional(),
  bookingCodes: z.object({ quoteId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, { error: HOTEL_BOOKING_MESSAGES.quoteExpired }) }),
  comments: z.string().max(1000).optional(),
  idempotencyKey: z.string().optional(),
});
export type HotelReserveBody = z.infer<typeof hotelReserveBody>;

/**
 * One search across several hotel accounts, streamed per supplier (Server-Sent Events). Without
 * `providers`, every usable hotel account of the user whose module is enabled.
 */
export const hotelStreamSearchBody = hotelSearchBody.omit({ provider_id: true }).extend({
  /** Provider account ids, or `travesia` for our own inventory. */
  providers: z
    .array(z.union([z.uuid(), z.literal('travesia')], { error: HOTEL_BOOKING_MESSAGES.providerRequired }))
    .max(20)
    .optional(),
  /** Longest wait per supplier before it is reported as timed out (ms). */
  timeoutMs: z.number().int().min(1000).max(60_000).default(25_000),
});
export type HotelStreamSearchBody = z.infer<typeof hotelStreamSearchBody>;

/** Juniper static hotel content (`/api/search/get-hotel-content`): names, zones, addresses, descriptions. */
export const hotelContentBody = z.object({
  provider_id: z.uuid({ error: HOTEL_BOOKING_MESSAGES.providerRequired }),
  codes: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, { error: 'Código de hotel no válido' }), { error: 'Códigos de hotel requeridos' })
    .min(1, { error: 'Códigos de hotel requeridos' })
    .max(100, { error: 'Máximo 100 hoteles por consulta' }),
});
export type HotelContentBody = z.infer<typeof hotelContentBody>;
