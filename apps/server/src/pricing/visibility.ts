import {
  type AgencyBreakdown,
  agencyBreakdownSchema,
  type PriceBreakdown,
  type PriceView,
  priceViewOf,
  type StaffBreakdown,
  staffBreakdownSchema,
  type UserType,
  VISIBLE_STEP_SCOPES,
} from '@travesia/contracts';
import { Dec } from './money.js';

/**
 * What of a breakdown each viewer may see (docs/decisions/0073-price-visibility.md, 0140): the one
 * rule, `priceViewOf` in contracts, decides the view; this trims a breakdown to it.
 * - super (`full`): everything (supplier cost, rate, platform markup);
 * - agency admin (`agency`): from the agency's own cost on (what it pays the platform), its markups and commission;
 * - everyone else (`staff`: advisers, resellers, product loaders): the price, the net price and their commission.
 */
export function breakdownFor(viewer: UserType, b: PriceBreakdown): PriceBreakdown {
  return trimBreakdown(priceViewOf(viewer), b);
}

/** `breakdownFor` by view, keeping the full shape (hidden fields as null) for the search and quote answers. */
export function trimBreakdown(view: PriceView, b: PriceBreakdown): PriceBreakdown {
  if (view === 'full') return b;
  const hidden = { cost: null, costCurrency: null, rate: null, convertedCost: null };
  const steps = b.steps.filter((s) => VISIBLE_STEP_SCOPES[view].includes(s.scope));
  if (view === 'agency') {
    const belowCost = b.agencyCost !== null && new Dec(b.price).lt(b.agencyCost);
    return { ...b, ...hidden, steps, belowCost };
  }
  return { ...b, ...hidden, agencyCost: null, steps, belowCost: false };
}

/**
 * The breakdown in the schema of a view, where hidden fields do not exist at all (voucher answers,
 * exports, PDFs). Parsing with the view's schema strips anything the view does not declare.
 */
export function breakdownView(view: 'agency', b: PriceBreakdown): AgencyBreakdown;
export function breakdownView(view: 'staff', b: PriceBreakdown): StaffBreakdown;
export function breakdownView(view: PriceView, b: PriceBreakdown): PriceBreakdown | AgencyBreakdown | StaffBreakdown;
export function breakdownView(view: PriceView, b: PriceBreakdown): PriceBreakdown | AgencyBreakdown | StaffBreakdown {
  const trimmed = trimBreakdown(view, b);
  if (view === 'agency') return agencyBreakdownSchema.parse(trimmed);
  if (view === 'staff') return staffBreakdownSchema.parse(trimmed);
  return trimmed;
}
