import type { UserType } from './user-types.js';

/**
 * The one price visibility rule (docs/decisions/0073-price-visibility.md, 0140): which part of a
 * price each user type may see. Every answer that carries money (search, quote, vouchers, exports,
 * PDFs, mails) picks its shape from this view, never from the user type directly.
 * - `full` (super): the supplier's cost, the rate, the platform's and the agency's markups;
 * - `agency` (agency admin): from the agency's own cost on (what it pays the platform), its own
 *   markups and the commission; never the supplier's cost, the rate or the platform's margin;
 * - `staff` (adviser, reseller, product loader): the price, the net price and the commission.
 */
export const PRICE_VIEWS = ['full', 'agency', 'staff'] as const;
export type PriceView = (typeof PRICE_VIEWS)[number];

const VIEW_OF: Record<UserType, PriceView> = {
  super: 'full',
  agency: 'agency',
  adviser: 'staff',
  reseller: 'staff',
  'product-loader': 'staff',
};

export function priceViewOf(type: UserType): PriceView {
  return VIEW_OF[type] ?? 'staff';
}

/** Which pricing step scopes a view may see (the platform's margin is the operator's secret). */
export const VISIBLE_STEP_SCOPES: Record<PriceView, ReadonlyArray<'platform' | 'agency' | 'commission'>> = {
  full: ['platform', 'agency', 'commission'],
  agency: ['agency', 'commission'],
  staff: ['commission'],
};
