import { z } from 'zod';
import { providerLabels } from './booking/providers.js';
import { amountString, COMMISSION_MODES, currencySchema, decimalString, moneySchema, priceBreakdownSchema, wireDate } from './pricing.js';
import { idSchema } from './schemas/common.js';
import { partialUpdateOf } from './schemas/partial-update.js';
import { PRODUCT_KINDS, SUPPLIERS } from './suppliers.js';
import { COMMISSION_TYPES } from './user-types.js';

/**
 * Markup rules (spec §3 "fields of markup: not shown"; docs/decisions/0071-markup-rules.md): who owns
 * the rule (the platform or one agency), what it matches (product kind, supplier, destination, travel
 * and booking dates), what it adds (a percentage, or a fixed amount per booking/night/pax) and its
 * priority. Within one owner level the highest-priority matching rule applies; the platform level
 * comes before the agency level.
 */

/** External suppliers plus our own inventory. */
export const MARKUP_SUPPLIERS = [...SUPPLIERS, 'travesia'] as const;
export type MarkupSupplier = (typeof MARKUP_SUPPLIERS)[number];
/** From the provider catalogue (booking/providers.ts). */
export const MARKUP_SUPPLIER_LABELS: Record<MarkupSupplier, string> = providerLabels(MARKUP_SUPPLIERS);

export const MARKUP_KINDS = ['percentage', 'fixed'] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];
export const MARKUP_KIND_LABELS: Record<MarkupKind, string> = { percentage: 'Porcentaje', fixed: 'Valor fijo' };

/** What a fixed amount is multiplied by. */
export const MARKUP_BASES = ['booking', 'night', 'pax', 'pax-night'] as const;
export type MarkupBasis = (typeof MARKUP_BASES)[number];
export const MARKUP_BASIS_LABELS: Record<MarkupBasis, string> = {
  booking: 'Por reserva',
  night: 'Por noche',
  pax: 'Por pasajero',
  'pax-night': 'Por pasajero y noche',
};

export const MARKUP_SCOPES = ['platform', 'agency'] as const;
export type MarkupScope = (typeof MARKUP_SCOPES)[number];
export const MARKUP_SCOPE_LABELS: Record<MarkupScope, string> = { platform: 'Plataforma', agency: 'Agencia' };

export const MARKUP_PRIORITY_MAX = 1000;

export const MARKUP_MESSAGES = {
  'markup.notFound': 'Markup no encontrado',
  'markup.name.required': 'El nombre es obligatorio',
  'markup.priority.invalid': `La prioridad debe ser un número entero entre 0 y ${MARKUP_PRIORITY_MAX}`,
  'markup.kind.invalid': 'Tipo de markup no válido',
  'markup.basis.invalid': 'Base de cálculo no válida',
  'markup.productKind.invalid': 'Tipo de producto no válido',
  'markup.supplier.invalid': 'Proveedor no válido',
  'markup.destination.invalid': 'Destino no válido',
  'markup.percent.range': 'El porcentaje debe estar entre 0 y 100',
  'markup.percent.rangeBelowCost': 'El porcentaje debe ser mayor que -100 y como máximo 100',
  'markup.value.negative': 'El valor no puede ser negativo salvo que se permita vender bajo el costo',
  'markup.currency.required': 'La moneda es obligatoria para un valor fijo',
  'markup.travelDates.order': 'La fecha final de viaje debe ser igual o posterior a la inicial',
  'markup.bookingDates.order': 'La fecha final de reserva debe ser igual o posterior a la inicial',
  'markup.agency.notFound': 'Agencia no encontrada',
  'markup.deleted': 'Markup eliminado',
  'markup.saved': 'Markup guardado',
  'preview.paxes.invalid': 'Los pasajeros deben ser un número entero entre 1 y 99',
  'preview.nights.invalid': 'Las noches deben ser un número entero entre 0 y 365',
} as const;
export type MarkupMessageKey = keyof typeof MARKUP_MESSAGES;

const nullableDate = wireDate.nullable().default(null);

/** The editable fields of a rule, before cross-field checks. */
export const markupRuleFields = z.object({
  name: z
    .string({ error: MARKUP_MESSAGES['markup.name.required'] })
    .trim()
    .min(1, { error: MARKUP_MESSAGES['markup.name.required'] })
    .max(120, { error: 'Máximo 120 caracteres' }),
  active: z.boolean({ error: 'Debe ser verdadero o falso' }).default(true),
  priority: z
    .number({ error: MARKUP_MESSAGES['markup.priority.invalid'] })
    .int({ error: MARKUP_MESSAGES['markup.priority.invalid'] })
    .min(0, { error: MARKUP_MESSAGES['markup.priority.invalid'] })
    .max(MARKUP_PRIORITY_MAX, { error: MARKUP_MESSAGES['markup.priority.invalid'] })
    .default(0),
  productKind: z.enum(PRODUCT_KINDS, { error: MARKUP_MESSAGES['markup.productKind.invalid'] }).nullable().default(null),
  supplier: z.enum(MARKUP_SUPPLIERS, { error: MARKUP_MESSAGES['markup.supplier.invalid'] }).nullable().default(null),
  /** A place id; the rule matches offers in that place or any place under it. */
  destinationId: z.uuid({ error: MARKUP_MESSAGES['markup.destination.invalid'] }).nullable().default(null),
  /** The place's name when the rule was saved, for lists (places are another module's). */
  destinationName: z.string().trim().max(200, { error: 'Máximo 200 caracteres' }).nullable().default(null),
  travelFrom: nullableDate,
  travelTo: nullableDate,
  bookingFrom: nullableDate,
  bookingTo: nullableDate,
  kind: z.enum(MARKUP_KINDS, { error: MARKUP_MESSAGES['markup.kind.invalid'] }),
  value: decimalString(),
  currency: currencySchema.nullable().default(null),
  basis: z.enum(MARKUP_BASES, { error: MARKUP_MESSAGES['markup.basis.invalid'] }).default('booking'),
  allowBelowCost: z.boolean({ error: 'Debe ser verdadero o falso' }).default(false),
  /** Super only: the agency that owns the rule, or null for a platform rule. Ignored for agency admins. */
  agencyId: idSchema.nullable().optional(),
});
export type MarkupRuleFields = z.output<typeof markupRuleFields>;

type CheckedFields = Pick<
  MarkupRuleFields,
  'kind' | 'value' | 'currency' | 'allowBelowCost' | 'travelFrom' | 'travelTo' | 'bookingFrom' | 'bookingTo'
>;

/** Cross-field problems of a whole rule, by field; empty when the rule is valid. Used by both the body schema and the service after a partial update. */
export function markupRuleProblems(r: CheckedFields): Record<string, string> {
  const out: Record<string, string> = {};
  const negative = r.value.startsWith('-') && /[1-9]/.test(r.value);
  if (r.kind === 'percentage') {
    const v = Number(r.value);
    if (r.allowBelowCost ? v <= -100 || v > 100 : v < 0 || v > 100)
      out.value = MARKUP_MESSAGES[r.allowBelowCost ? 'markup.percent.rangeBelowCost' : 'markup.percent.range'];
  } else {
    if (negative && !r.allowBelowCost) out.value = MARKUP_MESSAGES['markup.value.negative'];
    if (!r.currency) out.currency = MARKUP_MESSAGES['markup.currency.required'];
  }
  if (r.travelFrom && r.travelTo && r.travelFrom > r.travelTo) out.travelTo = MARKUP_MESSAGES['markup.travelDates.order'];
  if (r.bookingFrom && r.bookingTo && r.bookingFrom > r.bookingTo) out.bookingTo = MARKUP_MESSAGES['markup.bookingDates.order'];
  return out;
}

const withProblems = <T extends z.ZodType<CheckedFields>>(schema: T) =>
  schema.superRefine((r, ctx) => {
    for (const [path, message] of Object.entries(markupRuleProblems(r))) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export const createMarkupBody = withProblems(markupRuleFields);
export type CreateMarkupBody = z.input<typeof createMarkupBody>;

/** A partial update (absent fields keep their value); the service re-checks the merged rule with `markupRuleProblems`. */
export const updateMarkupBody = partialUpdateOf(markupRuleFields) as unknown as z.ZodType<
  Partial<MarkupRuleFields>,
  Partial<z.input<typeof markupRuleFields>>
>;
export type UpdateMarkupBody = z.input<typeof updateMarkupBody>;

export const markupRuleSchema = z.object({
  _id: z.string(),
  scope: z.enum(MARKUP_SCOPES),
  agency: z.object({ _id: z.string(), name: z.string() }).nullable(),
  name: z.string(),
  active: z.boolean(),
  priority: z.number().int(),
  productKind: z.enum(PRODUCT_KINDS).nullable(),
  supplier: z.enum(MARKUP_SUPPLIERS).nullable(),
  destination: z.object({ _id: z.string(), name: z.string().nullable() }).nullable(),
  travelFrom: z.string().nullable(),
  travelTo: z.string().nullable(),
  bookingFrom: z.string().nullable(),
  bookingTo: z.string().nullable(),
  kind: z.enum(MARKUP_KINDS),
  value: z.string(),
  currency: z.string().nullable(),
  basis: z.enum(MARKUP_BASES),
  allowBelowCost: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MarkupRule = z.infer<typeof markupRuleSchema>;

const boolQuery = z.enum(['true', 'false'], { error: 'Debe ser true o false' }).transform((v) => v === 'true');

export const markupListQuery = z.object({
  q: z.string().trim().max(100, { error: 'Máximo 100 caracteres' }).optional(),
  active: boolQuery.optional(),
  productKind: z.enum(PRODUCT_KINDS, { error: MARKUP_MESSAGES['markup.productKind.invalid'] }).optional(),
  supplier: z.enum(MARKUP_SUPPLIERS, { error: MARKUP_MESSAGES['markup.supplier.invalid'] }).optional(),
  /** Super: platform rules (default), one agency's (with agencyId) or all. Agency admins always see their own. */
  scope: z.enum([...MARKUP_SCOPES, 'all'], { error: 'Alcance no válido' }).optional(),
  agencyId: idSchema.optional(),
});
export type MarkupListQuery = z.input<typeof markupListQuery>;

/** Runs the engine on a sample offer, optionally with an unsaved rule from the form. */
export const markupPreviewBody = z.object({
  cost: moneySchema,
  targetCurrency: currencySchema.optional(),
  productKind: z.enum(PRODUCT_KINDS, { error: MARKUP_MESSAGES['markup.productKind.invalid'] }).default('hotel'),
  supplier: z.enum(MARKUP_SUPPLIERS, { error: MARKUP_MESSAGES['markup.supplier.invalid'] }).default('travesia'),
  /** The sample offer's place and its ancestors' ids. */
  destinationAncestors: z
    .array(z.uuid({ error: MARKUP_MESSAGES['markup.destination.invalid'] }))
    .max(20)
    .default([]),
  checkIn: wireDate.optional(),
  nights: z
    .number({ error: MARKUP_MESSAGES['preview.nights.invalid'] })
    .int({ error: MARKUP_MESSAGES['preview.nights.invalid'] })
    .min(0, { error: MARKUP_MESSAGES['preview.nights.invalid'] })
    .max(365, { error: MARKUP_MESSAGES['preview.nights.invalid'] })
    .default(1),
  paxes: z
    .number({ error: MARKUP_MESSAGES['preview.paxes.invalid'] })
    .int({ error: MARKUP_MESSAGES['preview.paxes.invalid'] })
    .min(1, { error: MARKUP_MESSAGES['preview.paxes.invalid'] })
    .max(99, { error: MARKUP_MESSAGES['preview.paxes.invalid'] })
    .default(2),
  bookingDate: wireDate.optional(),
  /** Super: whose agency rules and commission to include. */
  agencyId: idSchema.optional(),
  /** A rule as the form holds it, applied as if saved (replacing `draftId` when editing). */
  draft: createMarkupBody.optional(),
  draftId: idSchema.optional(),
  /** A sample selling-user commission; the agency's setting applies when absent. */
  commission: z.object({ type: z.enum(COMMISSION_TYPES), value: amountString() }).optional(),
});
export type MarkupPreviewBody = z.input<typeof markupPreviewBody>;

export const markupPreviewAnswer = z.object({
  breakdown: priceBreakdownSchema,
  /** Which levels ran: an agency admin's preview starts from the agency's own cost. */
  levels: z.array(z.enum(MARKUP_SCOPES)),
  commissionMode: z.enum(COMMISSION_MODES),
});
export type MarkupPreviewAnswer = z.infer<typeof markupPreviewAnswer>;
