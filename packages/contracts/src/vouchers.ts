import { z } from 'zod';
import { providerLabels } from './booking/providers.js';
import { agencyBreakdownSchema, priceBreakdownSchema, staffBreakdownSchema } from './pricing.js';
import { calendarDate } from './schemas/calendar-date.js';
import { idSchema, pageQuery, paginated } from './schemas/common.js';
import { PRODUCT_KINDS } from './suppliers.js';
import { storefrontPaymentSchema, voucherChannelFilter, voucherChannelSchema } from './voucher-channel.js';
import { voucherSectionSchema } from './voucher-sections.js';
import { VOUCHER_STATUSES } from './voucher-status.js';

/** Spanish texts of the vouchers and dashboard screens and answers. */
export const VOUCHER_MESSAGES = {
  notFound: 'Reserva no encontrada',
  linkNotFound: 'El enlace no es válido',
  linkExpired: 'El enlace expiró. Pide a tu agencia uno nuevo.',
  alreadyDecided: 'Esta reserva ya tiene una decisión registrada',
  notAwaitingApproval: 'Esta reserva no está esperando aprobación',
  cancelledCannotApprove: 'No se puede aprobar una reserva cancelada',
  alreadyCancelled: 'La reserva ya está cancelada',
  cannotCancelStatus: 'Esta reserva no se puede cancelar en su estado actual',
  supplierCancellationUnavailable: 'La cancelación con el proveedor no está disponible en este momento. Inténtalo más tarde.',
  /** Parallel cancels: one calls the supplier, the others are told it is under way (issue 12 finding 10). */
  cancellationInProgress: 'La cancelación de esta reserva ya está en curso con el proveedor. Espera unos segundos y recarga.',
  /** A quote or option is booked once; another user's booking is not named. */
  quoteAlreadyBooked: 'Esta cotización ya se reservó. Para otra reserva, busca y cotiza de nuevo.',
  quoteAlreadyBookedAs: (reference: string) =>
    `Esta cotización ya se reservó en la reserva ${reference}. Ábrela en lugar de reservar de nuevo; para otra reserva, busca y cotiza de nuevo.`,
  /** An idempotency key already used by another user of the agency. */
  idempotencyKeyOtherUser: 'Esta clave de idempotencia ya se usó para otra reserva',
  versionConflict: 'La reserva cambió mientras la editabas. Recarga e inténtalo de nuevo.',
  approved: 'Reserva aprobada',
  rejected: 'Reserva rechazada',
  cancelled: 'Reserva cancelada',
  filterTooLong: 'El texto de búsqueda admite máximo 100 caracteres',
  dateRange: 'La fecha inicial debe ser anterior o igual a la final',
  invalidDate: 'Fecha no válida (yyyy-MM-dd)',
  invalidMonth: 'El mes debe estar entre 1 y 12',
  invalidYear: 'El año no es válido',
  invalidLink: 'El enlace no es válido',
  approvedRequired: 'Indica si apruebas la reserva',
  exportTooLarge: 'La exportación admite máximo 50.000 reservas. Aplica más filtros.',
  cancelReasonTooLong: 'El motivo de la cancelación admite máximo 500 caracteres',
} as const;

/** Longest cancellation reason an agent may type (kept on the voucher and in its history). */
export const CANCEL_REASON_MAX = 500;

export const VOUCHER_TYPES = PRODUCT_KINDS;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

/** Providers a voucher can come from: the external suppliers or the operator's own inventory. */
export const VOUCHER_PROVIDERS = ['travesia', 'hotelbeds', 'juniper', 'restel', 'santsg'] as const;
/** From the provider catalogue (booking/providers.ts): the short names. */
export const VOUCHER_PROVIDER_LABELS: Record<string, string> = providerLabels(VOUCHER_PROVIDERS, true);

/** Decimal amounts travel as strings ('1234.50'), never as floats. */
export const voucherDecimal = z
  .string({ error: 'El valor debe ser un número' })
  .regex(/^-?\d{1,12}(\.\d{1,6})?$/, { error: 'El valor debe ser un número decimal' });
export const currencyCode = z
  .string({ error: 'Moneda no válida' })
  .regex(/^[A-Z]{3}$/, { error: 'Moneda no válida (código ISO de 3 letras)' });
export const isoDate = calendarDate(VOUCHER_MESSAGES.invalidDate);

export const voucherMoneySchema = z.object({ amount: voucherDecimal, currency: currencyCode });
export type VoucherMoney = z.infer<typeof voucherMoneySchema>;

/** One normalised cancellation rule (DESIGN.md): from `from` on, cancelling costs amount | percent | nights. */
export const policyRuleSchema = z.object({
  from: z.string(),
  amount: voucherDecimal.optional(),
  percent: voucherDecimal.optional(),
  nights: z.number().int().min(0).optional(),
  currency: currencyCode,
});
export type PolicyRule = z.infer<typeof policyRuleSchema>;

/** Spec §3 penalty data. */
export const penaltySchema = z.object({
  penalty: voucherDecimal,
  penaltyCurrency: currencyCode,
  penaltyType: z.enum(['$', '%', 'nights']),
  penaltyValue: voucherDecimal,
  penaltyCaused: z.object({ type: z.enum(['cancellation', 'no-show']), time: z.number().int(), timeType: z.literal('hours') }),
  /** The same penalty in the voucher's price currency. */
  amount: voucherDecimal.optional(),
  currency: currencyCode.optional(),
});
export type Penalty = z.infer<typeof penaltySchema>;

/** Spec §3 Holder/client. */
export const holderSchema = z
  .object({
    name: z.string().max(200),
    surname: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    address: z.string().max(300).optional(),
    document: z.string().max(60).optional(),
    documentType: z.string().max(30).optional(),
    age: z.number().int().min(0).max(130).optional(),
    country: z.string().max(100).optional(),
    city: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    nationality: z.string().max(100).optional(),
    phones: z.array(z.string().max(40)).max(5).optional(),
    nationalityCode: z.string().max(3).optional(),
    /** ISO 3166-1 alpha-2 of `country`, for suppliers that require the holder's address (Juniper). */
    countryCode: z.string().max(3).optional(),
    birthDate: z.string().max(10).optional(),
    gender: z.string().max(10).optional(),
    passportInfo: z
      .object({
        serial: z.string().max(40).optional(),
        number: z.string().max(40).optional(),
        expireDate: z.string().max(10).optional(),
        issueDate: z.string().max(10).optional(),
        citizenshipCountryCode: z.string().max(3).optional(),
      })
      .optional(),
  })
  .loose();
export type Holder = z.infer<typeof holderSchema>;

export const companionSchema = z
  .object({ name: z.string().max(200), surname: z.string().max(200).optional(), age: z.number().int().min(0).max(130).optional() })
  .loose();

export const paymentSchema = z.object({
  amount: voucherDecimal,
  currency: currencyCode,
  method: z.string().max(50).optional(),
  paidAt: z.string().optional(),
  reference: z.string().max(100).optional(),
});
/** What the client paid, and what remains payable at the hotel (taxes, resort fees…). */
export const paymentsSchema = z
  .object({
    client: paymentSchema.optional(),
    payableAtHotel: voucherMoneySchema.optional(),
    /** What a storefront's traveller paid through the white label's gateway (issue 20, decision 0390). */
    storefront: z.array(storefrontPaymentSchema).optional(),
  })
  .loose();
export type Payments = z.infer<typeof paymentsSchema>;

export const markupAppliedSchema = z.object({
  name: z.string().max(200),
  type: z.enum(['percentage', 'fixed']),
  value: voucherDecimal,
  amount: voucherDecimal,
  currency: currencyCode,
});

export const roomSchema = z.object({
  name: z.string().max(200),
  board: z.string().max(100).optional(),
  adults: z.number().int().min(0).max(20).optional(),
  children: z.number().int().min(0).max(20).optional(),
  childrenAges: z.array(z.number().int().min(0).max(17)).max(20).optional(),
});

/** A summary of what was booked, enough for the list, the detail page and the printable voucher. */
export const productSummarySchema = z
  .object({
    name: z.string().max(300),
    destination: z.string().max(200).optional(),
    address: z.string().max(300).optional(),
    phone: z.string().max(60).optional(),
    category: z.string().max(50).optional(),
    board: z.string().max(100).optional(),
    rooms: z.array(roomSchema).max(20).optional(),
    description: z.string().max(2000).optional(),
  })
  .loose();

export const voucherTypeSchema = z.enum(VOUCHER_TYPES, { error: 'Tipo de producto no válido' });
export const voucherStatusSchema = z.enum(VOUCHER_STATUSES, { error: 'Estado no válido' });
export const approvalStatusSchema = z.enum(['pending', 'approved', 'rejected']);

export const approvalDecisionSchema = z.object({
  approved: z.boolean(),
  channel: z.enum(['internal', 'external']),
  at: z.string(),
  by: z.object({ userId: z.string().nullable(), name: z.string() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** What every view of a voucher holds: no cost, no margin (price-visibility.ts, decision 0140). */
const voucherCoreShape = {
  _id: z.string(),
  externalBookingReference: z.string(),
  reservation: z.object({ locator: z.string().nullable() }),
  locator: z.string().nullable(),
  shortLocator: z.string().nullable(),
  supplierReferences: z.array(z.string()),
  type: voucherTypeSchema,
  integrator: z.string(),
  /** Back office or the white label's storefront, with the shop's name (decision 0390). */
  channel: voucherChannelSchema,
  provider: z.string(),
  providerAccountId: z.string().nullable(),
  status: voucherStatusSchema,
  start: z.string().nullable(),
  end: z.string().nullable(),
  nights: z.number().int().nullable(),
  agency: z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable() }),
  user: z.object({ _id: z.string(), profile: z.object({ name: z.string() }) }).nullable(),
  client: holderSchema,
  companions: z.array(companionSchema),
  price: z.object({ gross: z.string(), currency: z.string() }),
  commission: voucherMoneySchema.nullable(),
  payments: paymentsSchema,
  bookingCodes: z.array(z.unknown()),
  policies: z.array(policyRuleSchema),
  penalty: penaltySchema.nullable(),
  /** What the supplier asks to be shown on the voucher, verbatim ("Payable through …", observations). */
  supplierRemarks: z.array(z.string()),
  /** The service itself, one section per kind (voucher-sections.ts); null when nothing usable was stored. */
  section: voucherSectionSchema.nullable(),
  /** What the agent typed as the booking's remarks (observaciones), verbatim. */
  remarks: z.string().nullable(),
  /** Why the agent cancelled it, verbatim (also in the history's cancellation event). */
  cancelReason: z.string().nullable(),
  approval: z
    .object({ status: approvalStatusSchema, expiresAt: z.string().nullable(), decision: approvalDecisionSchema.nullable() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
};

/** A markup applied to a voucher, with the level it belongs to. */
export const voucherMarkupSchema = markupAppliedSchema.extend({ scope: z.enum(['platform', 'agency']) });
export type VoucherMarkup = z.infer<typeof voucherMarkupSchema>;

/** Super's view: everything, with the supplier's cost and the platform's margin. */
export const voucherFullSchema = z.object({
  ...voucherCoreShape,
  view: z.literal('full'),
  cost: z.object({ net: z.string(), currency: z.string() }).nullable(),
  agencyCost: voucherMoneySchema.nullable(),
  markups: z.array(voucherMarkupSchema),
  usd: z.object({ price: z.string().nullable(), cost: z.string().nullable(), rate: z.string().nullable() }),
  product: productSummarySchema.extend({ breakdown: priceBreakdownSchema.optional() }),
});

/** The agency admin's view: what the agency pays the platform and its own markups; no supplier cost. */
export const voucherAgencySchema = z.object({
  ...voucherCoreShape,
  view: z.literal('agency'),
  agencyCost: voucherMoneySchema.nullable(),
  markups: z.array(voucherMarkupSchema.extend({ scope: z.literal('agency') })),
  usd: z.object({ price: z.string().nullable(), rate: z.string().nullable() }),
  product: productSummarySchema.extend({ breakdown: agencyBreakdownSchema.optional() }),
});

/** The adviser's, reseller's and product loader's view: the price and the commission. */
export const voucherStaffSchema = z.object({
  ...voucherCoreShape,
  view: z.literal('staff'),
  usd: z.object({ price: z.string().nullable(), rate: z.string().nullable() }),
  product: productSummarySchema.extend({ breakdown: staffBreakdownSchema.optional() }),
});

/**
 * A voucher as its reader may see it. The route schemas are this union, discriminated by `view`, so
 * the serializer strips whatever the reader's view does not declare even if a presenter slipped.
 */
export const voucherSchema = z.discriminatedUnion('view', [voucherFullSchema, voucherAgencySchema, voucherStaffSchema]);
export type Voucher = z.infer<typeof voucherSchema>;
export type VoucherFull = z.infer<typeof voucherFullSchema>;
export type VoucherAgencyView = z.infer<typeof voucherAgencySchema>;
export type VoucherStaffView = z.infer<typeof voucherStaffSchema>;
/** The schema of one view, for presenters that build it. */
export const VOUCHER_VIEW_SCHEMAS = { full: voucherFullSchema, agency: voucherAgencySchema, staff: voucherStaffSchema } as const;

export const voucherEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actor: z.object({ kind: z.enum(['user', 'client', 'system', 'supplier']), userId: z.string().nullable(), name: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  note: z.string().nullable(),
});
export type VoucherEvent = z.infer<typeof voucherEventSchema>;

const withEvents = { events: z.array(voucherEventSchema) };
export const voucherDetailSchema = z.discriminatedUnion('view', [
  voucherFullSchema.extend(withEvents),
  voucherAgencySchema.extend(withEvents),
  voucherStaffSchema.extend(withEvents),
]);
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;

/**
 * Filters of the bookings list (spec §2): the case-insensitive text `q`, and status, provider, product
 * type and a booking-date range. Bounded so no filter can be expensive or crash the server.
 */
const voucherFilterShape = z.object({
  q: z.string().trim().max(100, { error: VOUCHER_MESSAGES.filterTooLong }).optional(),
  status: voucherStatusSchema.optional(),
  provider: z.enum(VOUCHER_PROVIDERS, { error: 'Proveedor no válido' }).optional(),
  type: voucherTypeSchema.optional(),
  channel: voucherChannelFilter.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Only vouchers with an open deadline (free cancellation, payment, pre-reservation) due within this many days. */
  deadlineWithin: z.coerce
    .number({ error: 'Los días de vencimiento deben ser un número' })
    .int({ error: 'Los días de vencimiento deben ser un número entero' })
    .min(1, { error: 'Los días de vencimiento deben ser entre 1 y 60' })
    .max(60, { error: 'Los días de vencimiento deben ser entre 1 y 60' })
    .optional(),
});
const rangeOk = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const rangeError = { error: VOUCHER_MESSAGES.dateRange, path: ['to'] };

/**
 * Filters of the bookings list (spec §2): the case-insensitive text `q`, and status, provider, product
 * type and a booking-date range. Bounded so no filter can be expensive or crash the server.
 */
export const voucherFilterQuery = voucherFilterShape.refine(rangeOk, rangeError);
export type VoucherFilter = z.infer<typeof voucherFilterQuery>;

export const voucherListQuery = pageQuery(20, 100).extend(voucherFilterShape.shape).refine(rangeOk, rangeError);
export const voucherExportQuery = z
  .object({ format: z.enum(['csv', 'xlsx'], { error: 'Formato no válido (csv o xlsx)' }).default('csv') })
  .extend(voucherFilterShape.shape)
  .refine(rangeOk, rangeError);

export const voucherPageSchema = paginated(voucherSchema).extend({
  /** True when there are more matches than `totalDocs` says (counts stop at VOUCHER_COUNT_CAP). */
  totalDocsCapped: z.boolean(),
});

/** Counts of a filtered list stop here: see docs/decisions/0051-voucher-list-counts.md. */
export const VOUCHER_COUNT_CAP = 10_000;
/** With a text filter the count stops earlier: matches are rechecked row by row (0051). */
export const VOUCHER_TEXT_COUNT_CAP = 200;
/** Most rows one export may hold. */
export const VOUCHER_EXPORT_MAX = 50_000;

export const userIdParams = z.object({ id: idSchema });

/** `{id}-{key}`: a voucher uuid and a 64-hex-character approval key. */
export const externalRefParams = z.object({
  ref: z
    .string()
    .max(120)
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{64}$/i, { error: VOUCHER_MESSAGES.invalidLink }),
});

export const externalApproveBody = z.object({
  id: idSchema,
  key: z.string({ error: VOUCHER_MESSAGES.invalidLink }).regex(/^[0-9a-f]{64}$/i, { error: VOUCHER_MESSAGES.invalidLink }),
  approved: z.boolean({ error: VOUCHER_MESSAGES.approvedRequired }),
});
export const internalApproveBody = z.object({ id: idSchema, approved: z.boolean({ error: VOUCHER_MESSAGES.approvedRequired }) });

/** What the public approval page shows: no costs, markups or internal data. */
export const externalVoucherSchema = z.object({
  _id: z.string(),
  externalBookingReference: z.string(),
  locator: z.string().nullable(),
  type: voucherTypeSchema,
  status: voucherStatusSchema,
  start: z.string().nullable(),
  end: z.string().nullable(),
  nights: z.number().int().nullable(),
  agency: z.object({ name: z.string(), logo: z.string().nullable() }),
  client: z.object({ name: z.string(), surname: z.string().optional() }),
  price: z.object({ gross: z.string(), currency: z.string() }),
  policies: z.array(policyRuleSchema),
  product: productSummarySchema,
  approval: z.object({ status: approvalStatusSchema, expiresAt: z.string().nullable(), decidedAt: z.string().nullable() }),
});
export type ExternalVoucher = z.infer<typeof externalVoucherSchema>;

export const approvalResultSchema = z.object({
  success: z.literal(true),
  msg: z.string(),
  approval: z.object({ status: approvalStatusSchema, decidedAt: z.string() }),
});

export const approvalLinkBody = z.object({
  sendToClient: z.boolean().default(false),
  validHours: z.number().int().min(1).max(720).default(72),
});
export const approvalLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

/** `note` is the cancellation reason the agent types (optional). */
export const cancelBody = z.object({
  version: z.number().int().min(0).optional(),
  note: z.string().trim().max(CANCEL_REASON_MAX, { error: VOUCHER_MESSAGES.cancelReasonTooLong }).optional(),
});
export const cancelQuoteSchema = z.object({
  cancellable: z.boolean(),
  penalty: penaltySchema,
  source: z.enum(['policy', 'supplier']),
  at: z.string(),
});
export type CancelQuote = z.infer<typeof cancelQuoteSchema>;
