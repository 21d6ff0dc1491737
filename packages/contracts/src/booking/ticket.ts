import { z } from 'zod';
import { HOTEL_BOOKING_MESSAGES as HM, HOLDER_REQUIREMENTS } from '../hotel-booking.js';
import { hotelCancellationPolicySchema } from '../hotel-cancellation.js';
import { priceBreakdownSchema } from '../pricing.js';
import { calendarDate } from '../schemas/calendar-date.js';
import { holderSchema } from '../vouchers.js';
import type { FlowApi } from './flow-api.js';
import { reserveAnswerSchema } from './reserve-answer.js';

/** Spanish messages of the ticket search, quote and reserve flow (spec §5, issue 17). */
export const TICKET_BOOKING_MESSAGES = {
  dayRequired: 'Dia estimado de la actividad es requerido',
  eventNotFound: 'Código del evento no hallado',
  dayInvalid: 'Fecha no válida (formato AAAA-MM-DD)',
  dayInPast: 'La fecha de la actividad no puede ser anterior a hoy',
  rangeOrder: 'La fecha final debe ser igual o posterior al día de la actividad',
  rangeTooLong: 'El rango de fechas no puede superar 31 días',
  adultsInvalid: 'Debe haber entre 1 y 20 adultos',
  ageInvalid: 'La edad de cada participante debe estar entre 0 y 99 años',
  tooManyParticipants: 'Máximo 20 participantes por reserva',
  participantsMismatch: 'Indica nombre, apellido y edad de cada participante de la búsqueda',
  sessionRequired: 'Elige la sesión (hora de inicio) de la actividad',
  sessionUnknown: 'La sesión elegida no existe para esta actividad',
  languageRequired: 'Elige el idioma del guía',
  languageUnknown: 'El idioma elegido no se ofrece para esta actividad',
  languageNotInSession: (language: string, session: string) => `El idioma ${language} no se ofrece en la sesión de las ${session}`,
  cutoffPassed: (what: string) => `La venta de ${what} ya cerró: terminó el plazo para reservar antes del inicio`,
  ageOutsideBands: (age: number, bands: string) => `La edad ${age} no corresponde a ninguna franja de edad de esta actividad (${bands})`,
  ageBandChanged: (name: string) =>
    `La edad de ${name} corresponde a otra tarifa que la cotizada: busca de nuevo con la edad de cada participante`,
  pickupUnknown: 'El punto de recogida elegido no existe para esta actividad',
  answerRequired: (question: string) => `Responde la pregunta del proveedor: ${question}`,
  moduleDisabled: 'El módulo de tickets de este proveedor no está habilitado para tu agencia',
  noMapping: (supplier: string) => `${supplier} no tiene actividades asociadas a este destino`,
} as const;
const M = TICKET_BOOKING_MESSAGES;

/** The ticket providers of spec §2/§7 (`api/ticket/{product}/avail`). */
export const TICKET_PROVIDERS = ['travesia', 'hotelbeds', 'juniper'] as const;
export type TicketProvider = (typeof TICKET_PROVIDERS)[number];

const day = calendarDate(M.dayInvalid, M.dayRequired);
const age = z.number({ error: M.ageInvalid }).int({ error: M.ageInvalid }).min(0, { error: M.ageInvalid }).max(99, { error: M.ageInvalid });

/** Who takes part: adults (ages optional, 30 when not given) and the age of every child. */
export const ticketPaxSchema = z
  .object({
    adults: z
      .number({ error: HM.paxRequired })
      .int({ error: M.adultsInvalid })
      .min(1, { error: M.adultsInvalid })
      .max(20, { error: M.adultsInvalid }),
    children: z
      .array(age.max(17, { error: HM.childAgeInvalid }))
      .max(19)
      .default([]),
  })
  .refine((p) => p.adults + p.children.length <= 20, { error: M.tooManyParticipants });

/** Spec §7 `POST api/ticket/{product}/avail`: one provider's tickets of a place for a day (or a range). */
export const ticketSearchBody = z.object({
  /** A provider account id; own inventory (`travesia` route) needs none. */
  provider_id: z.uuid({ error: HM.providerRequired }).optional(),
  destination: z.uuid({ error: HM.destinationRequired }),
  countryCode: z
    .string({ error: HM.nationalityRequired })
    .min(1, { error: HM.nationalityRequired })
    .regex(/^[A-Za-z]{2}$/, { error: HM.nationalityInvalid }),
  /** The activity day (spec §5). */
  date: day,
  /** Optional last day of a range (inclusive). */
  dateTo: calendarDate(M.dayInvalid).optional(),
  paxes: ticketPaxSchema,
  simulate: z.boolean().optional(),
});
export type TicketSearchBody = z.infer<typeof ticketSearchBody>;

/** One search over every usable ticket source, streamed per source (Server-Sent Events). */
export const ticketStreamSearchBody = ticketSearchBody.omit({ provider_id: true }).extend({
  /** Provider account ids (own inventory: OWN_INVENTORY_ACCOUNT_ID); none = every usable source. */
  providers: z
    .array(z.uuid({ error: HM.providerRequired }))
    .max(20)
    .optional(),
  timeoutMs: z.number().int().min(1000).max(60_000).default(25_000),
});
export type TicketStreamSearchBody = z.infer<typeof ticketStreamSearchBody>;

/** The days own tickets operate at a place, for the activity-day picker (decision 0440): at most 31 days. */
export const ticketCalendarQuery = z.object({
  destination: z.uuid({ error: HM.destinationRequired }),
  from: day,
  to: day,
  /** The group's size (a ticket below its minimum group or above its places is not open); 1 when absent. */
  people: z.coerce
    .number({ error: M.tooManyParticipants })
    .int()
    .min(1, { error: M.tooManyParticipants })
    .max(20, { error: M.tooManyParticipants })
    .default(1),
});
export type TicketCalendarQuery = z.infer<typeof ticketCalendarQuery>;
export const ticketCalendarAnswerSchema = z.object({
  success: z.literal(true),
  /** `days`: those of [from, to] on which some own ticket of the place (or inside it) still has places. */
  response: z.object({ from: z.string(), to: z.string(), days: z.array(z.string()) }),
});
export type TicketCalendar = z.infer<typeof ticketCalendarAnswerSchema>['response'];

export const TICKET_SORTS = ['price', '-price', 'name', 'duration'] as const;
export const TICKET_TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
const csv = (re: RegExp, error: string) => z.string().max(500).regex(re, { error }).optional();
export const ticketCachedQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(TICKET_SORTS, { error: 'Orden no válido' }).default('price'),
  supplier: csv(/^(travesia|hotelbeds|juniper)(,(travesia|hotelbeds|juniper))*$/, 'Proveedor no válido'),
  category: z.string().max(300).optional(),
  language: csv(/^[a-z]{2,3}(,[a-z]{2,3})*$/, 'Idioma no válido'),
  /** Longest duration in hours. */
  maxHours: z.coerce.number().min(0).max(240).optional(),
  freeCancellation: z.enum(['true', 'false']).optional(),
  timeOfDay: csv(/^(morning|afternoon|evening)(,(morning|afternoon|evening))*$/, 'Franja horaria no válida'),
  minPrice: csv(/^\d{1,12}(\.\d{1,2})?$/, 'Precio mínimo no válido'),
  maxPrice: csv(/^\d{1,12}(\.\d{1,2})?$/, 'Precio máximo no válido'),
  q: z.string().max(100).optional(),
});
export type TicketCachedQuery = z.infer<typeof ticketCachedQuery>;

/** One option of a cached ticket search, for the quote. */
export const ticketOptionRef = z.object({
  cacheId: z.string({ error: HM.cacheExpired }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: HM.cacheExpired }),
  optionId: z.string({ error: M.eventNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: M.eventNotFound }),
});

export const ticketParticipantSchema = z.object({
  name: z.string().trim().min(1, { error: 'Nombre es obligatorio' }).max(100),
  surname: z.string().trim().min(1, { error: 'Apellido es obligatorio' }).max(100),
  age: age.optional(),
});

/** The ticket booking (spec §5: booking codes, nationality, dates and companions); idempotency key in header or body. */
export const ticketReserveBody = z.object({
  type: z.literal('ticket', { error: 'Tipo de reserva no válido' }).default('ticket'),
  client: holderSchema.refine((c) => c.name.trim().length > 0, { error: HM.holderRequired }),
  /** One per participant of the search, adults first then children in the searched order. */
  companions: z.array(ticketParticipantSchema, { error: M.participantsMismatch }).min(1, { error: M.participantsMismatch }).max(20),
  price: z.object({
    gross: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Precio no válido' }),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'Moneda no válida' }),
  }),
  bookingCodes: z.object({ quoteId: z.string({ error: M.eventNotFound }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.eventNotFound }) }),
  session: z.string().max(40).optional(),
  language: z.string().max(20).optional(),
  pickupPoint: z.string().max(60).optional(),
  answers: z
    .array(z.object({ code: z.string().max(60), answer: z.string().max(500) }))
    .max(30)
    .optional(),
  comments: z.string().max(1000).optional(),
  payments: z.record(z.string(), z.unknown()).optional(),
  idempotencyKey: z.string().optional(),
});
export type TicketReserveBody = z.infer<typeof ticketReserveBody>;

// ---------------------------------------------------------------- answers

const money = z.object({ amount: z.string(), currency: z.string() });
const coded = z.object({ code: z.string(), name: z.string() });
/** A session: its languages when they differ by session, and the last instant it can be booked (decision 0450). */
const sessionSchema = coded.extend({ languages: z.array(z.string()).optional(), bookableUntil: z.string().optional() });
const pickupSchema = coded.extend({ time: z.string().optional(), address: z.string().optional() });
const questionSchema = z.object({ code: z.string(), text: z.string(), required: z.boolean() });
const ageBandSchema = z.object({ paxType: z.string(), ageFrom: z.number(), ageTo: z.number(), amount: money });
const contentSchema = z.object({
  description: z.string().optional(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  importantInfo: z.array(z.string()),
  meetingPoint: z.object({ description: z.string().optional(), address: z.string().optional() }).optional(),
  images: z.array(z.string()).optional(),
});

export const ticketOptionSchema = z.object({
  optionId: z.string(),
  supplier: z.string(),
  accountId: z.string(),
  activity: coded,
  modality: coded,
  category: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  durationHours: z.number().nullable(),
  sessions: z.array(coded),
  languages: z.array(coded),
  pickupIncluded: z.boolean(),
  availability: z.enum(['available', 'on-request']),
  freeCancellation: z.boolean(),
  cancellation: hotelCancellationPolicySchema,
  image: z.string().nullable(),
  price: money,
  /** "Desde" per adult: the option's price divided by the participants, adults' band when known. */
  pricePerAdult: money,
  breakdown: priceBreakdownSchema,
  expiresAt: z.string().nullable(),
});
export type TicketOption = z.infer<typeof ticketOptionSchema>;

export const ticketFacetsSchema = z.object({
  suppliers: z.array(z.string()),
  /** Every category of the search and how many options have it. */
  categories: z.array(z.object({ name: z.string(), count: z.number() })),
  languages: z.array(coded),
  priceRange: z.object({ min: z.string(), max: z.string(), currency: z.string() }).nullable(),
  maxHours: z.number().nullable(),
});

export const ticketSearchPageSchema = z.object({
  cacheId: z.string(),
  expires: z.string(),
  itemsFound: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  notes: z.array(z.string()),
  items: z.array(ticketOptionSchema),
  facets: ticketFacetsSchema,
});
export type TicketSearchPage = z.infer<typeof ticketSearchPageSchema>;

export const ticketSearchAnswerSchema = z.object({ success: z.literal(true), response: ticketSearchPageSchema });

export const ticketQuoteSchema = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  priceChanged: z.boolean(),
  policyChanged: z.boolean(),
  price: money,
  previousPrice: money,
  breakdown: priceBreakdownSchema,
  availability: z.enum(['available', 'on-request']),
  cancellation: hotelCancellationPolicySchema,
  previousCancellation: hotelCancellationPolicySchema,
  remarks: z.array(z.string()),
  activity: coded,
  modality: coded,
  supplier: z.string(),
  date: z.string(),
  participants: z.object({ adults: z.number(), children: z.array(z.number()) }),
  sessions: z.array(sessionSchema),
  languages: z.array(coded),
  pickupPoints: z.array(pickupSchema),
  questions: z.array(questionSchema),
  ageBands: z.array(ageBandSchema),
  content: contentSchema.nullable(),
  requiredHolderFields: z.array(z.enum(HOLDER_REQUIREMENTS)),
});
export type TicketQuote = z.infer<typeof ticketQuoteSchema>;
export const ticketQuoteAnswerSchema = z.object({ success: z.literal(true), response: ticketQuoteSchema });

/** The ticket flow's booking API (`/api/ticket/…`, flow-api.ts). */
export const TICKET_FLOW_API = {
  stream: ticketStreamSearchBody,
  page: { query: ticketCachedQuery, answer: ticketSearchAnswerSchema },
  quote: { body: ticketOptionRef, answer: ticketQuoteAnswerSchema },
  reserve: { body: ticketReserveBody, answer: reserveAnswerSchema, pending: HM.bookingPending },
} satisfies FlowApi;

/** Spanish messages of the own-ticket check-in (issue 17 item 6: the voucher's QR redeemed once). */
export const TICKET_CHECK_IN_MESSAGES = {
  codeRequired: 'Escribe o escanea el código de la entrada',
  notFound: 'No hay ninguna entrada con ese código',
  notOwnTicket: 'Ese código no es de una entrada propia de Travesía: la valida el proveedor con su propio voucher',
  cancelled: 'La entrada está cancelada: no se puede validar',
  notConfirmed: 'La reserva de esta entrada no está confirmada: no se puede validar',
  alreadyCheckedIn: (when: string, who: string) => `Esta entrada ya fue validada el ${when} por ${who}`,
  done: 'Entrada validada',
} as const;

/** The code printed in the own ticket's QR: our booking reference. */
export const ticketCheckInBody = z.object({
  code: z
    .string({ error: TICKET_CHECK_IN_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: TICKET_CHECK_IN_MESSAGES.codeRequired })
    .max(64, { error: TICKET_CHECK_IN_MESSAGES.notFound }),
});
export type TicketCheckInBody = z.infer<typeof ticketCheckInBody>;

/** A check-in: what was redeemed, by whom and when (the time as an ISO instant). */
export const ticketCheckInSchema = z.object({
  voucherId: z.string(),
  reference: z.string(),
  activity: z.string(),
  date: z.string().nullable(),
  session: z.string().nullable(),
  holder: z.string(),
  participants: z.array(z.string()),
  checkedInAt: z.string(),
  checkedInBy: z.string(),
});
export type TicketCheckIn = z.infer<typeof ticketCheckInSchema>;
export const ticketCheckInAnswerSchema = z.object({ success: z.literal(true), msg: z.string(), response: ticketCheckInSchema });
