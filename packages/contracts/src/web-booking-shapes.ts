import { z } from 'zod';
import { HOLDER_REQUIREMENTS } from './hotel-booking.js';
import { hotelCancellationPolicySchema } from './hotel-cancellation.js';
import { priceBreakdownSchema } from './pricing.js';

/**
 * The answers of the hotel search stream, search page and quote as the web reads them
 * (apps/server/src/modules/hotel-booking/README.md). Contracts had the requests only; these replace the
 * web's hand-copied `features/hotels/types.ts` until the booking engine's own answer schemas
 * (`packages/contracts/src/booking/`, issue 13 item 3) take their place. Published as the subpath
 * `@travesia/contracts/web-booking-shapes` (not through the index) so those later names cannot clash.
 */

export const bookingMoneySchema = z.object({ amount: z.string(), currency: z.string() });
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

// ---- the search stream (Server-Sent Events), any product ----------------------------------------

/** One searched source: a provider account, or own inventory ('travesia'). */
export const streamSourceSchema = z.object({ accountId: z.string(), supplier: z.string(), name: z.string() });
export type StreamSource = z.infer<typeof streamSourceSchema>;

export const streamStartSchema = z.object({ suppliers: z.array(streamSourceSchema) });
export const streamFailureSchema = z.object({
  accountId: z.string(),
  supplier: z.string().nullable(),
  name: z.string().nullable(),
  ms: z.number(),
  code: z.string(),
  msg: z.string(),
});
export const streamDoneSchema = z.object({
  ok: z.number(),
  failed: z.number(),
  /** The merged cache of every source's results; absent or null when nothing was cached. */
  cacheId: z.string().nullish(),
  expires: z.string().nullish(),
  itemsFound: z.number().optional(),
});
/** A source's answer: `response` is the product's first search page. */
export const streamResultSchema = <Page extends z.ZodType>(page: Page) => streamSourceSchema.extend({ ms: z.number(), response: page });

/** The events of a streamed search, generic over the product's search page. */
export type SearchStreamEvent<Page> =
  | { event: 'start'; data: z.infer<typeof streamStartSchema> }
  | { event: 'result'; data: StreamSource & { ms: number; response: Page } }
  | { event: 'failure'; data: z.infer<typeof streamFailureSchema> }
  | { event: 'done'; data: z.infer<typeof streamDoneSchema> };

// ---- hotels ---------------------------------------------------------------------------------

const boardSchema = z.object({ code: z.string(), label: z.string() });
const availabilitySchema = z.enum(['available', 'on-request']);

export const hotelRoomSchema = z.object({ code: z.string(), name: z.string(), adults: z.number(), childrenAges: z.array(z.number()) });
export type HotelRoom = z.infer<typeof hotelRoomSchema>;

export const hotelOptionSchema = z.object({
  optionId: z.string(),
  rooms: z.array(hotelRoomSchema),
  board: boardSchema,
  availability: availabilitySchema,
  refundable: z.boolean(),
  cancellation: hotelCancellationPolicySchema,
  payAtHotel: z.boolean(),
  price: bookingMoneySchema,
  breakdown: priceBreakdownSchema,
  expiresAt: z.string().nullable(),
});
export type HotelOption = z.infer<typeof hotelOptionSchema>;

export const hotelItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  stars: z.number().nullable(),
  zone: z.string().nullable(),
  supplier: z.string(),
  /** Which account answered it (merged cache only). */
  accountId: z.string().optional(),
  minPrice: bookingMoneySchema,
  images: z.array(z.string()).optional(),
  address: z.string().optional(),
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
  description: z.string().optional(),
  options: z.array(hotelOptionSchema),
});
export type HotelItem = z.infer<typeof hotelItemSchema>;

/** What a merged search holds, over every hotel of the cache (for the filter choices). */
export const hotelFacetsSchema = z.object({
  suppliers: z.array(z.string()),
  boards: z.array(boardSchema),
  stars: z.array(z.number()),
  /** The suppliers' own category codes ('4EST', '4est', '4', 'Moderado'…); shown through `hotelCategoryLabel`. */
  categories: z.array(z.string()),
  priceRange: z.object({ min: z.string(), max: z.string(), currency: z.string() }).nullable(),
});
export type HotelFacets = z.infer<typeof hotelFacetsSchema>;

export const hotelSearchPageSchema = z.object({
  cacheId: z.string(),
  expires: z.string(),
  supplier: z.string().optional(),
  itemsFound: z.number(),
  lowestPrice: bookingMoneySchema.nullable(),
  highestPrice: bookingMoneySchema.nullable(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  notes: z.array(z.string()),
  items: z.array(hotelItemSchema),
  facets: hotelFacetsSchema.optional(),
});
export type HotelSearchPage = z.infer<typeof hotelSearchPageSchema>;
export type HotelStreamEvent = SearchStreamEvent<HotelSearchPage>;

export const hotelQuoteSchema = z.object({
  quoteId: z.string(),
  expiresAt: z.string(),
  priceChanged: z.boolean(),
  policyChanged: z.boolean(),
  price: bookingMoneySchema,
  previousPrice: bookingMoneySchema.nullish(),
  breakdown: priceBreakdownSchema,
  availability: availabilitySchema,
  cancellation: hotelCancellationPolicySchema,
  previousCancellation: hotelCancellationPolicySchema.nullish(),
  remarks: z.array(z.string()),
  /** Holder details the supplier requires for this option (Juniper HotelRequiredFields); absent in older checkouts. */
  requiredHolderFields: z.array(z.enum(HOLDER_REQUIREMENTS)).optional(),
  hotel: z.object({ code: z.string(), name: z.string(), category: z.string().nullable() }),
  rooms: z.array(hotelRoomSchema),
  board: boardSchema,
  checkIn: z.string(),
  checkOut: z.string(),
});
export type HotelQuote = z.infer<typeof hotelQuoteSchema>;
