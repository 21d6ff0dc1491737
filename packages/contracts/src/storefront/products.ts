import { z } from 'zod';
import { ticketCachedQuery, ticketOptionRef, ticketParticipantSchema, ticketSearchBody } from '../booking/ticket.js';
import { TRANSFER_BOOKING_MESSAGES as TM, transferAddressSchema, transferSearchBody } from '../booking/transfer.js';
import { HOLDER_REQUIREMENTS } from '../hotel-booking.js';
import { hotelCancellationPolicySchema } from '../hotel-cancellation.js';
import {
  storefrontBillingSchema,
  storefrontMoneySchema,
  storefrontPageOf,
  storefrontPriceSchema,
  storefrontQuoteBaseSchema,
} from './common.js';

/**
 * The storefront's tickets and transfers (issue 20 item 4, docs/decisions/0530): search, page, quote and the
 * order of each, at storefront prices. Answers carry the traveller's price only (no supplier, account,
 * breakdown or cost); cancellation penalties are in the traveller's price.
 */
const money = storefrontMoneySchema;
const coded = z.object({ code: z.string(), name: z.string() });

// ---------------------------------------------------------------- tickets

/** A storefront's ticket search: one activity day, the participants; every ticket source the shop sells. */
export const storefrontTicketSearchBody = ticketSearchBody.pick({ destination: true, countryCode: true, date: true, paxes: true });
export type StorefrontTicketSearchBody = z.infer<typeof storefrontTicketSearchBody>;

export const storefrontTicketPageQuery = ticketCachedQuery.pick({ page: true, limit: true, sort: true, q: true, freeCancellation: true });
export type StorefrontTicketPageQuery = z.infer<typeof storefrontTicketPageQuery>;

export const storefrontTicketOptionSchema = z.object({
  optionId: z.string(),
  activity: coded,
  modality: coded,
  category: z.string().nullable(),
  date: z.string(),
  durationHours: z.number().nullable(),
  sessions: z.array(coded),
  languages: z.array(coded),
  pickupIncluded: z.boolean(),
  availability: z.string(),
  freeCancellation: z.boolean(),
  cancellation: hotelCancellationPolicySchema,
  freeCancellationUntil: z.string().nullable(),
  image: z.string().nullable(),
  price: money,
  pricePerAdult: money,
});
export type StorefrontTicketOption = z.infer<typeof storefrontTicketOptionSchema>;

export const storefrontTicketPageSchema = storefrontPageOf(storefrontTicketOptionSchema);
export type StorefrontTicketPage = z.infer<typeof storefrontTicketPageSchema>;

export const storefrontTicketQuoteBody = ticketOptionRef;
export const storefrontTicketQuoteSchema = storefrontQuoteBaseSchema.extend({
  availability: z.string(),
  cancellation: hotelCancellationPolicySchema,
  freeCancellationUntil: z.string().nullable(),
  activity: coded,
  modality: coded,
  date: z.string(),
  participants: z.object({ adults: z.number(), children: z.array(z.number()) }),
  /** The traveller picks one when there are any (the order answers 400 otherwise). */
  sessions: z.array(coded.extend({ languages: z.array(z.string()).optional() })),
  languages: z.array(coded),
  pickupPoints: z.array(coded.extend({ time: z.string().optional(), address: z.string().optional() })),
  questions: z.array(z.object({ code: z.string(), text: z.string(), required: z.boolean() })),
  description: z.string().nullable(),
  inclusions: z.array(z.string()),
  importantInfo: z.array(z.string()),
  meetingPoint: z.object({ description: z.string().optional(), address: z.string().optional() }).nullable(),
  /** Holder details the supplier requires beyond the billing (address, city, postal code, country). */
  requiredHolderFields: z.array(z.enum(HOLDER_REQUIREMENTS)),
});
export type StorefrontTicketQuote = z.infer<typeof storefrontTicketQuoteSchema>;

/** The holder's postal address, when the ticket's supplier requires it. */
export const storefrontHolderAddressSchema = z.object({
  address: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  postalCode: z.string().trim().max(20).optional(),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'País no válido (código de 2 letras)' })
    .optional(),
});

export const storefrontTicketOrderBody = ticketOptionRef.extend({
  price: storefrontPriceSchema,
  /** One per searched participant: adults first, then children in the searched order. */
  participants: z.array(ticketParticipantSchema).min(1).max(20),
  session: z.string().max(40).optional(),
  language: z.string().max(20).optional(),
  pickupPoint: z.string().max(60).optional(),
  answers: z
    .array(z.object({ code: z.string().max(60), answer: z.string().max(500) }))
    .max(30)
    .optional(),
  comments: z.string().trim().max(1000).optional(),
  holderAddress: storefrontHolderAddressSchema.optional(),
  billing: storefrontBillingSchema,
});
export type StorefrontTicketOrderBody = z.infer<typeof storefrontTicketOrderBody>;

// ---------------------------------------------------------------- transfers

const placeRef = (error: string) => z.uuid({ error });

/**
 * A storefront's transfer search between two of our places: an airport (by its IATA code) and a city, area or
 * any place with coordinates (its GPS point), one way or round trip; the server builds the typed points.
 */
export const storefrontTransferSearchBody = z
  .object({
    from: placeRef(TM.fromRequired),
    to: placeRef(TM.toRequired),
    outbound: transferSearchBody.shape.outbound,
    return: transferSearchBody.shape.return,
    adults: transferSearchBody.shape.adults,
    childrenAges: transferSearchBody.shape.childrenAges,
  })
  .superRefine((b, ctx) => {
    if (b.from === b.to) ctx.addIssue({ code: 'custom', path: ['to'], message: TM.samePoint });
    if (b.childrenAges.filter((a) => a <= 2).length > b.adults)
      ctx.addIssue({ code: 'custom', path: ['childrenAges'], message: TM.infantWithoutAdult });
    if (b.return && `${b.return.date}T${b.return.time}` <= `${b.outbound.date}T${b.outbound.time}`)
      ctx.addIssue({ code: 'custom', path: ['return', 'date'], message: TM.returnBeforeOutbound });
  });
export type StorefrontTransferSearchBody = z.infer<typeof storefrontTransferSearchBody>;

export const storefrontTransferPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  sort: z.enum(['price', '-price', 'capacity']).default('price'),
});
export type StorefrontTransferPageQuery = z.infer<typeof storefrontTransferPageQuery>;

const legView = z.object({
  direction: z.enum(['outbound', 'return']),
  from: z.string(),
  to: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  /** Where to meet the driver, when the supplier says. */
  pickupDescription: z.string().nullable(),
  /** The pickup time is confirmed later by the supplier (the traveller must check it). */
  checkPickup: z.boolean(),
});

/** One vehicle offer: a one-way leg, or the outbound and return of the same service as one price. */
export const storefrontTransferOfferSchema = z.object({
  optionId: z.string(),
  returnOptionId: z.string().nullable(),
  transferType: z.enum(['PRIVATE', 'SHARED']),
  vehicle: z.string(),
  category: z.string(),
  capacity: z.object({ min: z.number(), max: z.number() }),
  luggage: z.string().nullable(),
  waitingMinutes: z.number().nullable(),
  image: z.string().nullable(),
  legs: z.array(legView),
  price: money,
  cancellation: hotelCancellationPolicySchema,
  freeCancellationUntil: z.string().nullable(),
  remarks: z.array(z.string()),
});
export type StorefrontTransferOffer = z.infer<typeof storefrontTransferOfferSchema>;

export const storefrontTransferPageSchema = storefrontPageOf(storefrontTransferOfferSchema).extend({ roundTrip: z.boolean() });
export type StorefrontTransferPage = z.infer<typeof storefrontTransferPageSchema>;

const optionRef = z.string({ error: TM.optionNotFound }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: TM.optionNotFound });
export const storefrontTransferQuoteBody = z.object({
  cacheId: z.string({ error: TM.cacheExpired }).regex(/^[A-Za-z0-9_-]{10,64}$/, { error: TM.cacheExpired }),
  optionId: optionRef,
  returnOptionId: optionRef.optional(),
});

export const storefrontTransferQuoteSchema = storefrontQuoteBaseSchema.extend({
  offer: storefrontTransferOfferSchema,
  /**
   * What each leg needs at checkout (in `offer.legs` order): `transportNumber` required; `transportType` set when
   * the leg has a flight (cruise, train) to name — asked for, optional when not required.
   */
  legs: z.array(
    z.object({
      transportNumber: z.boolean(),
      transportCompany: z.boolean(),
      pickupAddress: z.boolean(),
      transportType: z.enum(['FLIGHT', 'CRUISE', 'TRAIN']).nullable(),
    }),
  ),
});
export type StorefrontTransferQuote = z.infer<typeof storefrontTransferQuoteSchema>;

export const storefrontTransferOrderBody = storefrontTransferQuoteBody.extend({
  price: storefrontPriceSchema,
  /** Per leg, in the offer's order: the flight (cruise, train) number and company, the pickup address. */
  legs: z
    .array(
      z.object({
        transport: z
          .object({
            type: z.enum(['FLIGHT', 'CRUISE', 'TRAIN'], { error: 'Tipo de transporte no válido' }),
            code: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9 -]{2,20}$/, { error: 'Número de vuelo no válido (p. ej. AV9540)' }),
            companyName: z.string().trim().max(100).optional(),
          })
          .optional(),
        pickupAddress: transferAddressSchema.optional(),
      }),
    )
    .min(1)
    .max(2),
  welcomeSign: z.string().trim().max(60).optional(),
  remarks: z.string().trim().max(1000).optional(),
  billing: storefrontBillingSchema,
});
export type StorefrontTransferOrderBody = z.infer<typeof storefrontTransferOrderBody>;

// ---------------------------------------------------------------- "mi reserva"

export const storefrontTicketSummarySchema = z.object({
  activity: z.string(),
  modality: z.string().nullable(),
  date: z.string(),
  session: z.string().nullable(),
  language: z.string().nullable(),
  participants: z.object({ adults: z.number(), children: z.number() }),
});
export type StorefrontTicketSummary = z.infer<typeof storefrontTicketSummarySchema>;

export const storefrontTransferSummarySchema = z.object({
  vehicle: z.string(),
  service: z.string(),
  passengers: z.number(),
  legs: z.array(
    z.object({
      direction: z.enum(['outbound', 'return']),
      from: z.string(),
      to: z.string(),
      date: z.string(),
      time: z.string(),
      transportNumber: z.string().nullable(),
    }),
  ),
});
export type StorefrontTransferSummary = z.infer<typeof storefrontTransferSummarySchema>;
