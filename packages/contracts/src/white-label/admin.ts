import { z } from 'zod';
import { AGENCY_MODULES, type AgencyModule } from '../modules.js';
import { COMMON_CURRENCIES } from '../pricing.js';
import { idSchema, pageQuery } from '../schemas/common.js';
import { WHITE_LABEL_MESSAGES } from './messages.js';

export { WHITE_LABEL_MESSAGES };

const m = WHITE_LABEL_MESSAGES;

/**
 * A white label: an agency's public storefront (issue 20, decision 0320). Its address is always
 * `/s/{slug}` on the platform, and optionally a subdomain under the platform's storefront base domain
 * and/or the customer's own domain (a CNAME to the platform host).
 */
export const WHITE_LABEL_STATUSES = ['draft', 'active', 'suspended'] as const;
export type WhiteLabelStatus = (typeof WHITE_LABEL_STATUSES)[number];
export const WHITE_LABEL_STATUS_LABELS: Record<WhiteLabelStatus, string> = {
  draft: 'Borrador',
  active: 'Activo',
  suspended: 'Suspendido',
};

/** What a storefront may sell: the agency's product modules (not the white-labels flag itself). */
export const WHITE_LABEL_PRODUCTS = AGENCY_MODULES.filter((x): x is Exclude<AgencyModule, 'white-labels'> => x !== 'white-labels');
export type WhiteLabelProduct = (typeof WHITE_LABEL_PRODUCTS)[number];

export const WHITE_LABEL_LANGUAGES = ['es', 'en'] as const;
export const WHITE_LABEL_LANGUAGE_LABELS: Record<(typeof WHITE_LABEL_LANGUAGES)[number], string> = { es: 'Español', en: 'Inglés' };

/** Names the platform keeps for itself (as slug or subdomain). */
export const RESERVED_NAMES = ['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'travesia', 'support', 'soporte'] as const;

const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A lowercase host name of two or more labels, the last alphabetic (no IP addresses, ports or paths). */
const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const whiteLabelSlugSchema = z.preprocess(
  lower,
  z
    .string({ error: m['slug.invalid'] })
    .regex(SLUG_RE, { error: m['slug.invalid'] })
    .refine((s) => !(RESERVED_NAMES as readonly string[]).includes(s), { error: m['slug.reserved'] }),
);
export const subdomainSchema = z.preprocess(
  (v) => lower(blankToNull(v)),
  z
    .string({ error: m['subdomain.invalid'] })
    .regex(LABEL_RE, { error: m['subdomain.invalid'] })
    .refine((s) => !(RESERVED_NAMES as readonly string[]).includes(s), { error: m['subdomain.reserved'] })
    .nullable(),
);
export const customDomainSchema = z.preprocess(
  (v) => lower(blankToNull(v)),
  z
    .string({ error: m['domain.invalid'] })
    .min(4, { error: m['domain.invalid'] })
    .max(253, { error: m['domain.invalid'] })
    .regex(DOMAIN_RE, { error: m['domain.invalid'] })
    .nullable(),
);
/** A percentage as a decimal string, 0–300 with up to 2 decimals (numbers are accepted and kept exact). */
export const markupPercentSchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: m['markup.invalid'] })
    .regex(/^\d{1,3}(?:\.\d{1,2})?$/, { error: m['markup.invalid'] })
    .refine((s) => Number(s) <= 300, { error: m['markup.invalid'] }),
);

/**
 * Minutes a storefront order holds its quoted price while the traveller pays (decision 0601): 1–60, or
 * null for the platform's `STOREFRONT_HOLD_MINUTES`. A blank field is null.
 */
export const holdMinutesSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v),
  z
    .number({ error: m['hold.invalid'] })
    .int({ error: m['hold.invalid'] })
    .min(1, { error: m['hold.invalid'] })
    .max(60, { error: m['hold.invalid'] })
    .nullable(),
);

const fields = {
  name: z.string({ error: m['name.required'] }).trim().min(1, { error: m['name.required'] }).max(120, { error: m['name.required'] }),
  status: z.enum(WHITE_LABEL_STATUSES, { error: m['status.invalid'] }),
  slug: whiteLabelSlugSchema,
  subdomain: subdomainSchema,
  customDomain: customDomainSchema,
  products: z
    .array(z.enum(WHITE_LABEL_PRODUCTS, { error: m['products.invalid'] }), { error: m['products.invalid'] })
    .min(1, { error: m['products.required'] })
    .max(WHITE_LABEL_PRODUCTS.length, { error: m['products.invalid'] })
    .transform((list) => [...new Set(list)]),
  currency: z.enum(COMMON_CURRENCIES, { error: m['currency.invalid'] }),
  language: z.enum(WHITE_LABEL_LANGUAGES, { error: m['language.invalid'] }),
  markupPercent: markupPercentSchema,
  holdMinutes: holdMinutesSchema,
};

/** POST /api/whitelabels. `agencyId` is read only for super (everyone else creates for their own agency). */
export const createWhiteLabelBody = z.object({
  agencyId: idSchema.optional(),
  name: fields.name,
  status: fields.status.default('draft'),
  slug: fields.slug,
  subdomain: fields.subdomain.default(null),
  customDomain: fields.customDomain.default(null),
  products: fields.products,
  currency: fields.currency.default('USD'),
  language: fields.language.default('es'),
  markupPercent: fields.markupPercent.default('0'),
  holdMinutes: fields.holdMinutes.default(null),
});
export type CreateWhiteLabelInput = z.input<typeof createWhiteLabelBody>;
export type CreateWhiteLabelValues = z.output<typeof createWhiteLabelBody>;

/** PUT /api/whitelabels/{id}: the same fields, all of them (the owner agency does not change). */
export const updateWhiteLabelBody = createWhiteLabelBody.omit({ agencyId: true });
export type UpdateWhiteLabelValues = z.output<typeof updateWhiteLabelBody>;

export const whiteLabelListQuery = pageQuery(20, 100).extend({
  q: z.string({ error: 'Debe ser texto' }).trim().max(120, { error: 'Máximo 120 caracteres' }).optional(),
  status: z.enum(WHITE_LABEL_STATUSES, { error: m['status.invalid'] }).optional(),
  /** Super only: one agency's white labels. */
  agencyId: idSchema.optional(),
});

/** The DNS record the customer creates for a custom domain (or the platform for a subdomain). */
export const dnsRecordSchema = z.object({ type: z.literal('CNAME'), name: z.string(), value: z.string() });
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const whiteLabelSchema = z.object({
  _id: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  name: z.string(),
  status: z.enum(WHITE_LABEL_STATUSES),
  slug: z.string(),
  subdomain: z.string().nullable(),
  customDomain: z.string().nullable(),
  products: z.array(z.string()),
  currency: z.string(),
  language: z.enum(WHITE_LABEL_LANGUAGES),
  markupPercent: z.string(),
  /** Minutes a storefront order holds its price; null: the platform's default (decision 0601). */
  holdMinutes: z.number().int().nullable(),
  /** Where the storefront answers: the path always, then the subdomain and custom domain when set. */
  addresses: z.object({ path: z.string(), subdomain: z.string().nullable(), customDomain: z.string().nullable() }),
  /** Records to create in DNS for the subdomain / custom domain to reach the platform. */
  dnsRecords: z.array(dnsRecordSchema),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhiteLabel = z.infer<typeof whiteLabelSchema>;
