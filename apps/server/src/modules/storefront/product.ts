import type { HotelCancellationPolicy as CancellationPolicy, PriceBreakdown } from '@travesia/contracts';
import type {
  AgencyRow,
  StorefrontOrderExchange,
  StorefrontOrderOption,
  StorefrontOrderRow,
  VoucherRow,
  WhiteLabelRow,
} from '../../db/schema/index.js';
import type { PricingContext } from '../../pricing/index.js';
import type { SalesContext } from '../booking/sales-context.js';
import type { NewStorefrontOrder } from './repository.js';

/** An active white label as a seller: its row, its agency and its sales context (channel storefront). */
export interface Storefront {
  whiteLabel: WhiteLabelRow;
  agency: AgencyRow;
  sale: SalesContext;
}

/** The storefront's billing block as kept on the order (contracts `storefrontBillingSchema`). */
export interface Billing {
  name: string;
  surname: string;
  email: string;
  phone: string;
  document: { type: string; number: string };
}

/** The payment as the voucher's `payments.storefront[]` lists it. */
export interface StorefrontPayment {
  gateway: string;
  reference: string;
  amount: string;
  currency: string;
  status: string;
}

/**
 * What a product's checkout hands the order path: the order to insert, until when its quote holds, and the
 * quote's breakdown of each priced part (the order keeps their cost and rate, decision 0560).
 */
export interface OrderDraft {
  order: Pick<NewStorefrontOrder, 'kind' | 'option' | 'summary' | 'amount' | 'currency' | 'travellers' | 'details'>;
  quoteExpiresAt: string;
  priced: PriceBreakdown[];
}

/** A paid order's option quoted again at the held price: its new quote(s) and their breakdowns. */
export interface Requoted {
  option: StorefrontOrderOption;
  priced: PriceBreakdown[];
}

/**
 * What each product kind (hotel, ticket, transfer) does for a paid order (decision 0530): the order path
 * (hold → payment → signed webhook → reserve → refund when it can't book) is the service's, the same for all.
 */
export interface OrderProduct {
  /**
   * Paid after the hold: the order's option quoted again at storefront prices — the option with its new
   * quote(s) when the price and availability are the held ones, else why it can't be booked (refunded).
   */
  requote(s: Storefront, order: StorefrontOrderRow, pricing: PricingContext): Promise<Requoted | { refused: string }>;
  /** The engine's idempotent reserve of a paid order (key `sf-<order id>`, integrator `storefront:<slug>`). */
  reserve(s: Storefront, order: StorefrontOrderRow, payment: StorefrontPayment): Promise<{ voucher: VoucherRow }>;
}

/** The conversion an order keeps (decision 0560): each priced part's supplier cost and rate, and when it was priced. */
export function exchangeOf(priced: PriceBreakdown[], at: Date): StorefrontOrderExchange {
  // The engine's breakdown always has them (only a trimmed view hides them).
  const parts = priced.flatMap((b) =>
    b.cost && b.costCurrency && b.rate ? [{ cost: b.cost, costCurrency: b.costCurrency, rate: b.rate }] : [],
  );
  return { at: at.toISOString(), parts };
}

export const reserveKeyOf = (order: Pick<StorefrontOrderRow, 'id'>) => `sf-${order.id}`;
export const integratorOf = (s: Storefront) => `storefront:${s.whiteLabel.slug}`;

/** The reserve body's holder from the billing (and, for suppliers that ask for it, a postal address). */
export function clientOf(
  billing: Billing,
  address?: { address?: string; city?: string; postalCode?: string; countryCode?: string },
): {
  name: string;
  surname: string;
  email: string;
  phones: string[];
  document: string;
  documentType: string;
  address?: string;
  city?: string;
  postalCode?: string;
  countryCode?: string;
} {
  return {
    name: billing.name,
    surname: billing.surname,
    email: billing.email,
    phones: [billing.phone],
    document: billing.document.number,
    documentType: billing.document.type,
    ...(address?.address ? { address: address.address } : {}),
    ...(address?.city ? { city: address.city } : {}),
    ...(address?.postalCode ? { postalCode: address.postalCode } : {}),
    ...(address?.countryCode ? { countryCode: address.countryCode.toUpperCase() } : {}),
  };
}

/** Two policies of one booking (a round trip's legs) as one: refundable when both are, every rule. */
export function joinPolicies(policies: CancellationPolicy[]): CancellationPolicy {
  return { refundable: policies.every((p) => p.refundable), rules: policies.flatMap((p) => p.rules) };
}
