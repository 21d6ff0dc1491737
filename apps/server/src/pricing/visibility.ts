import type { PriceBreakdown, UserType } from '@travesia/contracts';
import { Dec } from './money.js';

/**
 * What of a breakdown each viewer may see (docs/decisions/0073-price-visibility.md):
 * - super: everything (supplier cost, rate, platform markup);
 * - agency admin: from the agency's own cost on (what it pays the platform), its markups and commission;
 * - everyone else (advisers, resellers, product loaders): the price, the net price and their commission.
 */
export function breakdownFor(viewer: UserType, b: PriceBreakdown): PriceBreakdown {
  if (viewer === 'super') return b;
  const hidden = { cost: null, costCurrency: null, rate: null, convertedCost: null };
  if (viewer === 'agency') {
    const belowCost = b.agencyCost !== null && new Dec(b.price).lt(b.agencyCost);
    return { ...b, ...hidden, steps: b.steps.filter((s) => s.scope !== 'platform'), belowCost };
  }
  return {
    ...b,
    ...hidden,
    agencyCost: null,
    steps: b.steps.filter((s) => s.scope === 'commission'),
    belowCost: false,
  };
}
