import type { MarkupScope, MarkupSupplier, PriceBreakdown, ProductKind } from '@travesia/contracts';
import { AppError, badRequest } from '../../http/errors.js';
import {
  createPricingContext,
  type EngineRule,
  type OfferInput,
  type PricingContext,
  type PricingContextInput,
  PricingError,
  price,
} from '../../pricing/index.js';
import { toEngineRule } from '../markup/presenter.js';
import type { PricingRepository } from './repository.js';

export interface PricingScope {
  /** The agency whose rules and commission apply; null prices with platform rules only. */
  agencyId: string | null;
  /** The selling user, for their own commission; null uses the agency's default. */
  userId: string | null;
  /** The instant whose exchange rates apply; now when absent. */
  at?: Date;
  /** Levels to run; platform then agency when absent. */
  levels?: readonly MarkupScope[];
}

export interface PriceOfferInput {
  agencyId: string | null;
  userId: string | null;
  kind: ProductKind;
  supplier: MarkupSupplier;
  destinationAncestors: readonly string[];
  checkIn: string;
  checkOut?: string;
  nights: number;
  paxes: number;
  cost: { amount: string; currency: string };
  bookingDate: string;
  targetCurrency?: string;
  at?: Date;
}

/** Turns an engine failure into the house's error: a Spanish 4xx the caller can show. */
export function pricingFailure(err: unknown): never {
  if (err instanceof PricingError) {
    if (err.code === 'RATE_MISSING')
      throw new AppError(422, 'EXCHANGE_RATE_MISSING', err.message, err.currency ? { currency: err.message } : undefined);
    if (err.code === 'INVALID_COST') throw badRequest('El costo debe ser un número mayor o igual a cero', undefined, 'INVALID_COST');
  }
  throw err;
}

/**
 * The booking and search flows' entry to pricing (README in src/pricing). A search loads one
 * `PricingContext` (one database round trip) and prices each offer with `price(ctx, offer)`, pure and
 * fast; a single booking can call `priceOffer`, which does both.
 */
export class PricingService {
  constructor(private readonly repo: PricingRepository) {}

  /** The engine's input for a scope: rules, rates, commission and rounding, loaded in one query. */
  async loadContextInput(scope: PricingScope): Promise<PricingContextInput> {
    const snap = await this.repo.snapshot(scope.agencyId, scope.userId, scope.at ?? new Date());
    const settings = snap.settings;
    const currency = settings?.currency ?? 'USD';
    return {
      rules: snap.rules.map((r) => toEngineRule(r)),
      unitsPerUsd: snap.unitsPerUsd,
      agencyId: scope.agencyId,
      levels: scope.levels ?? (scope.agencyId ? ['platform', 'agency'] : ['platform']),
      commission: scope.agencyId
        ? {
            mode: settings?.mode ?? 'on-top',
            user: snap.user ? { type: snap.user.type, value: snap.user.value, currency } : null,
            agency: settings ? { type: settings.type, value: settings.value, currency } : null,
          }
        : null,
      roundUp: settings?.roundUp ?? false,
    };
  }

  async loadContext(scope: PricingScope): Promise<PricingContext> {
    return this.context(await this.loadContextInput(scope));
  }

  /** Builds a context from a loaded input, e.g. after adding an unsaved rule for a preview. */
  context(input: PricingContextInput, extraRules: EngineRule[] = [], withoutRuleId?: string): PricingContext {
    const rules = extraRules.length || withoutRuleId ? [...input.rules.filter((r) => r.id !== withoutRuleId), ...extraRules] : input.rules;
    try {
      return createPricingContext({ ...input, rules });
    } catch (err) {
      return pricingFailure(err);
    }
  }

  /** Prices one offer with a loaded context; engine failures become Spanish 4xx errors. */
  price(ctx: PricingContext, offer: OfferInput): PriceBreakdown {
    try {
      return price(ctx, offer);
    } catch (err) {
      return pricingFailure(err);
    }
  }

  /** Loads the context and prices one offer: for a single booking or quote. */
  async priceOffer(input: PriceOfferInput): Promise<PriceBreakdown> {
    const ctx = await this.loadContext({ agencyId: input.agencyId, userId: input.userId, at: input.at });
    return this.price(ctx, {
      kind: input.kind,
      supplier: input.supplier,
      destinationAncestors: input.destinationAncestors,
      checkIn: input.checkIn,
      nights: input.nights,
      paxes: input.paxes,
      bookingDate: input.bookingDate,
      cost: input.cost,
      targetCurrency: input.targetCurrency,
    });
  }
}
