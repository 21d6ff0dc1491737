// The pricing engine: pure functions, no I/O (README.md beside this file).
export { createPricingContext, type PricingContext, price, winningRule } from './engine.js';
export { PricingError } from './errors.js';
export { compareRules, ruleMatches, specificity } from './match.js';
export { Dec, moneyString, plain, type RoundingMode, roundFor } from './money.js';
export { convert, type RateTable, rateBetween, rateTable } from './rates.js';
export type { CommissionInput, EngineRule, OfferInput, PricingContextInput } from './types.js';
export { breakdownFor, breakdownView, trimBreakdown } from './visibility.js';
