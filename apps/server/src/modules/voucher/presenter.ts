import {
  type ExternalVoucher,
  type PriceView,
  priceBreakdownSchema,
  priceViewOf,
  type UserType,
  VOUCHER_CHANNEL_LABELS,
  VOUCHER_VIEW_SCHEMAS,
  type Voucher,
  type VoucherChannelView,
  type VoucherEvent,
  type VoucherMarkup,
  voucherSectionOf,
} from '@travesia/contracts';
import type { MarkupAppliedData, VoucherEventRow, VoucherRow } from '../../db/schema/index.js';
import { breakdownView } from '../../pricing/index.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The level a stored markup belongs to, from its name ('agency', 'agency:<ruleId>', 'platform:<ruleId>').
 * Anything else is treated as the platform's: an unknown margin is hidden, never shown.
 */
export function markupScope(m: Pick<MarkupAppliedData, 'name'>): VoucherMarkup['scope'] {
  return m.name === 'agency' || m.name.startsWith('agency:') ? 'agency' : 'platform';
}

/** The breakdown stored with a supplier booking (product.breakdown), when it is a valid one. */
function storedBreakdown(row: VoucherRow) {
  const raw = row.product.breakdown;
  // Most vouchers store none: no parse that can only fail (its issues are costly to build).
  if (raw === undefined || raw === null) return null;
  const parsed = priceBreakdownSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

type StoredBreakdown = ReturnType<typeof storedBreakdown>;

const agencyCostIn = (b: StoredBreakdown) => (b?.agencyCost ? { amount: b.agencyCost, currency: b.currency } : null);

/** What the agency pays the platform, when the booking stored its breakdown. */
export function agencyCostOf(row: VoucherRow): { amount: string; currency: string } | null {
  return agencyCostIn(storedBreakdown(row));
}

const STOREFRONT_PREFIX = 'storefront:';

/**
 * Where the booking was sold (decision 0390): a storefront booking names its shop as integrator, and
 * is shown by the white label's name (its slug when the white label is gone), never as the raw integrator.
 */
export function channelOf(row: Pick<VoucherRow, 'integrator'>, whiteLabelName: string | null): VoucherChannelView {
  if (!row.integrator.startsWith(STOREFRONT_PREFIX)) return { kind: 'backoffice', label: VOUCHER_CHANNEL_LABELS.backoffice };
  return {
    kind: 'storefront',
    label: whiteLabelName ?? `${VOUCHER_CHANNEL_LABELS.storefront} ${row.integrator.slice(STOREFRONT_PREFIX.length)}`,
  };
}

function core(row: VoucherRow, agencyLogo: string | null, whiteLabelName: string | null) {
  return {
    _id: row.id,
    externalBookingReference: row.externalBookingReference,
    reservation: { locator: row.locator },
    locator: row.locator,
    shortLocator: row.shortLocator,
    supplierReferences: row.supplierReferences,
    type: row.type,
    integrator: row.integrator,
    channel: channelOf(row, whiteLabelName),
    provider: row.provider,
    providerAccountId: row.providerAccountId,
    status: row.status,
    start: row.startDate,
    end: row.endDate,
    nights: row.nights,
    agency: { _id: row.agencyId, name: row.agencyName, logo: agencyLogo },
    user: row.userId ? { _id: row.userId, profile: { name: row.userName ?? '' } } : null,
    client: row.client,
    companions: row.companions as Voucher['companions'],
    price: { gross: row.priceGross, currency: row.priceCurrency },
    commission:
      row.commissionAmount !== null && row.commissionCurrency ? { amount: row.commissionAmount, currency: row.commissionCurrency } : null,
    payments: row.payments,
    bookingCodes: row.bookingCodes,
    policies: row.policies,
    penalty: row.penalty,
    supplierRemarks: row.supplierRemarks ?? [],
    section: voucherSectionOf({ type: row.type, product: row.product, start: row.startDate, end: row.endDate, nights: row.nights }),
    remarks: row.remarks,
    cancelReason: row.cancelReason,
    approval: row.approvalStatus
      ? { status: row.approvalStatus, expiresAt: iso(row.approvalKeyExpiresAt), decision: row.approvalDecision }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  } satisfies Partial<Extract<Voucher, { view: 'staff' }>>;
}

/** The product summary with the stored breakdown trimmed to `view` (or dropped when it is not a valid one). */
function productFor(view: PriceView, row: VoucherRow, b: StoredBreakdown) {
  const { breakdown: _raw, ...product } = row.product;
  return b ? { ...product, breakdown: breakdownView(view, b) } : product;
}

const markupsOf = (row: VoucherRow) => row.markups.map((m) => ({ ...m, scope: markupScope(m) }));

type Core = ReturnType<typeof core>;
type View<V extends PriceView> = Extract<Voucher, { view: V }>;

/**
 * A view's own fields added onto the common ones. `extra` is typed as exactly what the view adds, so a field
 * the view does not declare does not compile. Added in place: copying the ~35 common fields with a spread
 * cost three times the rest of the presenter (issue 21).
 */
const withView = <V extends PriceView>(common: Core, extra: Omit<View<V>, keyof Core>): View<V> => Object.assign(common, extra) as View<V>;

/**
 * Each view's answer as built, before its parse: only the fields the view may show (decision 0140). `b` is
 * the row's stored breakdown, read once for the agency cost and the product.
 */
const SHAPES: {
  [V in PriceView]: (
    row: VoucherRow,
    agencyLogo: string | null,
    whiteLabelName: string | null,
    b: StoredBreakdown,
  ) => Extract<Voucher, { view: V }>;
} = {
  full: (row, logo, wl, b) =>
    withView<'full'>(core(row, logo, wl), {
      view: 'full',
      cost: row.costNet !== null && row.costCurrency ? { net: row.costNet, currency: row.costCurrency } : null,
      agencyCost: agencyCostIn(b),
      markups: markupsOf(row),
      usd: { price: row.priceUsd, cost: row.costUsd, rate: row.usdRate },
      product: productFor('full', row, b),
    }),
  agency: (row, logo, wl, b) =>
    withView<'agency'>(core(row, logo, wl), {
      view: 'agency',
      agencyCost: agencyCostIn(b),
      markups: markupsOf(row).filter((m): m is typeof m & { scope: 'agency' } => m.scope === 'agency'),
      usd: { price: row.priceUsd, rate: row.usdRate },
      product: productFor('agency', row, b),
    }),
  staff: (row, logo, wl, b) =>
    withView<'staff'>(core(row, logo, wl), {
      view: 'staff',
      usd: { price: row.priceUsd, rate: row.usdRate },
      product: productFor('staff', row, b),
    }),
};

/**
 * Parses a built view with its schema, which has no hidden field. The section is already the output of the
 * very schema the view declares for it (`voucherSectionOf` parses it with `voucherSectionSchema`), so it is
 * checked as null and put back in its place: the same answer without parsing the section twice (issue 21).
 */
function parsed<V extends PriceView>(view: V, value: Extract<Voucher, { view: V }>): Extract<Voucher, { view: V }> {
  // `value` is a view just built for this call: its section is set aside in place rather than copying it.
  const section = value.section;
  value.section = null;
  const out = VOUCHER_VIEW_SCHEMAS[view].parse(value) as Extract<Voucher, { view: V }>;
  out.section = section;
  return out;
}

/**
 * The way a voucher leaves the server (PDFs, mails, booking answers): shaped for what `viewer` may see of
 * its price (the one visibility rule, `priceViewOf`; docs/decisions/0073 and 0140) and parsed with that
 * view's schema, so nothing the view does not declare is left in it.
 */
export function presentVoucher(
  viewer: UserType,
  row: VoucherRow,
  agencyLogo: string | null,
  whiteLabelName: string | null = null,
): Voucher {
  const built = presentVoucherForCompiledAnswer(viewer, row, agencyLogo, whiteLabelName);
  return parsed(built.view, built);
}

/**
 * The same view for an answer whose route serialises it with a compiled view schema (`compiledResponse` over
 * `voucherPageSchema` or `voucherDetailSchema`, decision 0740): that serializer writes only the fields of the
 * branch `view` names — the strip the parse above does — so the view is not parsed twice. Outside production zod's check of the
 * whole answer still runs first and must equal what is sent (decision 0700). Anything else must use
 * `presentVoucher`.
 */
export function presentVoucherForCompiledAnswer(
  viewer: UserType,
  row: VoucherRow,
  agencyLogo: string | null,
  whiteLabelName: string | null = null,
): Voucher {
  const view = priceViewOf(viewer);
  return SHAPES[view](row, agencyLogo, whiteLabelName, storedBreakdown(row));
}

export function toEventDto(row: VoucherEventRow): VoucherEvent {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actor: { kind: row.actorKind, userId: row.actorUserId, name: row.actorName },
    ip: row.ip,
    userAgent: row.userAgent,
    note: row.note,
  };
}

/** The public approval page's view: what the client booked and its price; nothing internal. */
export function toExternalDto(row: VoucherRow, agencyLogo: string | null): ExternalVoucher {
  const { breakdown: _hidden, ...product } = row.product;
  return {
    _id: row.id,
    externalBookingReference: row.externalBookingReference,
    locator: row.locator,
    type: row.type,
    status: row.status,
    start: row.startDate,
    end: row.endDate,
    nights: row.nights,
    agency: { name: row.agencyName, logo: agencyLogo },
    client: { name: row.client.name, ...(row.client.surname ? { surname: row.client.surname } : {}) },
    price: { gross: row.priceGross, currency: row.priceCurrency },
    policies: row.policies,
    product,
    approval: {
      status: row.approvalStatus ?? 'pending',
      expiresAt: iso(row.approvalKeyExpiresAt),
      decidedAt: row.approvalDecision?.at ?? null,
    },
  };
}
