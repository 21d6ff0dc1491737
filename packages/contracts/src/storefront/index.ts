import { z } from 'zod';
import { hotelCachedQuery, hotelOptionRef, hotelSearchBody, hotelTravellerSchema } from '../hotel-booking.js';
import { hotelCancellationPolicySchema } from '../hotel-cancellation.js';
import { idSchema, pageQuery, paginated } from '../schemas/common.js';
import { storefrontSlugParams } from '../white-label/site.js';
import {
  STOREFRONT_MESSAGES,
  storefrontBillingSchema,
  storefrontMoneySchema,
  storefrontPageOf,
  storefrontPriceSchema,
  storefrontQuoteBaseSchema,
} from './common.js';
import { storefrontTicketSummarySchema, storefrontTransferSummarySchema } from './products.js';

export * from './common.js';
export * from './products.js';

/**
 * The public storefront's hotel search, checkout and "mi reserva" (issue 20, docs/decisions/0340–0342).
 * Answers carry the traveller's price only: never cost, markups, commission, supplier or account.
 */
const M = STOREFRONT_MESSAGES;

/** The hotel search of a storefront: every hotel account of the owner agency the white label sells. */
export const storefrontHotelSearchBody = hotelSearchBody.omit({ provider_id: true, simulate: true, resort: true });
export type StorefrontHotelSearchBody = z.infer<typeof storefrontHotelSearchBody>;

export const storefrontHotelPageQuery = hotelCachedQuery.omit({ supplier: true, minPrice: true, maxPrice: true });

const money = storefrontMoneySchema;

export const storefrontHotelOptionSchema = z.object({
  optionId: z.string(),
  rooms: z.array(z.object({ name: z.string(), adults: z.number(), childrenAges: z.array(z.number()) })),
  board: z.object({ code: z.string(), label: z.string() }),
  availability: z.string(),
  refundable: z.boolean(),
  cancellation: hotelCancellationPolicySchema,
  /** Until when cancelling costs nothing (null: not refundable or no date known). */
  freeCancellationUntil: z.string().nullable(),
  price: money,
});

export const storefrontHotelSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string().nullable().optional(),
  stars: z.number().nullable().optional(),
  zone: z.string().nullable().optional(),
  images: z.array(z.string()).optional(),
  address: z.string().optional(),
  description: z.string().optional(),
  minPrice: money,
  options: z.array(storefrontHotelOptionSchema),
});

export const storefrontHotelPageSchema = storefrontPageOf(storefrontHotelSchema);
export type StorefrontHotelPage = z.infer<typeof storefrontHotelPageSchema>;

export const storefrontQuoteBody = hotelOptionRef;
export const storefrontQuoteSchema = storefrontQuoteBaseSchema.extend({
  availability: z.string(),
  cancellation: hotelCancellationPolicySchema,
  freeCancellationUntil: z.string().nullable(),
  hotel: z.object({ code: z.string(), name: z.string(), category: z.string().nullable() }),
  rooms: z.array(z.object({ name: z.string(), adults: z.number(), childrenAges: z.array(z.number()) })),
  board: z.object({ code: z.string(), label: z.string() }),
  checkIn: z.string(),
  checkOut: z.string(),
});

export const storefrontOrderBody = hotelOptionRef.extend({
  /** The price the traveller accepted (the quote's): a changed price answers 409 PRICE_CHANGED. */
  price: storefrontPriceSchema,
  /** One list per room, adults then children in the search's order. */
  travellers: z.array(z.array(hotelTravellerSchema).min(1).max(12)).min(1).max(9),
  billing: storefrontBillingSchema,
});
export type StorefrontOrderBody = z.infer<typeof storefrontOrderBody>;

export const STOREFRONT_ORDER_STATUSES = [
  'awaiting-payment',
  'paid',
  'booking',
  'booked',
  'refunded',
  'needs-attention',
  'declined',
  'expired',
] as const;
export type StorefrontOrderStatus = (typeof STOREFRONT_ORDER_STATUSES)[number];

export const STOREFRONT_ORDER_STATUS_LABELS: Record<StorefrontOrderStatus, string> = {
  'awaiting-payment': 'Esperando el pago',
  paid: 'Pago recibido',
  booking: 'Confirmando la reserva',
  booked: 'Reserva confirmada',
  refunded: 'Pago reembolsado',
  'needs-attention': 'En revisión por la agencia',
  declined: 'Pago rechazado',
  expired: 'Reserva vencida',
};

export const storefrontCheckoutSchema = z.object({ orderRef: z.string(), checkoutUrl: z.string(), holdExpiresAt: z.string() });

export const storefrontOrderLookupQuery = z.object({ email: z.string().max(200) });
export const storefrontOrderParams = storefrontSlugParams.extend({
  ref: z.string().regex(/^[A-Z0-9-]{4,40}$/, { error: M.orderNotFound }),
});

/** "Mi reserva": what the traveller may see of an order (no cost, no supplier). */
export const STOREFRONT_PRODUCT_KINDS = ['hotel', 'ticket', 'transfer'] as const;
export type StorefrontProductKind = (typeof STOREFRONT_PRODUCT_KINDS)[number];

export const storefrontOrderViewSchema = z.object({
  orderRef: z.string(),
  /** What the order books: its block below (`hotel` and `rooms`, `ticket` or `transfer`) says what. */
  kind: z.enum(STOREFRONT_PRODUCT_KINDS),
  status: z.enum(STOREFRONT_ORDER_STATUSES),
  statusLabel: z.string(),
  holdExpiresAt: z.string(),
  price: money,
  hotel: z.object({ name: z.string(), board: z.string(), checkIn: z.string(), checkOut: z.string() }).nullable(),
  rooms: z.array(z.object({ name: z.string(), adults: z.number(), childrenAges: z.array(z.number()) })),
  ticket: storefrontTicketSummarySchema.nullable(),
  transfer: storefrontTransferSummarySchema.nullable(),
  holder: z.object({ name: z.string(), surname: z.string() }),
  voucher: z
    .object({ reference: z.string(), status: z.string(), locator: z.string().nullable(), cancellation: hotelCancellationPolicySchema })
    .nullable(),
});
export type StorefrontOrderView = z.infer<typeof storefrontOrderViewSchema>;

/** The storefront's destination search (public, rate-limited). */
export const storefrontPlacesBody = z.object({ keyword: z.string().trim().min(3, { error: 'Escribe al menos 3 letras' }).max(100) });
export const storefrontPlacesSchema = z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), label: z.string() }));
export type StorefrontPlace = z.infer<typeof storefrontPlacesSchema>[number];
export type StorefrontCheckout = z.infer<typeof storefrontCheckoutSchema>;
export type StorefrontQuote = z.infer<typeof storefrontQuoteSchema>;

/**
 * The agency's view of its storefront's orders (`GET /api/whitelabel/{id}/orders`, decision 0602): every
 * order with its status in the agency's words, so one paid but not booked (`needs-attention`, a refund that
 * failed) is never lost. The price is the traveller's (every price view may see it); no cost, no rate.
 */
export const STOREFRONT_ORDER_AGENCY_STATUS_LABELS: Record<StorefrontOrderStatus, string> = {
  'awaiting-payment': 'Esperando el pago',
  paid: 'Pagado, por reservar',
  booking: 'Reservando',
  booked: 'Reservado',
  refunded: 'Reembolsado',
  'needs-attention': 'Requiere atención',
  declined: 'Pago rechazado',
  expired: 'Vencido sin pago',
};

export const storefrontAgencyOrdersParams = z.object({ id: idSchema });
export const storefrontAgencyOrdersQuery = pageQuery(20, 100).extend({
  status: z.enum(STOREFRONT_ORDER_STATUSES, { error: 'Estado no válido' }).optional(),
});
export type StorefrontAgencyOrdersQuery = z.infer<typeof storefrontAgencyOrdersQuery>;

export const storefrontAgencyOrderSchema = z.object({
  _id: z.string(),
  ref: z.string(),
  kind: z.enum(STOREFRONT_PRODUCT_KINDS),
  status: z.enum(STOREFRONT_ORDER_STATUSES),
  statusLabel: z.string(),
  /** What it books, in one line (the hotel and dates, the activity and day, the transfer). */
  product: z.string(),
  holder: z.object({ name: z.string(), surname: z.string() }),
  email: z.string(),
  price: money,
  gateway: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  /** The booking the order made (or the cancelled one a failed reserve left), linked in `/booking`. */
  voucher: z.object({ _id: z.string(), reference: z.string(), status: z.string() }).nullable(),
  /** Why it was refunded or needs attention. */
  note: z.string().nullable(),
  createdAt: z.string(),
  holdExpiresAt: z.string(),
  updatedAt: z.string(),
});
export type StorefrontAgencyOrder = z.infer<typeof storefrontAgencyOrderSchema>;
export const storefrontAgencyOrderPageSchema = paginated(storefrontAgencyOrderSchema);
