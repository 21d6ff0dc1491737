import { type HotelCancellationPolicy, priceDecimals, type StorefrontHotelPage } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { agentPolicy } from '../booking/agent-policy.js';

type Money = { amount: string; currency: string };
type Room = { name: string; adults: number; childrenAges: number[] };

/** The engine's search page (as `present` answers it) in the shape a storefront may show. */
export interface EnginePage {
  cacheId: string;
  expires: string;
  itemsFound: number;
  page: number;
  limit: number;
  totalPages: number;
  items: Array<{
    code: string;
    name: string;
    category?: string | null;
    stars?: number | null;
    zone?: string | null;
    images?: string[];
    address?: string;
    description?: string;
    minPrice: Money;
    options: Array<{
      optionId: string;
      rooms: Room[];
      board: { code: string; label: string };
      availability: string;
      refundable: boolean;
      cancellation: HotelCancellationPolicy;
      price: Money;
    }>;
  }>;
}

/**
 * Until when cancelling costs nothing: the earliest penalty's start, for a refundable option whose
 * rules say when (null otherwise).
 */
export function freeCancellationUntil(policy: HotelCancellationPolicy): string | null {
  if (!policy.refundable || !policy.rules.length) return null;
  return policy.rules.map((r) => r.from).reduce((min, from) => (from < min ? from : min));
}

/**
 * Picks, field by field, what a traveller may see: the price only (no breakdown, cost, markups,
 * commission, supplier or account), so nothing the agency keeps can leak through a new engine field.
 */
export function storefrontPage(p: EnginePage): StorefrontHotelPage {
  return {
    cacheId: p.cacheId,
    expires: p.expires,
    itemsFound: p.itemsFound,
    page: p.page,
    limit: p.limit,
    totalPages: p.totalPages,
    items: p.items.map((h) => ({
      code: h.code,
      name: h.name,
      category: h.category ?? null,
      stars: h.stars ?? null,
      zone: h.zone ?? null,
      ...(h.images ? { images: h.images } : {}),
      ...(h.address ? { address: h.address } : {}),
      ...(h.description ? { description: h.description } : {}),
      minPrice: money(h.minPrice),
      options: h.options.map((o) => ({
        optionId: o.optionId,
        rooms: rooms(o.rooms),
        board: { code: o.board.code, label: o.board.label },
        availability: o.availability,
        refundable: o.refundable,
        cancellation: o.cancellation,
        freeCancellationUntil: freeCancellationUntil(o.cancellation),
        price: money(o.price),
      })),
    })),
  };
}

/**
 * A supplier's cancellation policy in the traveller's price (penalties as the same share of the price as of the
 * supplier's cost: decision 0400's `agentPolicy`), so no penalty shows the agency's cost. Own inventory's
 * policies are already in the selling terms.
 */
export function travellerPolicy(supplier: string, policy: HotelCancellationPolicy, cost: Money, price: Money): HotelCancellationPolicy {
  const p = supplier === 'travesia' ? policy : agentPolicy(policy, cost, price);
  return { refundable: p.refundable, rules: p.rules.map((r) => ({ ...r })), ...(p.text ? { text: p.text } : {}) };
}

/** An amount with the decimals a price keeps in `currency` (COP 0, others 2: contracts' `priceDecimals`). */
export const amountIn = (amount: Decimal.Value, currency: string): string =>
  new Decimal(amount).toDecimalPlaces(priceDecimals(currency), Decimal.ROUND_HALF_UP).toFixed(priceDecimals(currency));

/** A price as a traveller reads it: amount and currency only, with the currency's decimals. */
export const money = (m: Money): Money => ({ amount: amountIn(m.amount, m.currency), currency: m.currency });
export const rooms = (list: Room[]): Room[] => list.map((r) => ({ name: r.name, adults: r.adults, childrenAges: [...r.childrenAges] }));
