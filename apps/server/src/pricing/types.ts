import type {
  CommissionMode,
  CommissionType,
  MarkupBasis,
  MarkupKind,
  MarkupScope,
  MarkupSupplier,
  ProductKind,
} from '@travesia/contracts';

/** A markup rule as the engine sees it (the repository maps rows to this). */
export interface EngineRule {
  id: string;
  scope: MarkupScope;
  /** Null for platform rules. */
  agencyId: string | null;
  active: boolean;
  /** Higher wins within its level. */
  priority: number;
  productKind: ProductKind | null;
  supplier: MarkupSupplier | null;
  /** Matches an offer whose `destinationAncestors` contain it. */
  destinationId: string | null;
  travelFrom: string | null;
  travelTo: string | null;
  bookingFrom: string | null;
  bookingTo: string | null;
  kind: MarkupKind;
  /** A percentage, or an amount in `currency`, as a decimal string. */
  value: string;
  currency: string | null;
  basis: MarkupBasis;
  allowBelowCost: boolean;
}

/** One offer to price. Dates are `yyyy-MM-dd`. */
export interface OfferInput {
  kind: ProductKind;
  supplier: MarkupSupplier;
  /**
   * The offer's place id followed by its ancestors' ids (city, state, country...). The caller
   * supplies it (the places module knows the tree) so that matching stays pure.
   */
  destinationAncestors: readonly string[];
  checkIn: string;
  nights: number;
  paxes: number;
  bookingDate: string;
  cost: { amount: string; currency: string };
  /** The currency the price is shown in; the cost's currency when absent. */
  targetCurrency?: string;
}

export interface CommissionInput {
  type: CommissionType;
  value: string;
  /** The currency of a fixed commission. */
  currency: string;
}

export interface PricingContextInput {
  /** Platform rules and the agency's rules; inactive ones and other agencies' are ignored. */
  rules: readonly EngineRule[];
  /** Units of each currency per US dollar at the pricing instant; USD is implied as 1. */
  unitsPerUsd: Readonly<Record<string, string>>;
  /** Whose agency rules apply; null prices with platform rules only. */
  agencyId: string | null;
  /** Levels to run, in this order; default platform then agency. */
  levels?: readonly MarkupScope[];
  commission?: { mode: CommissionMode; user: CommissionInput | null; agency: CommissionInput | null } | null;
  /** Round every amount up (ceiling) instead of half-up. */
  roundUp?: boolean;
  /**
   * The currency every offer is priced in when the offer names none (a storefront's display currency,
   * decision 0560); the cost's own currency when absent.
   */
  targetCurrency?: string;
}
