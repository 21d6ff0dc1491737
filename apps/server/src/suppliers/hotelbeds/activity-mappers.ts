import Decimal from 'decimal.js';
import { z } from 'zod';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { combineSchedules } from '../policies.js';
import type {
  CancellationPolicy,
  GeoPoint,
  SupplierVoucher,
  TicketAgeBand,
  TicketBooking,
  TicketContent,
  TicketLanguage,
  TicketOffer,
  TicketPickupPoint,
  TicketQuestion,
  TicketSession,
} from '../types.js';
import { bookingStatus, RATE_KEY_TTL_MS } from './hotel-mappers.js';

/**
 * Hotelbeds Activities API v3 replies to our ticket shapes (fixtures/README.md A1–A6 name the
 * sources). Optional parts are read leniently: a malformed session list or content never drops an
 * offer, a malformed price or rateKey does.
 */

const S = 'hotelbeds' as const;
const amount = z.union([z.number(), z.string()]);
const policies = z.array(z.object({ dateFrom: z.string(), amount })).optional();
const codeName = z.object({ code: z.string().min(1), name: z.string().optional(), description: z.string().optional() });
const geo = z.object({ latitude: z.coerce.number(), longitude: z.coerce.number() });
const operationDate = z.object({ from: z.string(), to: z.string(), cancellationPolicies: policies });
const rateDetail = z.object({
  rateKey: z.string().min(1),
  operationDates: z.array(operationDate).optional(),
  totalAmount: z.object({ amount, currency: z.string().optional() }),
});
const question = z.object({ code: z.string().min(1), text: z.string().optional(), required: z.boolean().optional() });
const band = z.object({ paxType: z.string(), ageFrom: z.coerce.number(), ageTo: z.coerce.number(), amount });
const modality = z.object({
  code: z.string(),
  name: z.string(),
  duration: z.object({ value: z.coerce.number(), metric: z.string() }).optional().catch(undefined),
  questions: z.array(question).optional().catch(undefined),
  amountsFrom: z.array(band).optional().catch(undefined),
  rates: z.array(z.object({ rateDetails: z.array(z.unknown()) })),
});
const activity = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string().optional(),
  content: z.unknown().optional(),
  modalities: z.array(modality),
});

const list = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((xs) =>
      xs.flatMap((x) => {
        const r = item.safeParse(x);
        return r.success ? [r.data as z.infer<T>] : [];
      }),
    );
const pickupSchema = z.object({
  pickupName: z.string().optional(),
  zoneCode: z.string().optional(),
  description: z.string().optional(),
  time: z.string().optional(),
  geolocation: geo.optional().catch(undefined),
});

export function policyOf(rules: { dateFrom: string; amount: string | number }[] | undefined, currency: string): CancellationPolicy {
  return combineSchedules([(rules ?? []).map((p) => ({ from: p.dateFrom, amount: new Decimal(parseAmount(p.amount) ?? 0) }))], currency);
}

/** The operation date that holds the chosen day (the policy differs per date); the first when none does. */
export function operationDateFor<T extends { from: string; to: string }>(dates: T[] | undefined, day: string): T | undefined {
  return dates?.find((d) => d.from.slice(0, 10) <= day && day <= d.to.slice(0, 10)) ?? dates?.[0];
}

const point = (g: z.infer<typeof geo> | undefined): GeoPoint | undefined =>
  g && Number.isFinite(g.latitude) && Number.isFinite(g.longitude) ? { lat: g.latitude, lng: g.longitude } : undefined;

// Built once: a zod schema is costly to build, and these run for every rate of every activity.
const codeNames = list(codeName);

function sessionsOf(raw: unknown): TicketSession[] {
  return codeNames.parse(raw).map((s) => ({ code: s.code, name: s.name ?? s.description ?? s.code }));
}

function languagesOf(raw: unknown): TicketLanguage[] {
  return codeNames.parse(raw).map((l) => ({ code: l.code, name: l.description ?? l.name ?? l.code }));
}

const pickups = list(pickupSchema);

function pickupsOf(raw: unknown): TicketPickupPoint[] {
  return pickups
    .parse(Array.isArray(raw) ? raw : raw ? [raw] : [])
    .filter((p) => p.pickupName || p.zoneCode)
    .map((p) => ({
      code: p.zoneCode ?? p.pickupName ?? '',
      name: p.pickupName ?? p.zoneCode ?? '',
      ...(p.time ? { time: p.time.slice(0, 5) } : {}),
      ...(p.description ? { address: p.description } : {}),
      ...(point(p.geolocation) ? { location: point(p.geolocation) } : {}),
    }));
}

const contentSchema = z.object({
  description: z.string().optional().catch(undefined),
  featureGroups: list(
    z.object({
      included: list(z.object({ description: z.string() })).optional(),
      excluded: list(z.object({ description: z.string() })).optional(),
    }),
  ).optional(),
  importantInfo: list(z.string()).optional(),
  location: z
    .object({
      startingPoints: list(
        z.object({
          meetingPoint: z
            .object({ description: z.string().optional(), address: z.string().optional(), geolocation: geo.optional().catch(undefined) })
            .optional(),
        }),
      ).optional(),
    })
    .optional()
    .catch(undefined),
});

/** The factsheet `content` (description, featureGroups included/excluded, importantInfo, meeting point). */
export function contentOf(raw: unknown): TicketContent | undefined {
  const c = contentSchema.safeParse(raw);
  if (!c.success || !raw) return undefined;
  const groups = c.data.featureGroups ?? [];
  const mp = c.data.location?.startingPoints?.find((p) => p.meetingPoint)?.meetingPoint;
  return {
    ...(c.data.description ? { description: c.data.description } : {}),
    inclusions: groups.flatMap((g) => (g.included ?? []).map((f) => f.description)),
    exclusions: groups.flatMap((g) => (g.excluded ?? []).map((f) => f.description)),
    importantInfo: c.data.importantInfo ?? [],
    ...(mp
      ? {
          meetingPoint: {
            ...(mp.description ? { description: mp.description } : {}),
            ...(mp.address ? { address: mp.address } : {}),
            ...(point(mp.geolocation) ? { location: point(mp.geolocation) } : {}),
          },
        }
      : {}),
  };
}

const segmentationSchema = z.object({
  segmentationGroups: list(
    z.object({
      code: z.coerce.number().optional().catch(undefined),
      name: z.string().optional().catch(undefined),
      segments: list(z.object({ name: z.string().min(1) })),
    }),
  ),
});

/**
 * The activity's category: the first segment of the factsheet's category group (`content.segmentationGroups`,
 * group code 1, named "Categories" in the requested language); null when the content has none.
 */
export function activityCategoryOf(raw: unknown): string | null {
  const c = segmentationSchema.safeParse(raw);
  if (!c.success) return null;
  const group = c.data.segmentationGroups.find((g) => g.code === 1 || /categor/i.test(g.name ?? ''));
  return group?.segments[0]?.name ?? null;
}

function questionsOf(qs: z.infer<typeof question>[] | undefined): TicketQuestion[] {
  return (qs ?? []).map((q) => ({ code: q.code, text: q.text ?? q.code, required: q.required === true }));
}

function bandsOf(bs: z.infer<typeof band>[] | undefined, currency: string): TicketAgeBand[] {
  return (bs ?? []).flatMap((b) => {
    const value = parseAmount(b.amount);
    return value ? [{ paxType: b.paxType, ageFrom: b.ageFrom, ageTo: b.ageTo, amount: money(value, currency) }] : [];
  });
}

export function mapActivities(
  data: unknown,
  ctx: { accountId: string; from: string; to: string; paxAges: number[] },
): { offers: TicketOffer[]; dropped: DroppedOffer[] } {
  const items = (data as { activities?: unknown })?.activities;
  const dropped: DroppedOffer[] = [];
  if (items === undefined) return { offers: [], dropped };
  if (!Array.isArray(items)) throw new Error('activities is not a list');
  const offers: TicketOffer[] = [];
  const expiresAt = new Date(Date.now() + RATE_KEY_TTL_MS).toISOString();
  for (const raw of items) {
    const a = activity.safeParse(raw);
    if (!a.success) {
      dropped.push({ reason: 'invalid', detail: `activity ${(raw as { code?: unknown })?.code}` });
      continue;
    }
    const content = contentOf(a.data.content);
    const category = activityCategoryOf(a.data.content);
    for (const m of a.data.modalities) {
      for (const rd of m.rates.flatMap((r) => r.rateDetails)) {
        const d = rateDetail.safeParse(rd);
        const currency = d.success ? (d.data.totalAmount.currency ?? a.data.currency) : undefined;
        const total = d.success ? parseAmount(d.data.totalAmount.amount) : null;
        if (!d.success || !total || !isCurrency(currency)) {
          dropped.push({ reason: 'invalid', detail: `${a.data.code}/${m.code}` });
          continue;
        }
        const extra = rd as { sessions?: unknown; languages?: unknown; pickup?: unknown };
        const opDate = operationDateFor(d.data.operationDates, ctx.from);
        offers.push({
          supplier: S,
          accountId: ctx.accountId,
          activity: { code: a.data.code, name: a.data.name },
          modality: { code: m.code, name: m.name },
          from: ctx.from,
          to: ctx.to,
          paxAges: ctx.paxAges,
          total: money(total, currency),
          cancellation: policyOf(opDate?.cancellationPolicies, currency),
          token: { kind: 'rateKey', value: d.data.rateKey, expiresAt },
          supplierData: {
            operationDates: (d.data.operationDates ?? []).map((o) => ({ from: o.from, to: o.to })),
            ...(category ? { category } : {}),
          },
          availability: 'available',
          ...(m.duration ? { duration: { value: m.duration.value, unit: m.duration.metric } } : {}),
          sessions: sessionsOf(extra.sessions),
          languages: languagesOf(extra.languages),
          pickupPoints: pickupsOf(extra.pickup),
          questions: questionsOf(m.questions),
          ageBands: bandsOf(m.amountsFrom, currency),
          ...(content ? { content } : {}),
        });
      }
    }
  }
  return { offers, dropped };
}

const bookingActivity = z.object({
  code: z.string(),
  name: z.string(),
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
  cancellationPolicies: policies,
  modality: z
    .object({ code: z.string(), name: z.string().optional(), rates: z.array(z.unknown()).optional() })
    .optional()
    .catch(undefined),
  paxes: list(
    z.object({ name: z.string(), surname: z.string(), age: z.coerce.number().optional(), type: z.string().optional() }),
  ).optional(),
  vouchers: list(
    z.object({ url: z.string().url(), mimeType: z.string().optional(), language: z.string().optional(), code: z.string().optional() }),
  ).optional(),
  pickup: z.unknown().optional(),
  contactInfo: z.object({ address: z.string().optional(), telephone: z.string().optional() }).optional().catch(undefined),
  providerInformation: z.object({ name: z.string().optional() }).optional().catch(undefined),
});
const bookingSchema = z.object({
  reference: z.string(),
  clientReference: z.string().optional(),
  status: z.string(),
  currency: z.string(),
  total: amount,
  creationDate: z.string().optional(),
  holder: z.object({ name: z.string(), surname: z.string() }).optional(),
  cancelValuationAmount: amount.optional(),
  activities: z.array(bookingActivity).optional(),
});

/** The session and language chosen, where the booking keeps them (`modality.rates[].rateDetails[]`). */
function chosen(rates: unknown[] | undefined, field: 'session' | 'language') {
  const detail = (rates ?? [])
    .flatMap((r) => ((r as { rateDetails?: unknown[] })?.rateDetails ?? []) as Record<string, unknown>[])
    .find((d) => d?.[field]);
  const c = codeName.safeParse(detail?.[field]);
  return c.success ? { code: c.data.code, name: c.data.name ?? c.data.description ?? c.data.code } : null;
}

export function mapActivityBooking(data: unknown): TicketBooking & { cancelValuation: Decimal | null } {
  const b = bookingSchema.safeParse((data as { booking?: unknown })?.booking ?? data);
  if (!b.success) throw new Error(`activity booking: ${b.error.issues[0]?.path.join('.')}`);
  const total = parseAmount(b.data.total);
  if (!total || !isCurrency(b.data.currency)) throw new Error('activity booking total');
  const act = b.data.activities?.[0];
  const vouchers: SupplierVoucher[] = (b.data.activities ?? []).flatMap((x) =>
    (x.vouchers ?? []).map((v) => ({
      url: v.url,
      ...(v.mimeType ? { mimeType: v.mimeType } : {}),
      ...(v.language ? { language: v.language } : {}),
      ...(v.code ? { code: v.code } : {}),
    })),
  );
  const contact = {
    ...(act?.providerInformation?.name ? { name: act.providerInformation.name } : {}),
    ...(act?.contactInfo?.telephone ? { phone: act.contactInfo.telephone } : {}),
    ...(act?.contactInfo?.address ? { address: act.contactInfo.address } : {}),
  };
  return {
    supplier: S,
    kind: 'ticket',
    ref: { locator: b.data.reference },
    clientReference: b.data.clientReference ?? null,
    status: bookingStatus(b.data.status),
    supplierStatus: b.data.status,
    total: money(total, b.data.currency),
    cancellation: policyOf(act?.cancellationPolicies, b.data.currency),
    holder: b.data.holder ?? null,
    createdAt: b.data.creationDate ?? null,
    remarks: [],
    activity: act ? { code: act.code, name: act.name } : null,
    from: act?.dateFrom ?? null,
    to: act?.dateTo ?? null,
    modality: act?.modality ? { code: act.modality.code, name: act.modality.name ?? act.modality.code } : null,
    session: chosen(act?.modality?.rates, 'session'),
    language: chosen(act?.modality?.rates, 'language'),
    pickupPoint: pickupsOf(act?.pickup)[0] ?? null,
    supplierVouchers: vouchers,
    ...(Object.keys(contact).length ? { supplierContact: contact } : {}),
    paxes: (act?.paxes ?? []).map((p) => ({ name: p.name, surname: p.surname, age: p.age, type: p.type ?? '' })),
    cancelValuation: parseAmount(b.data.cancelValuationAmount),
  };
}
