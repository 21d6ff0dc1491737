import { z } from 'zod';

/** A supplier's normalised cancellation rule as the hotel search and quote answer it. */
export const hotelCancellationRuleSchema = z.object({
  /** ISO date-time with offset from which the penalty applies. */
  from: z.string(),
  /** Until when (exclusive), when the supplier says so. */
  to: z.string().optional(),
  amount: z.string().optional(),
  percent: z.string().optional(),
  nights: z.number().optional(),
  currency: z.string(),
  /** Juniper rule type: date range (V), no-show (S) or days after confirmation (R). */
  kind: z.enum(['date-range', 'no-show', 'after-confirmation']).optional(),
});
export type HotelCancellationRule = z.infer<typeof hotelCancellationRuleSchema>;

export const hotelCancellationPolicySchema = z.object({
  refundable: z.boolean(),
  rules: z.array(hotelCancellationRuleSchema),
  /** The supplier's own free text (Restel `concepto`, Juniper `Description`), shown verbatim as a remark. */
  text: z.string().optional(),
});
export type HotelCancellationPolicy = z.infer<typeof hotelCancellationPolicySchema>;

// What a policy says at a given time is contracts' `cancellationTerms` (cancellation-terms.ts, decisions 0207/0380).
