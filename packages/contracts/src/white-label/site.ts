import { z } from 'zod';
import { idSchema } from '../schemas/common.js';
import { WHITE_LABEL_LANGUAGES } from './admin.js';
import { WHITE_LABEL_MESSAGES } from './messages.js';

const m = WHITE_LABEL_MESSAGES;

/**
 * What a storefront looks like and says (issue 20 "Customize", decision 0321): kept as a draft and a
 * published copy. Legal texts are plain text (paragraphs split by blank lines), never HTML.
 */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'Debe ser texto' })
      .trim()
      .max(max, { error: `Máximo ${max} caracteres` })
      .nullable(),
  );
const image = z.preprocess(
  blankToNull,
  z
    .string({ error: m['image.invalid'] })
    .regex(/^[a-f0-9]{32}\.webp$/, { error: m['image.invalid'] })
    .nullable(),
);
const color = z.preprocess(
  blankToNull,
  z
    .string({ error: m['color.invalid'] })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: m['color.invalid'] })
    .transform((c) => c.toLowerCase())
    .nullable(),
);

export const SITE_IMAGE_FIELDS = ['logo', 'favicon', 'heroImage'] as const;
export const MAX_FEATURED_DESTINATIONS = 8;

/** PUT /api/whitelabels/{id}/site/draft: every field; blank means "not set". */
export const siteContentBody = z.object({
  logo: image.default(null),
  favicon: image.default(null),
  heroImage: image.default(null),
  primaryColor: color.default(null),
  secondaryColor: color.default(null),
  heroTitle: optionalText(120).default(null),
  heroText: optionalText(300).default(null),
  /** Place ids from the places autocomplete; the server stores each with its current name. */
  featuredDestinations: z
    .array(idSchema.pipe(z.string({ error: m['destinations.invalid'] })), { error: m['destinations.invalid'] })
    .max(MAX_FEATURED_DESTINATIONS, { error: m['destinations.tooMany'] })
    .transform((ids) => [...new Set(ids)])
    .default([]),
  supportEmail: z
    .preprocess(
      blankToNull,
      z
        .email({ error: m['email.invalid'] })
        .max(254, { error: m['email.invalid'] })
        .transform((e) => e.toLowerCase())
        .nullable(),
    )
    .default(null),
  supportPhone: z
    .preprocess(
      (v) => (typeof v === 'string' ? blankToNull(v.replace(/[\s()-]/g, '')) : v),
      z
        .string({ error: m['phone.invalid'] })
        .regex(/^\+[1-9]\d{6,14}$/, { error: m['phone.invalid'] })
        .nullable(),
    )
    .default(null),
  termsText: optionalText(20_000).default(null),
  privacyText: optionalText(20_000).default(null),
  seoTitle: optionalText(70).default(null),
  seoDescription: optionalText(160).default(null),
});
export type SiteContentInput = z.input<typeof siteContentBody>;
export type SiteContentValues = z.output<typeof siteContentBody>;

const text = z.string().nullable();
export const featuredDestinationSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type FeaturedDestination = z.infer<typeof featuredDestinationSchema>;

/** A version (draft or published) as stored and answered. */
export const siteContentSchema = z.object({
  logo: text,
  favicon: text,
  heroImage: text,
  primaryColor: text,
  secondaryColor: text,
  heroTitle: text,
  heroText: text,
  featuredDestinations: z.array(featuredDestinationSchema),
  supportEmail: text,
  supportPhone: text,
  termsText: text,
  privacyText: text,
  seoTitle: text,
  seoDescription: text,
});
export type SiteContent = z.infer<typeof siteContentSchema>;

export const EMPTY_SITE_CONTENT: SiteContent = {
  logo: null,
  favicon: null,
  heroImage: null,
  primaryColor: null,
  secondaryColor: null,
  heroTitle: null,
  heroText: null,
  featuredDestinations: [],
  supportEmail: null,
  supportPhone: null,
  termsText: null,
  privacyText: null,
  seoTitle: null,
  seoDescription: null,
};

/** GET /api/whitelabels/{id}/site: both versions for the customize page. */
export const siteVersionsSchema = z.object({
  whiteLabelId: z.string(),
  draft: siteContentSchema,
  draftUpdatedAt: z.string().nullable(),
  published: siteContentSchema.nullable(),
  publishedAt: z.string().nullable(),
  /** Whether the draft differs from what the storefront shows. */
  unpublishedChanges: z.boolean(),
});
export type SiteVersions = z.infer<typeof siteVersionsSchema>;

/**
 * What a storefront shows (GET /api/storefront/{slug}/site, and the authenticated preview of the
 * draft): no agency, cost, markup or other white label.
 */
export const storefrontSiteSchema = z.object({
  slug: z.string(),
  name: z.string(),
  products: z.array(z.string()),
  currency: z.string(),
  language: z.enum(WHITE_LABEL_LANGUAGES),
  branding: z.object({ logo: text, favicon: text, primaryColor: text, secondaryColor: text }),
  hero: z.object({ title: text, text: text, image: text }),
  featuredDestinations: z.array(featuredDestinationSchema),
  support: z.object({ email: text, phone: text }),
  legal: z.object({ terms: text, privacy: text }),
  seo: z.object({ title: z.string(), description: text }),
  /** Null in a preview of the draft. */
  publishedAt: z.string().nullable(),
});
export type StorefrontSite = z.infer<typeof storefrontSiteSchema>;

export const storefrontSlugParams = z.object({
  slug: z.string({ error: m['storefront.notFound'] }).max(63, { error: m['storefront.notFound'] }),
});
export const storefrontByHostSchema = z.object({ slug: z.string() });
