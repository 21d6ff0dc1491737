import type { CreateMarkupBody, MarkupPreviewBody, MarkupSupplier, ProductKind } from '@travesia/contracts';

/** The sample offer of a markup's preview, as the panel's fields hold it (check-in as yyyy-MM-dd). */
export interface PreviewSample {
  amount: string;
  currency: string;
  targetCurrency: string;
  productKind: ProductKind;
  supplier: MarkupSupplier;
  nights: number;
  paxes: number;
  checkIn: string;
}

/**
 * The preview request for a rule being edited: the sample offer follows the rule's own criteria — its product
 * kind, its supplier, its destination — so the preview shows the rule applying to an offer it matches (issue 15:
 * it ignored the provider and destination). What the rule leaves open, the sample's fields decide.
 */
export function previewBody(sample: PreviewSample, draft: CreateMarkupBody | null, draftId?: string): MarkupPreviewBody | null {
  if (!sample.amount) return null;
  return {
    cost: { amount: sample.amount, currency: sample.currency },
    targetCurrency: sample.targetCurrency,
    productKind: draft?.productKind ?? sample.productKind,
    supplier: draft?.supplier ?? sample.supplier,
    nights: sample.nights,
    paxes: sample.paxes,
    checkIn: sample.checkIn,
    destinationAncestors: draft?.destinationId ? [draft.destinationId] : [],
    draft: draft ?? undefined,
    draftId,
  };
}
