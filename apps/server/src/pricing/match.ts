import type { EngineRule, OfferInput } from './types.js';

/** True when every criterion the rule sets holds for the offer (an unset criterion matches anything). */
export function ruleMatches(r: EngineRule, o: OfferInput): boolean {
  if (r.productKind !== null && r.productKind !== o.kind) return false;
  if (r.supplier !== null && r.supplier !== o.supplier) return false;
  if (r.destinationId !== null && !o.destinationAncestors.includes(r.destinationId)) return false;
  // yyyy-MM-dd strings compare in calendar order.
  if (r.travelFrom !== null && o.checkIn < r.travelFrom) return false;
  if (r.travelTo !== null && o.checkIn > r.travelTo) return false;
  if (r.bookingFrom !== null && o.bookingDate < r.bookingFrom) return false;
  if (r.bookingTo !== null && o.bookingDate > r.bookingTo) return false;
  return true;
}

/** How many criteria a rule sets: breaks priority ties in favour of the more specific rule. */
export function specificity(r: EngineRule): number {
  return (
    Number(r.productKind !== null) +
    Number(r.supplier !== null) +
    Number(r.destinationId !== null) +
    Number(r.travelFrom !== null || r.travelTo !== null) +
    Number(r.bookingFrom !== null || r.bookingTo !== null)
  );
}

/** Evaluation order within a level: priority, then specificity (both descending), then id, so the order is total and deterministic. */
export function compareRules(a: EngineRule, b: EngineRule): number {
  return b.priority - a.priority || specificity(b) - specificity(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
