import { z } from 'zod';
import { COMMON_CURRENCIES } from './pricing.js';
import { AGENCY_THEMES } from './schemas/agency.js';
import { optionalString } from './schemas/common.js';
import { isTimeZone } from './time-zone.js';

/** Messages of /configuration/app and /configuration/appearance (issue 16). */
export const SETTINGS_MESSAGES = {
  'timeZone.invalid': 'Zona horaria no válida: elige una de la lista (p. ej. America/Bogota)',
  'color.invalid': 'Color no válido: usa el formato #RRGGBB',
  'image.invalid': 'Imagen no válida: súbela de nuevo',
  'image.missing': 'La imagen no existe: súbela de nuevo',
  'email.invalid': 'Correo no válido',
  'emails.tooMany': 'Máximo 10 correos',
  'website.invalid': 'Escribe una URL válida (https://…)',
  'currency.invalid': 'Moneda no válida',
  'language.invalid': 'Idioma no válido',
  'country.invalid': 'País no válido (código de 2 letras)',
  'shift.invalid': 'El adelanto debe ser un número entero entre 0 y 30 días',
  'adults.invalid': 'Adultos por defecto: entre 1 y 9',
  'children.invalid': 'Niños por defecto: entre 0 y 6',
  agencyRequired: 'Elige la agencia',
  saved: 'Configuración guardada',
} as const;

const m = SETTINGS_MESSAGES;

export const AGENCY_LANGUAGES = ['es', 'en', 'pt'] as const;
export const AGENCY_LANGUAGE_LABELS: Record<(typeof AGENCY_LANGUAGES)[number], string> = { es: 'Español', en: 'Inglés', pt: 'Portugués' };

/** Kinds of e-mail an agency routes to its own addresses, and a user may opt out of. */
export const NOTIFICATION_KINDS = ['bookings', 'cancellations', 'approvals', 'deadlines'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  bookings: 'Reservas confirmadas',
  cancellations: 'Cancelaciones',
  approvals: 'Aprobaciones',
  deadlines: 'Vencimientos (plazos de cancelación y pago)',
};

export const timeZoneSchema = z
  .string({ error: m['timeZone.invalid'] })
  .trim()
  .max(64, { error: m['timeZone.invalid'] })
  .refine(isTimeZone, { error: m['timeZone.invalid'] });

const emailList = z
  .array(
    z
      .email({ error: m['email.invalid'] })
      .max(254, { error: m['email.invalid'] })
      .transform((e) => e.toLowerCase()),
    {
      error: m['email.invalid'],
    },
  )
  .max(10, { error: m['emails.tooMany'] })
  .default([]);

const emptyToNull = <T extends z.ZodType>(s: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), s.nullable());

export const notificationEmailsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, emailList])) as Record<NotificationKind, typeof emailList>,
);
export type NotificationEmails = z.infer<typeof notificationEmailsSchema>;

/** PUT /api/configuration/app: the agency's profile and defaults, all at once. */
export const agencyAppSettingsBody = z.object({
  legalName: emptyToNull(optionalString(160)).default(null),
  tradeName: emptyToNull(optionalString(160)).default(null),
  taxId: emptyToNull(optionalString(40)).default(null),
  address: emptyToNull(optionalString(200)).default(null),
  city: emptyToNull(optionalString(100)).default(null),
  country: emptyToNull(z.string({ error: m['country.invalid'] }).regex(/^[A-Z]{2}$/, { error: m['country.invalid'] })).default(null),
  phone: emptyToNull(optionalString(40)).default(null),
  website: emptyToNull(z.url({ protocol: /^https?$/, error: m['website.invalid'] }).max(300, { error: 'Máximo 300 caracteres' })).default(
    null,
  ),
  billingEmail: emptyToNull(
    z
      .email({ error: m['email.invalid'] })
      .max(254)
      .transform((e) => e.toLowerCase()),
  ).default(null),
  defaultCurrency: z.enum(COMMON_CURRENCIES, { error: m['currency.invalid'] }).default('USD'),
  language: z.enum(AGENCY_LANGUAGES, { error: m['language.invalid'] }).default('es'),
  timeZone: timeZoneSchema,
  defaultNationality: emptyToNull(z.string({ error: m['country.invalid'] }).regex(/^[A-Z]{2}$/, { error: m['country.invalid'] })).default(
    null,
  ),
  defaultAdults: z
    .number({ error: m['adults.invalid'] })
    .int({ error: m['adults.invalid'] })
    .min(1, { error: m['adults.invalid'] })
    .max(9, { error: m['adults.invalid'] })
    .default(2),
  defaultChildren: z
    .number({ error: m['children.invalid'] })
    .int({ error: m['children.invalid'] })
    .min(0, { error: m['children.invalid'] })
    .max(6, { error: m['children.invalid'] })
    .default(0),
  notificationEmails: notificationEmailsSchema.default({ bookings: [], cancellations: [], approvals: [], deadlines: [] }),
  deadlineShiftDays: z
    .number({ error: m['shift.invalid'] })
    .int({ error: m['shift.invalid'] })
    .min(0, { error: m['shift.invalid'] })
    .max(30, { error: m['shift.invalid'] })
    .default(0),
});
export type AgencyAppSettingsInput = z.input<typeof agencyAppSettingsBody>;
export type AgencyAppSettingsValues = z.output<typeof agencyAppSettingsBody>;

/** The answer: plain types (answers are serialised, never transformed). */
const text = z.string().nullable();
export const agencyAppSettingsSchema = z.object({
  agencyId: z.string(),
  name: z.string(),
  legalName: text,
  tradeName: text,
  taxId: text,
  address: text,
  city: text,
  country: text,
  phone: text,
  website: text,
  billingEmail: text,
  defaultCurrency: z.enum(COMMON_CURRENCIES),
  language: z.enum(AGENCY_LANGUAGES),
  timeZone: z.string(),
  defaultNationality: text,
  defaultAdults: z.number().int(),
  defaultChildren: z.number().int(),
  notificationEmails: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.array(z.string())])) as Record<NotificationKind, z.ZodArray<z.ZodString>>,
  ),
  deadlineShiftDays: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AgencyAppSettings = z.infer<typeof agencyAppSettingsSchema>;

/** A stored image's name as the file module answers it ('<32 hex>.webp'). */
export const storedImageName = z.string({ error: m['image.invalid'] }).regex(/^[a-f0-9]{32}\.webp$/, { error: m['image.invalid'] });

export const hexColorSchema = z
  .string({ error: m['color.invalid'] })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: m['color.invalid'] })
  .transform((c) => c.toLowerCase());

/** PUT /api/configuration/appearance. */
export const agencyAppearanceBody = z.object({
  theme: z.enum(AGENCY_THEMES, { error: 'Tema no válido' }).default('default'),
  primaryColor: emptyToNull(hexColorSchema).default(null),
  logoLight: emptyToNull(storedImageName).default(null),
  logoDark: emptyToNull(storedImageName).default(null),
  favicon: emptyToNull(storedImageName).default(null),
  voucherHeader: emptyToNull(optionalString(300)).default(null),
  voucherFooter: emptyToNull(optionalString(600)).default(null),
});
export type AgencyAppearanceInput = z.input<typeof agencyAppearanceBody>;
export type AgencyAppearanceValues = z.output<typeof agencyAppearanceBody>;

export const agencyAppearanceSchema = z.object({
  agencyId: z.string(),
  theme: z.enum(AGENCY_THEMES),
  primaryColor: text,
  logoLight: text,
  logoDark: text,
  favicon: text,
  voucherHeader: text,
  voucherFooter: text,
  updatedAt: z.string().nullable(),
});
export type AgencyAppearance = z.infer<typeof agencyAppearanceSchema>;

/** Super names the agency; everyone else edits their own (the query is ignored for them). */
export const agencySettingsQuery = z.object({ agencyId: z.uuid({ error: 'Identificador no válido' }).optional() });

/**
 * What every signed-in user of an agency gets with the session (GET /api/user, login): the zone its
 * dates are shown in and the look of its shell, so a change applies at the next load everywhere.
 */
export const agencyBrandingSchema = z.object({
  timeZone: z.string(),
  theme: z.string(),
  primaryColor: z.string().nullable(),
  logoLight: z.string().nullable(),
  logoDark: z.string().nullable(),
  favicon: z.string().nullable(),
  voucherHeader: z.string().nullable(),
  voucherFooter: z.string().nullable(),
  deadlineShiftDays: z.number().int(),
});
export type AgencyBranding = z.infer<typeof agencyBrandingSchema>;
