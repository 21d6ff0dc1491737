import { z } from 'zod';
import { HOLDER_REQUIREMENTS, type hotelCachedQuery } from '../hotel-booking.js';
import { hotelCancellationPolicySchema } from '../hotel-cancellation.js';
import { priceBreakdownSchema } from '../pricing.js';
import { bookingMoneySchema, type SearchStreamEvent } from './stream.js';

/**
 * The hotel flow's answers (apps/server/src/modules/booking/hotel/README.md): the search page (every
 * search route, the cached pages and each stream `result`), the Juniper static content, the re-quote
 * and the reserve. The routes declare them as their response schemas, so a field not listed here is
 * never sent; the web takes its types from them. The requests are in hotel-booking.ts.
 */

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
  /**
   * Who sells the option: a merged search's card gathers the rates of every supplier selling the same
   * property (decision 0480). Optional only for options saved by an older screen.
   */
  supplier: z.string().optional(),
  price: bookingMoneySchema,
  /** Trimmed to what the viewer may see (hidden fields null). */
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
  minPrice: bookingMoneySchema,
  images: z.array(z.string()).optional(),
  address: z.string().optional(),
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
  description: z.string().optional(),
  options: z.array(hotelOptionSchema),
});
export type HotelItem = z.infer<typeof hotelItemSchema>;

/** What a search holds, over every hotel of the cache (for the filter choices). */
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
  /** The supplier of a one-supplier search, 'mixed' for a merged one. */
  supplier: z.string().optional(),
  itemsFound: z.number(),
  lowestPrice: bookingMoneySchema.nullable(),
  highestPrice: bookingMoneySchema.nullable(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  /** Offers left out of the search (e.g. a currency without an exchange rate); `notes` says why. */
  dropped: z.number().optional(),
  notes: z.array(z.string()),
  items: z.array(hotelItemSchema),
  facets: hotelFacetsSchema.optional(),
  /**
   * Some hotels' static content (photos, address, map position) is still being fetched from the suppliers: ask
   * the page again shortly (decision 0630). Absent once it has all arrived or failed.
   */
  contentPending: z.boolean().optional(),
});
export type HotelSearchPage = z.infer<typeof hotelSearchPageSchema>;
export type HotelStreamEvent = SearchStreamEvent<HotelSearchPage>;
export const hotelSearchAnswerSchema = z.object({ success: z.literal(true), response: hotelSearchPageSchema });
export type HotelSearchAnswer = z.infer<typeof hotelSearchAnswerSchema>;

/** `GET /api/hotel/search/:cacheId` as the web sends it: page, limit and sort always; the filters when set. */
export type HotelPageQuery = Pick<z.infer<typeof hotelCachedQuery>, 'page' | 'limit' | 'sort'> &
  Partial<Omit<z.infer<typeof hotelCachedQuery>, 'page' | 'limit' | 'sort'>>;

/** A supplier's static content of one hotel (Juniper HotelContent, Hotelbeds Content API; cached a week). */
export const hotelContentSchema = z.object({
  code: z.string(),
  name: z.string(),
  zone: z.string().optional(),
  category: z.string().optional(),
  address: z.string(),
  description: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
  /** Photo URLs, best first: https, or the sandbox simulator's. */
  images: z.array(z.string()).optional(),
});
export type HotelContent = z.infer<typeof hotelContentSchema>;
export const hotelContentAnswerSchema = z.object({ success: z.literal(true), response: z.object({ items: z.array(hotelContentSchema) }) });

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
export const hotelQuoteAnswerSchema = z.object({ success: z.literal(true), response: hotelQuoteSchema });
