import type { HolderRequirementKey, HotelCancellationPolicy, PriceBreakdown } from '@travesia/contracts';

/** Shapes the hotel search, quote and reserve endpoints answer (apps/server/src/modules/hotel-booking/README.md). */
export interface Money {
  amount: string;
  currency: string;
}

export interface HotelRoom {
  code: string;
  name: string;
  adults: number;
  childrenAges: number[];
}

export interface HotelOption {
  optionId: string;
  rooms: HotelRoom[];
  board: { code: string; label: string };
  availability: 'available' | 'on-request';
  refundable: boolean;
  cancellation: HotelCancellationPolicy;
  payAtHotel: boolean;
  price: Money;
  breakdown: PriceBreakdown;
  expiresAt: string | null;
}

export interface HotelItem {
  code: string;
  name: string;
  category: string | null;
  stars: number | null;
  zone: string | null;
  supplier: string;
  /** Which account answered it (merged cache only). */
  accountId?: string;
  minPrice: Money;
  images?: string[];
  address?: string;
  location?: { lat: number; lng: number };
  description?: string;
  options: HotelOption[];
}

/** What a merged search holds, over every hotel of the cache (for the filter choices). */
export interface HotelFacets {
  suppliers: string[];
  boards: { code: string; label: string }[];
  stars: number[];
  /** The suppliers' own category codes ('4EST', '4est', '4', 'Moderado'…); shown through `hotelCategoryLabel`. */
  categories: string[];
  priceRange: { min: string; max: string; currency: string } | null;
}

export interface HotelSearchPage {
  cacheId: string;
  expires: string;
  supplier?: string;
  itemsFound: number;
  lowestPrice: Money | null;
  highestPrice: Money | null;
  page: number;
  limit: number;
  totalPages: number;
  notes: string[];
  items: HotelItem[];
  facets?: HotelFacets;
}

/** Server-Sent Events of `POST /api/hotel/search/stream`. */
export interface StreamSupplier {
  accountId: string;
  supplier: string;
  name: string;
}
export type StreamEvent =
  | { event: 'start'; data: { suppliers: StreamSupplier[] } }
  | { event: 'result'; data: StreamSupplier & { ms: number; response: HotelSearchPage } }
  | { event: 'failure'; data: { accountId: string; supplier: string | null; name: string | null; ms: number; code: string; msg: string } }
  | { event: 'done'; data: { ok: number; failed: number; cacheId?: string; expires?: string; itemsFound?: number } };

export interface HotelQuote {
  quoteId: string;
  expiresAt: string;
  priceChanged: boolean;
  policyChanged: boolean;
  price: Money;
  previousPrice?: Money | null;
  breakdown: PriceBreakdown;
  availability: 'available' | 'on-request';
  cancellation: HotelCancellationPolicy;
  previousCancellation?: HotelCancellationPolicy | null;
  remarks: string[];
  /** Holder details the supplier requires for this option (Juniper HotelRequiredFields); absent in older checkouts. */
  requiredHolderFields?: HolderRequirementKey[];
  hotel: { code: string; name: string; category: string | null };
  rooms: HotelRoom[];
  board: { code: string; label: string };
  checkIn: string;
  checkOut: string;
}
