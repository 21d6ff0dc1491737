import { z } from 'zod';
import { imageNameSchema } from './places.js';
import { calendarDate } from './schemas/calendar-date.js';
import { BOARD_CODES } from './supplier-messages.js';

/** Own inventory (brand travesia): hotel products, room types, daily availability and search (issue 4). */

export const HOTEL_CATEGORIES = ['value', 'moderate', 'deluxe', 'deluxe-villas', 'campgrounds'] as const;
export type HotelCategory = (typeof HOTEL_CATEGORIES)[number];
export const HOTEL_CATEGORY_LABELS: Record<HotelCategory, string> = {
  value: 'Económico',
  moderate: 'Moderado',
  deluxe: 'De Lujo',
  'deluxe-villas': 'Villas de Lujo',
  campgrounds: 'Cabañas',
};

export const INVENTORY_LIMITS = { maxNights: 30, maxRooms: 9, maxChildAge: 17, maxRangeDays: 400 } as const;

export const INVENTORY_MESSAGES = {
  notFound: 'Producto no encontrado',
  roomTypeNotFound: 'Tipo de habitación no encontrado',
  unknownRoomType: 'Tipo de habitación desconocido',
  roomTypeBooked: 'No se puede eliminar el tipo de habitación porque tiene reservas; desactívelo en su lugar',
  noAvailability: 'Sin disponibilidad',
  placeNotFound: 'El lugar no existe',
  endBeforeStart: 'La fecha de salida debe ser posterior a la de llegada',
  tooManyNights: `Máximo ${INVENTORY_LIMITS.maxNights} noches`,
  tooManyRooms: `Máximo ${INVENTORY_LIMITS.maxRooms} habitaciones`,
  childAge: `La edad de los niños debe estar entre 0 y ${INVENTORY_LIMITS.maxChildAge}`,
  date: 'Fecha no válida (aaaa-mm-dd)',
  money: 'Importe no válido: un número mayor o igual a cero con hasta 2 decimales',
  allotment: 'El cupo debe ser un número entero mayor o igual a cero',
  name: 'El nombre es obligatorio',
  place: 'El lugar es obligatorio',
  stars: 'Las estrellas van de 1 a 5',
  category: 'Categoría no válida',
  currency: 'Moneda no válida (código ISO de 3 letras)',
  hour: 'Hora no válida (HH:mm)',
  board: 'Régimen no válido',
  boards: 'Indique al menos un régimen',
  adults: 'Los adultos por habitación van de 1 a 9',
  rangeTooLong: `El rango no puede superar ${INVENTORY_LIMITS.maxRangeDays} días`,
  pastDays: 'No se pueden modificar días pasados: el rango debe empezar hoy o después',
  weekdays: 'Indique al menos un día de la semana',
  policy: 'Política de cancelación no válida',
  destination: 'El destino es obligatorio',
  destinationUnknown: 'Destino desconocido',
  paxes: 'Indique al menos una habitación',
  nothingToChange: 'Indique al menos un valor a cambiar',
} as const;
const m = INVENTORY_MESSAGES;

export const inventoryDate = calendarDate(m.date);
export const moneyString = z
  .union([z.string(), z.number()], { error: m.money })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, { error: m.money }));
const hour = z.string({ error: m.hour }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.hour });
const currency = z
  .string({ error: m.currency })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, { error: m.currency }));
const boardCode = z.enum(BOARD_CODES, { error: m.board });

/** A penalty: a percentage of the total, a number of nights, or a fixed amount in the hotel's currency. */
export const inventoryPenaltySchema = z.object({
  type: z.enum(['percent', 'nights', 'amount'], { error: m.policy }),
  value: moneyString,
});
export type InventoryPenalty = z.infer<typeof inventoryPenaltySchema>;

/**
 * A hotel's cancellation policy as the loader writes it. It is turned into the normalised
 * `{from, percent|nights|amount, currency}` rules (the suppliers' shape) for each stay.
 */
export const policyDefinitionSchema = z.object({
  nonRefundable: z.boolean().default(false),
  /** From `before` days/hours before arrival (start of the arrival day) the penalty applies. */
  rules: z
    .array(
      z.object({
        before: z.number({ error: m.policy }).int({ error: m.policy }).min(0, { error: m.policy }).max(365, { error: m.policy }),
        unit: z.enum(['days', 'hours'], { error: m.policy }),
        penalty: inventoryPenaltySchema,
      }),
    )
    .max(10, { error: m.policy })
    .default([]),
  /** Not showing up: from the arrival day. */
  noShow: inventoryPenaltySchema.nullable().default(null),
});
export type PolicyDefinition = z.infer<typeof policyDefinitionSchema>;

export const roomTypeBody = z.object({
  name: z.string({ error: m.name }).trim().min(1, { error: m.name }).max(120),
  maxAdults: z.number({ error: m.adults }).int({ error: m.adults }).min(1, { error: m.adults }).max(9, { error: m.adults }),
  maxChildren: z.number().int().min(0).max(9).default(0),
  childAgeLimit: z.number().int().min(0).max(17).default(11),
  beds: z.string().trim().max(200).default(''),
  /** Features from the room-feature catalogue (free text accepted, as amenities). */
  features: z.array(z.string().trim().min(1).max(80)).max(30).default([]),
  active: z.boolean().default(true),
});
export type RoomTypeBody = z.infer<typeof roomTypeBody>;

export const hotelProductBody = z.object({
  name: z.string({ error: m.name }).trim().min(1, { error: m.name }).max(200),
  placeId: z.uuid({ error: m.place }),
  address: z.string().trim().max(300).default(''),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  stars: z.number({ error: m.stars }).int({ error: m.stars }).min(1, { error: m.stars }).max(5, { error: m.stars }),
  category: z.enum(HOTEL_CATEGORIES, { error: m.category }),
  description: z.string().trim().max(5000).default(''),
  amenities: z.array(z.string().trim().min(1).max(80)).max(60).default([]),
  images: z.array(imageNameSchema).max(20, { error: 'Máximo 20 imágenes' }).default([]),
  checkInHour: hour.default('15:00'),
  checkOutHour: hour.default('12:00'),
  currency: currency.default('USD'),
  boards: z.array(boardCode).min(1, { error: m.boards }).max(5).default(['RO']),
  policy: policyDefinitionSchema.default({ nonRefundable: false, rules: [], noShow: null }),
  active: z.boolean().default(true),
  roomTypes: z.array(roomTypeBody).max(50).optional(),
});
export type HotelProductBody = z.input<typeof hotelProductBody>;

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Bulk edit of a room type's days: only the fields given change; weekdays 0 = Sunday … 6 = Saturday. */
export const availabilityBulkBody = z
  .object({
    roomTypeId: z.uuid({ error: m.unknownRoomType }),
    from: inventoryDate,
    to: inventoryDate,
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, { error: m.weekdays }).default([0, 1, 2, 3, 4, 5, 6]),
    allotment: z.number({ error: m.allotment }).int({ error: m.allotment }).min(0, { error: m.allotment }).max(10000).optional(),
    price1: moneyString.nullable().optional(),
    price2: moneyString.nullable().optional(),
    price3: moneyString.nullable().optional(),
    priceExtraAdult: moneyString.nullable().optional(),
    priceChild: moneyString.nullable().optional(),
    boardSupplements: z.partialRecord(boardCode, moneyString).optional(),
    minNights: z.number().int().min(1).max(30).optional(),
    stopSale: z.boolean().optional(),
    closedToArrival: z.boolean().optional(),
  })
  .refine((b) => b.to >= b.from, { error: m.endBeforeStart, path: ['to'] });
export type AvailabilityBulkBody = z.input<typeof availabilityBulkBody>;

export const calendarQuery = z
  .object({ roomTypeId: z.uuid({ error: m.unknownRoomType }), from: inventoryDate, to: inventoryDate })
  .refine((b) => b.to >= b.from, { error: m.endBeforeStart, path: ['to'] });

export const paxSchema = z.object({
  adults: z.number({ error: m.adults }).int({ error: m.adults }).min(1, { error: m.adults }).max(9, { error: m.adults }),
  children: z
    .array(z.number({ error: m.childAge }).int({ error: m.childAge }).min(0, { error: m.childAge }).max(17, { error: m.childAge }))
    .max(6)
    .default([]),
});

/** Own-inventory searches answer only the travesia brand (decision 0087): another provider is a 400. */
export const travesiaProviderId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .refine((v) => !v || v.toLowerCase() === 'travesia', { error: 'Este buscador solo atiende el proveedor travesia' });
/** The travellers' nationality, ISO 3166-1 alpha-2 or alpha-3; checked against the country catalogue by the server. */
export const nationalityCode = z
  .string({ error: 'Código de país no válido' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/, { error: 'Código de país no válido' })
  .optional();

export const hotelAvailBody = z
  .object({
    countryCode: nationalityCode,
    destination: z.uuid({ error: m.destination }),
    start: inventoryDate,
    end: inventoryDate,
    provider_id: travesiaProviderId,
    paxes: z.array(paxSchema).min(1, { error: m.paxes }).max(INVENTORY_LIMITS.maxRooms, { error: m.tooManyRooms }),
    simulate: z.boolean().optional(),
  })
  .refine((b) => b.end > b.start, { error: m.endBeforeStart, path: ['end'] })
  .refine((b) => (Date.parse(b.end) - Date.parse(b.start)) / 86_400_000 <= INVENTORY_LIMITS.maxNights, {
    error: m.tooManyNights,
    path: ['end'],
  });
export type HotelAvailBody = z.input<typeof hotelAvailBody>;

/** Readable Spanish text of a policy, e.g. "Gratis hasta 7 días antes de la llegada; después, 1 noche". */
export function describePenalty(p: InventoryPenalty, currencyCode: string): string {
  if (p.type === 'percent') return `${p.value}% del total`;
  if (p.type === 'nights') return Number(p.value) === 1 ? '1 noche' : `${p.value} noches`;
  return `${p.value} ${currencyCode}`;
}

export function describePolicy(def: PolicyDefinition, currencyCode: string): string {
  if (def.nonRefundable) return 'No reembolsable';
  const unit = (n: number, u: 'days' | 'hours') => (u === 'days' ? (n === 1 ? '1 día' : `${n} días`) : n === 1 ? '1 hora' : `${n} horas`);
  const sorted = [...def.rules].sort((a, b) => toHours(b) - toHours(a));
  const parts: string[] = [];
  if (sorted.length === 0) parts.push('Cancelación gratuita hasta la llegada');
  sorted.forEach((r, i) => {
    const when = `${unit(r.before, r.unit)} antes de la llegada`;
    if (i === 0) parts.push(`Gratis hasta ${when}; después, ${describePenalty(r.penalty, currencyCode)}`);
    else parts.push(`desde ${when}, ${describePenalty(r.penalty, currencyCode)}`);
  });
  if (def.noShow) parts.push(`no presentarse: ${describePenalty(def.noShow, currencyCode)}`);
  return parts.join('; ');
}
const toHours = (r: { before: number; unit: 'days' | 'hours' }) => (r.unit === 'days' ? r.before * 24 : r.before);

/** API shapes (server presenter in modules/inventory/presenter.ts). */
export interface RoomTypeDto {
  _id: string;
  hotelId: string;
  name: string;
  maxAdults: number;
  maxChildren: number;
  childAgeLimit: number;
  beds: string;
  features: string[];
  active: boolean;
}
export interface HotelProductDto {
  _id: string;
  name: string;
  placeId: string;
  placeName?: string;
  placeAncestors?: string[];
  address: string;
  lat: number | null;
  lng: number | null;
  stars: number;
  category: HotelCategory;
  categoryLabel: string;
  description: string;
  amenities: string[];
  images: string[];
  checkInHour: string;
  checkOutHour: string;
  currency: string;
  boards: (typeof BOARD_CODES)[number][];
  policy: PolicyDefinition;
  policyText: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  roomTypes?: RoomTypeDto[];
}
export interface InventoryDayDto {
  day: string;
  allotment: number;
  price1: string | null;
  price2: string | null;
  price3: string | null;
  priceExtraAdult: string | null;
  priceChild: string | null;
  boardSupplements: Partial<Record<(typeof BOARD_CODES)[number], string>>;
  minNights: number;
  stopSale: boolean;
  closedToArrival: boolean;
}

// ---------------------------------------------------------------- tickets and transfers

export const TRANSFER_TYPES = ['private', 'shared'] as const;
export const TRANSFER_TYPE_LABELS: Record<(typeof TRANSFER_TYPES)[number], string> = { private: 'Privado', shared: 'Compartido' };
export const TRANSFER_PRICE_MODES = ['per-vehicle', 'per-person'] as const;
export const TRANSFER_PRICE_MODE_LABELS: Record<(typeof TRANSFER_PRICE_MODES)[number], string> = {
  'per-vehicle': 'Por vehículo',
  'per-person': 'Por persona',
};
export const VEHICLE_TYPES = ['sedan', 'van', 'minibus', 'bus', 'boat'] as const;
export const VEHICLE_TYPE_LABELS: Record<(typeof VEHICLE_TYPES)[number], string> = {
  sedan: 'Automóvil',
  van: 'Camioneta',
  minibus: 'Microbús',
  bus: 'Bus',
  boat: 'Lancha',
};

export const TICKET_MESSAGES = {
  notFound: 'Producto no encontrado',
  session: 'Sesión no válida (HH:mm)',
  maxPeople: 'El máximo de personas va de 1 a 500',
  minPeople: 'El grupo mínimo va de 1 a 500 personas',
  minAboveMax: 'El grupo mínimo no puede superar el máximo de personas',
  pax: 'Los pasajeros van de 1 a 60',
  children: 'Este ticket no admite niños',
  minMax: 'El mínimo no puede superar el máximo',
  hours: 'La hora de inicio debe ser anterior a la de fin',
  capacity: 'La capacidad debe ser un número entero mayor o igual a cero',
  unknownSession: 'Sesión desconocida para este ticket',
  language: 'Idioma no válido',
  languageSession: (session: string) => `Los idiomas de la sesión ${session} son de una sesión que el ticket no tiene`,
  cutoff: 'El cierre de ventas va de 0 a 10080 minutos (7 días) antes del inicio',
  bandName: 'Escribe el nombre de la franja de edad (por ejemplo, Adulto)',
  bandAge: 'Las edades de una franja van de 0 a 99 años',
  bandOrder: 'La edad inicial de la franja no puede superar la final',
  bandsOverlap: 'Las franjas de edad no pueden solaparse',
  bandsRequired: 'Indica al menos una franja de edad con su precio',
  priceOrBands: 'Indica el precio por persona o las franjas de edad con su precio',
} as const;
const tm = TICKET_MESSAGES;

/** Guide languages an own ticket's sessions may offer (ISO 639-1), with their Spanish names. */
export const GUIDE_LANGUAGES = ['es', 'en', 'pt', 'fr', 'de', 'it', 'zh', 'ja'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];
export const GUIDE_LANGUAGE_LABELS: Record<GuideLanguage, string> = {
  es: 'Español',
  en: 'Inglés',
  pt: 'Portugués',
  fr: 'Francés',
  de: 'Alemán',
  it: 'Italiano',
  zh: 'Chino',
  ja: 'Japonés',
};
const guideLanguage = z.enum(GUIDE_LANGUAGES, { error: tm.language });
const guideLanguages = z
  .array(guideLanguage)
  .max(GUIDE_LANGUAGES.length)
  .default([])
  .transform((l) => [...new Set(l)]);

/** A price per age band of an own ticket (decision 0450): `ageFrom`–`ageTo` inclusive, 0–99. */
const bandAge = z.number({ error: tm.bandAge }).int({ error: tm.bandAge }).min(0, { error: tm.bandAge }).max(99, { error: tm.bandAge });
export const ticketAgeBandSchema = z
  .object({
    name: z.string({ error: tm.bandName }).trim().min(1, { error: tm.bandName }).max(40, { error: tm.bandName }),
    ageFrom: bandAge,
    ageTo: bandAge,
    price: moneyString,
  })
  .refine((b) => b.ageFrom <= b.ageTo, { error: tm.bandOrder, path: ['ageTo'] });
export type TicketAgeBandDef = z.output<typeof ticketAgeBandSchema>;

/** A session: its start hour, or the hour and the guide languages it offers (each field keeps its own message). */
const ticketSessionInput = z
  .union([z.string(), z.object({ start: z.string(), languages: z.array(z.string()).optional() })], { error: tm.session })
  .transform((s) => (typeof s === 'string' ? { start: s, languages: [] } : s))
  .pipe(z.object({ start: hour, languages: guideLanguages }));

const productCore = {
  name: z.string({ error: m.name }).trim().min(1, { error: m.name }).max(200),
  description: z.string().trim().max(5000).default(''),
  images: z.array(imageNameSchema).max(20, { error: 'Máximo 20 imágenes' }).default([]),
  currency: currency.default('USD'),
  policy: policyDefinitionSchema.default({ nonRefundable: false, rules: [], noShow: null }),
  active: z.boolean().default(true),
};

export const ticketProductBody = z
  .object({
    ...productCore,
    placeId: z.uuid({ error: m.place }),
    /** Net price per person (adult), and the public "full" price shown crossed out; with `ageBands`, the adults' band's. */
    price: moneyString.optional(),
    fullPrice: moneyString.nullable().default(null),
    /** Price per child; null charges children the adult price. */
    childPrice: moneyString.nullable().default(null),
    maxPeople: z
      .number({ error: tm.maxPeople })
      .int({ error: tm.maxPeople })
      .min(1, { error: tm.maxPeople })
      .max(500, { error: tm.maxPeople }),
    /** The smallest group one booking may be (participants); below it the ticket is not offered. */
    minPeople: z
      .number({ error: tm.minPeople })
      .int({ error: tm.minPeople })
      .min(1, { error: tm.minPeople })
      .max(500, { error: tm.minPeople })
      .default(1),
    startHour: hour,
    endHour: hour,
    /** Start hours of the sessions (each with its guide languages, or the ticket's); empty = one session for the whole day. */
    sessions: z.array(ticketSessionInput).max(24).default([]),
    /** Guide languages of sessions that list none (and of an all-day ticket). */
    languages: guideLanguages,
    /** Bookable up to this many minutes before a session starts (an all-day ticket: before it closes), place's zone. */
    cutoffMinutes: z
      .number({ error: tm.cutoff })
      .int({ error: tm.cutoff })
      .min(0, { error: tm.cutoff })
      .max(10_080, { error: tm.cutoff })
      .default(0),
    /** A price per age band, replacing `childPrice`/`childrenAllowed` (ages outside every band cannot book). */
    ageBands: z.array(ticketAgeBandSchema).min(1, { error: tm.bandsRequired }).max(6).optional(),
    childrenAllowed: z.boolean().default(true),
  })
  .refine((b) => b.price !== undefined || b.ageBands !== undefined, { error: tm.priceOrBands, path: ['price'] })
  .refine((b) => !b.ageBands || !bandsOverlap(b.ageBands), { error: tm.bandsOverlap, path: ['ageBands'] })
  .refine((b) => b.startHour < b.endHour, { error: tm.hours, path: ['endHour'] })
  .refine((b) => b.minPeople <= b.maxPeople, { error: tm.minAboveMax, path: ['minPeople'] });
export type TicketProductBody = z.input<typeof ticketProductBody>;

/** Whether two bands share an age. */
export function bandsOverlap(bands: { ageFrom: number; ageTo: number }[]): boolean {
  const sorted = [...bands].sort((a, b) => a.ageFrom - b.ageFrom);
  return sorted.some((b, i) => i > 0 && b.ageFrom <= sorted[i - 1].ageTo);
}

export const ticketCapacityBody = z
  .object({
    ticketId: z.uuid({ error: tm.notFound }),
    from: inventoryDate,
    to: inventoryDate,
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, { error: m.weekdays }).default([0, 1, 2, 3, 4, 5, 6]),
    /** The session's start hour; absent = every session of the ticket. */
    session: hour.optional(),
    capacity: z.number({ error: tm.capacity }).int({ error: tm.capacity }).min(0, { error: tm.capacity }).max(100_000).optional(),
    stopSale: z.boolean().optional(),
  })
  .refine((b) => b.to >= b.from, { error: m.endBeforeStart, path: ['to'] });
export type TicketCapacityBody = z.input<typeof ticketCapacityBody>;

export const transferProductBody = z
  .object({
    ...productCore,
    originId: z.uuid({ error: m.place }),
    destinationId: z.uuid({ error: m.place }),
    type: z.enum(TRANSFER_TYPES, { error: 'Tipo de traslado no válido' }),
    vehicle: z.enum(VEHICLE_TYPES, { error: 'Vehículo no válido' }),
    minPax: z.number({ error: tm.pax }).int({ error: tm.pax }).min(1, { error: tm.pax }).max(60, { error: tm.pax }),
    maxPax: z.number({ error: tm.pax }).int({ error: tm.pax }).min(1, { error: tm.pax }).max(60, { error: tm.pax }),
    priceMode: z.enum(TRANSFER_PRICE_MODES, { error: 'Modo de precio no válido' }),
    price: moneyString,
    startHour: hour.default('00:00'),
    endHour: hour.default('23:59'),
    /** Days of operation, 0 = Sunday … 6 = Saturday. */
    days: z.array(z.number().int().min(0).max(6)).min(1, { error: m.weekdays }).default([0, 1, 2, 3, 4, 5, 6]),
  })
  .refine((b) => b.minPax <= b.maxPax, { error: tm.minMax, path: ['minPax'] })
  .refine((b) => b.startHour <= b.endHour, { error: tm.hours, path: ['endHour'] });
export type TransferProductBody = z.input<typeof transferProductBody>;

export interface TicketProductDto {
  _id: string;
  name: string;
  placeId: string;
  placeName?: string;
  description: string;
  images: string[];
  currency: string;
  price: string;
  fullPrice: string | null;
  childPrice: string | null;
  maxPeople: number;
  minPeople: number;
  startHour: string;
  endHour: string;
  sessions: string[];
  /** Guide languages per session start ('' = the all-day ticket), the ticket's where a session lists none. */
  sessionLanguages: Record<string, string[]>;
  languages: string[];
  cutoffMinutes: number;
  ageBands: TicketAgeBandDef[];
  /** The place's IANA zone, in which sessions and the cut-off are read. */
  timeZone: string;
  childrenAllowed: boolean;
  policy: PolicyDefinition;
  policyText: string;
  active: boolean;
}
export interface TicketSlotDto {
  day: string;
  session: string | null;
  capacity: number;
  stopSale: boolean;
}
export interface TransferProductDto {
  _id: string;
  name: string;
  originId: string;
  destinationId: string;
  type: (typeof TRANSFER_TYPES)[number];
  typeLabel: string;
  vehicle: (typeof VEHICLE_TYPES)[number];
  vehicleLabel: string;
  minPax: number;
  maxPax: number;
  priceMode: (typeof TRANSFER_PRICE_MODES)[number];
  priceModeLabel: string;
  price: string;
  currency: string;
  startHour: string;
  endHour: string;
  days: number[];
  description: string;
  images: string[];
  policy: PolicyDefinition;
  policyText: string;
  active: boolean;
}

// ---------------------------------------------------------------- transfer capacity

export const TRANSFER_MESSAGES = {
  notFound: 'Traslado no encontrado',
  capacity: 'La capacidad debe ser un número entero mayor o igual a cero',
} as const;
const trm = TRANSFER_MESSAGES;

/**
 * Capacity of a transfer over a date range (decision 0086): vehicles per day for a private transfer
 * (a booking takes one), seats per day for a shared one (a booking takes one per passenger).
 */
export const transferCapacityBody = z
  .object({
    transferId: z.uuid({ error: trm.notFound }),
    from: inventoryDate,
    to: inventoryDate,
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, { error: m.weekdays }).default([0, 1, 2, 3, 4, 5, 6]),
    capacity: z.number({ error: trm.capacity }).int({ error: trm.capacity }).min(0, { error: trm.capacity }).max(100_000).optional(),
    stopSale: z.boolean().optional(),
  })
  .refine((b) => b.to >= b.from, { error: m.endBeforeStart, path: ['to'] });
export type TransferCapacityBody = z.input<typeof transferCapacityBody>;

export interface TransferSlotDto {
  day: string;
  capacity: number;
  stopSale: boolean;
}

// ---------------------------------------------------------------- hotel configuration catalogues

/** Editable catalogues of /product/hotel/configuration/ (decision 0089). */
export const HOTEL_CATALOGUE_KINDS = ['board', 'amenity', 'room-feature', 'child-age-band'] as const;
export type HotelCatalogueKind = (typeof HOTEL_CATALOGUE_KINDS)[number];
export const HOTEL_CATALOGUE_KIND_LABELS: Record<HotelCatalogueKind, string> = {
  board: 'Regímenes',
  amenity: 'Servicios del hotel',
  'room-feature': 'Características de habitación',
  'child-age-band': 'Edades de niños',
};

export const CATALOGUE_MESSAGES = {
  notFound: 'Elemento no encontrado',
  kind: 'Catálogo no válido',
  label: 'El nombre es obligatorio (máximo 80 caracteres)',
  duplicate: 'Ya existe un elemento con ese nombre en este catálogo',
  ages: 'Las edades van de 0 a 17 y la edad inicial no puede superar la final',
  agesOnlyForBands: 'Solo las franjas de edad llevan edades',
  boardCode: 'Los regímenes son los estándar (RO, BB, HB, FB, AI); solo se pueden activar o desactivar',
  boardLabel: 'El nombre de un régimen es el estándar y no se puede cambiar',
} as const;
const cm = CATALOGUE_MESSAGES;

const catalogueLabel = z.string({ error: cm.label }).trim().min(1, { error: cm.label }).max(80, { error: cm.label });
const age = z.number({ error: cm.ages }).int({ error: cm.ages }).min(0, { error: cm.ages }).max(17, { error: cm.ages });
const agesInOrder = (b: { ageFrom?: number | null; ageTo?: number | null }) =>
  b.ageFrom === undefined || b.ageFrom === null || b.ageTo === undefined || b.ageTo === null || b.ageFrom <= b.ageTo;

export const catalogueItemCreateBody = z
  .object({
    kind: z.enum(HOTEL_CATALOGUE_KINDS, { error: cm.kind }),
    label: catalogueLabel,
    /** Boards only: one of the standard codes. */
    code: z.string().trim().max(10).optional(),
    ageFrom: age.optional(),
    ageTo: age.optional(),
    active: z.boolean().default(true),
  })
  .refine(agesInOrder, { error: cm.ages, path: ['ageTo'] })
  .refine((b) => b.kind !== 'child-age-band' || (b.ageFrom !== undefined && b.ageTo !== undefined), { error: cm.ages, path: ['ageFrom'] })
  .refine((b) => b.kind === 'child-age-band' || (b.ageFrom === undefined && b.ageTo === undefined), {
    error: cm.agesOnlyForBands,
    path: ['ageFrom'],
  });
export type CatalogueItemCreateBody = z.input<typeof catalogueItemCreateBody>;

export const catalogueItemUpdateBody = z
  .object({ label: catalogueLabel, ageFrom: age.optional(), ageTo: age.optional(), active: z.boolean() })
  .refine(agesInOrder, { error: cm.ages, path: ['ageTo'] });
export type CatalogueItemUpdateBody = z.input<typeof catalogueItemUpdateBody>;

export interface CatalogueItemDto {
  _id: string;
  kind: HotelCatalogueKind;
  code: string | null;
  label: string;
  ageFrom: number | null;
  ageTo: number | null;
  active: boolean;
}
export type HotelCatalogueDto = Record<HotelCatalogueKind, CatalogueItemDto[]>;
