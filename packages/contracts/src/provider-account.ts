import { z } from 'zod';
import { perProvider, providerKinds } from './booking/providers.js';
import { isIpLiteral, isPublicAddress, portOf, SUPPLIER_HOST_PORTS } from './net-address.js';
import { idSchema, optionalString, requiredString } from './schemas/common.js';
import { partialUpdateOf } from './schemas/partial-update.js';
import { type ProductKind, SUPPLIER_CREDENTIAL_FIELDS, SUPPLIERS, type SupplierId } from './suppliers.js';

/**
 * Provider accounts: a supplier, its credentials (encrypted at rest, secret fields masked in every
 * answer), settings and an active flag. Super keeps templates (agencyId null) that agencies link to;
 * a linked account inherits the template's credentials and never sees them.
 */

export const PROVIDER_MESSAGES = {
  notFound: 'Proveedor no encontrado',
  templateNotFound: 'Plantilla de proveedor no encontrada',
  nameRequired: 'Nombre es obligatorio',
  nameTaken: 'Ya existe un proveedor con ese nombre',
  supplierInvalid: 'Proveedor no válido',
  credentialRequired: 'Este dato es obligatorio',
  credentialUnknown: 'Este dato no corresponde al proveedor',
  credentialMasked: 'Escribe el valor completo; no uses el valor enmascarado',
  hostInvalid: 'Debe ser una dirección http(s) pública, por ejemplo https://xml.proveedor.com',
  templateSupplierMismatch: 'La plantilla es de otro proveedor',
  templateInactive: 'La plantilla de proveedor no está activa',
  inactive: 'El proveedor no está activo',
  notAllowed: 'No tienes permiso para usar este proveedor',
  noAgency: 'Tu usuario no pertenece a una agencia',
  inUseByUsers: (n: number) =>
    `No se puede eliminar: el proveedor está asignado a ${n} ${n === 1 ? 'usuario' : 'usuarios'}. Quítalo de sus proveedores disponibles o desactívalo.`,
  linkedAccounts: (n: number) =>
    `No se puede eliminar: la plantilla está vinculada a ${n} ${n === 1 ? 'cuenta de agencia' : 'cuentas de agencias'}. Desactívala o desvincula esas cuentas.`,
  inUseByRecords: 'No se puede eliminar: el proveedor tiene registros asociados. Desactívalo en su lugar.',
  currencyInvalid: 'Moneda no válida (código ISO de 3 letras, p. ej. USD)',
  nationalityInvalid: 'Nacionalidad no válida (código ISO de 2 letras, p. ej. CO)',
  languageInvalid: 'Idioma no válido (p. ej. es)',
  timeoutInvalid: 'El tiempo de espera debe estar entre 1000 y 300000 ms',
  timeoutKeyInvalid: 'Operación no válida',
  testUnavailable: 'La prueba de conexión aún no está disponible para este proveedor',
  testOk: 'Conexión exitosa',
  testFailed: 'No se pudo conectar con el proveedor',
  testTimeout: 'El proveedor no respondió a tiempo',
  testThrottled: 'Hiciste demasiadas pruebas de conexión. Espera unos minutos e inténtalo de nuevo.',
  deleted: 'Proveedor eliminado',
} as const;

/** The product kinds each supplier serves (PROTOCOLS.md), for the per-operation timeouts form. */
export const SUPPLIER_PRODUCT_KINDS: Record<SupplierId, readonly ProductKind[]> = perProvider(SUPPLIERS, providerKinds);

/** Operations an adapter times out separately; a timeout key is `<kind>.<operation>`, e.g. 'hotel.search'. */
export const PROVIDER_OPERATIONS = ['search', 'quote', 'book', 'cancel', 'lookup'] as const;
export type ProviderOperation = (typeof PROVIDER_OPERATIONS)[number];
export const PROVIDER_OPERATION_LABELS: Record<ProviderOperation, string> = {
  search: 'Búsqueda',
  quote: 'Cotización / reglas',
  book: 'Reserva',
  cancel: 'Cancelación',
  lookup: 'Consulta de reserva',
};
export const TIMEOUT_KEY_PATTERN = /^(hotel|ticket|transfer|flight)\.(search|quote|book|cancel|lookup)$/;
export const TIMEOUT_MIN_MS = 1000;
export const TIMEOUT_MAX_MS = 300_000;

export const PROVIDER_LANGUAGES = ['es', 'en', 'pt', 'fr', 'it', 'de'] as const;
export type ProviderLanguage = (typeof PROVIDER_LANGUAGES)[number];
export const PROVIDER_LANGUAGE_LABELS: Record<ProviderLanguage, string> = {
  es: 'Español',
  en: 'Inglés',
  pt: 'Portugués',
  fr: 'Francés',
  it: 'Italiano',
  de: 'Alemán',
};

export const DEFAULT_PROVIDER_SETTINGS = { currency: 'USD', nationality: 'CO', language: 'es', timeouts: {} } as const;

/** The character secret values are masked with; a value containing it is never stored. */
export const MASK_CHAR = '•';

/**
 * How a stored secret is shown: six dots, plus the last four characters when the secret is long
 * enough (12+) that four characters give nothing useful away.
 */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `${MASK_CHAR.repeat(6)}${value.slice(-4)}` : MASK_CHAR.repeat(6);
}

export const supplierSchema = z.enum(SUPPLIERS, { error: PROVIDER_MESSAGES.supplierInvalid });

const settingsFields = {
  currency: z
    .string({ error: PROVIDER_MESSAGES.currencyInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: PROVIDER_MESSAGES.currencyInvalid }),
  nationality: z
    .string({ error: PROVIDER_MESSAGES.nationalityInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: PROVIDER_MESSAGES.nationalityInvalid }),
  language: z.enum(PROVIDER_LANGUAGES, { error: PROVIDER_MESSAGES.languageInvalid }),
  /** Per-operation overrides in ms; an operation left out uses the adapter's default. */
  timeouts: z.record(
    z.string().regex(TIMEOUT_KEY_PATTERN, { error: PROVIDER_MESSAGES.timeoutKeyInvalid }),
    z
      .number({ error: PROVIDER_MESSAGES.timeoutInvalid })
      .int({ error: PROVIDER_MESSAGES.timeoutInvalid })
      .min(TIMEOUT_MIN_MS, { error: PROVIDER_MESSAGES.timeoutInvalid })
      .max(TIMEOUT_MAX_MS, { error: PROVIDER_MESSAGES.timeoutInvalid }),
  ),
};

/**
 * Settings as sent. On create what is left out takes the default (for a linked account, the
 * template's); on update only the fields given change, and `timeouts`, when given, replaces the map.
 */
export const providerSettingsSchema = z.object(settingsFields).partial();

export type ProviderSettingsInput = z.input<typeof providerSettingsSchema>;

/** Credentials as sent: field -> value. Per-supplier rules are checked by `credentialIssues`. */
export const credentialsInputSchema = z.record(
  z.string().max(60),
  z.string({ error: 'Debe ser texto' }).trim().max(500, { error: 'Máximo 500 caracteres' }),
);

const nameSchema = requiredString(PROVIDER_MESSAGES.nameRequired, 100);

export const createProviderAccountBody = z.object({
  supplier: supplierSchema,
  name: nameSchema,
  active: z.boolean().default(true),
  /** Link to a template: the account then uses the template's credentials and sends none. */
  templateId: idSchema.nullable().optional(),
  credentials: credentialsInputSchema.optional(),
  settings: providerSettingsSchema.optional(),
});
export type CreateProviderAccountBody = z.input<typeof createProviderAccountBody>;

/** The supplier never changes after creation; a masked secret sent back keeps the stored value. */
export const updateProviderAccountBody = z
  .object({
    name: nameSchema,
    active: z.boolean(),
    templateId: idSchema.nullable(),
    credentials: credentialsInputSchema,
    settings: providerSettingsSchema,
  })
  .partial();
export type UpdateProviderAccountBody = z.input<typeof updateProviderAccountBody>;

export const createProviderTemplateBody = z.object({
  supplier: supplierSchema,
  name: nameSchema,
  active: z.boolean().default(true),
  /** Offered to every agency to link; otherwise only super links it for an agency. */
  shared: z.boolean().default(true),
  credentials: credentialsInputSchema,
  settings: providerSettingsSchema.optional(),
});
export type CreateProviderTemplateBody = z.input<typeof createProviderTemplateBody>;

/** Only the fields given change: no defaults, so the toggle `{active}` keeps `shared` as it was. */
export const updateProviderTemplateBody = partialUpdateOf(createProviderTemplateBody.omit({ supplier: true }));
export type UpdateProviderTemplateBody = z.input<typeof updateProviderTemplateBody>;

export const providerListQuery = z.object({
  q: optionalString(100).optional(),
  supplier: supplierSchema.optional(),
});

export const agencyIdParams = z.object({ agencyId: idSchema });
export const agencyAccountParams = z.object({ agencyId: idSchema, id: idSchema });

const settingsOut = z.object({
  currency: z.string(),
  nationality: z.string(),
  language: z.string(),
  timeouts: z.record(z.string(), z.number()),
});

export const providerAccountSchema = z.object({
  _id: z.string(),
  kind: z.enum(['agency', 'template']),
  agencyId: z.string().nullable(),
  supplier: supplierSchema,
  name: z.string(),
  active: z.boolean(),
  /** Templates only: offered to every agency. */
  shared: z.boolean(),
  /** The template a linked account uses (its credentials are never shown to the agency). */
  template: z.object({ _id: z.string(), name: z.string(), active: z.boolean() }).nullable(),
  /** Own credentials, secret fields masked; empty for a linked account. */
  credentials: z.record(z.string(), z.string()),
  /** False when the stored credentials can't be decrypted (key lost): they must be typed again. */
  credentialsReadable: z.boolean(),
  settings: settingsOut,
  /** Templates only: how many agency accounts link to it. */
  linkedAccounts: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** What a search form needs: no credentials, no settings. */
export const usableProviderAccountSchema = z.object({ _id: z.string(), name: z.string(), supplier: supplierSchema });
export type UsableProviderAccount = z.infer<typeof usableProviderAccountSchema>;

export const linkableTemplateSchema = usableProviderAccountSchema;
export type LinkableTemplate = UsableProviderAccount;

export const connectionTestSchema = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  msg: z.string(),
  mode: z.enum(['sandbox', 'production']),
  latencyMs: z.number().int().nullable(),
});
export type ConnectionTestAnswer = z.infer<typeof connectionTestSchema>;

/** Names that always lead to this machine or a private network, whatever DNS says. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/**
 * Production hosts a client may set (decision 0143): an http(s) URL without credentials, query or
 * fragment, on a supplier port (SUPPLIER_HOST_PORTS), naming a public host — an IP literal must be a
 * public unicast address (IPv4-mapped, IPv4-compatible and every special-purpose range refused), a name
 * must not be a local one. The server then resolves the name and checks every address it resolves to,
 * at save time and again at connection time (suppliers/http/guarded-agent.ts).
 */
export function isAllowedHost(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password || url.search || url.hash) return false;
  if (!SUPPLIER_HOST_PORTS.has(portOf(url))) return false;
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (isIpLiteral(host)) return isPublicAddress(host);
  // WHATWG URL parsing already turned decimal, octal and hex IPv4 forms into dotted quads.
  if (!host.includes('.') || /^[\d.]+$/.test(host)) return false;
  return !PRIVATE_NAME.test(host);
}

/**
 * Per-supplier credential checks, shared by server and form. `partial` (an update) only checks the
 * fields given; a create needs every non-optional field. Answers field -> message.
 */
export function credentialIssues(supplier: SupplierId, credentials: Record<string, string>, partial: boolean): Record<string, string> {
  const fields = SUPPLIER_CREDENTIAL_FIELDS[supplier];
  const issues: Record<string, string> = {};
  for (const key of Object.keys(credentials)) {
    if (!fields.some((f) => f.key === key)) issues[key] = PROVIDER_MESSAGES.credentialUnknown;
  }
  for (const f of fields) {
    const value = credentials[f.key];
    if (value === undefined && partial) continue;
    if (!value) {
      if (!f.optional) issues[f.key] = PROVIDER_MESSAGES.credentialRequired;
      continue;
    }
    if (f.key === 'host' && !isAllowedHost(value)) issues[f.key] = PROVIDER_MESSAGES.hostInvalid;
  }
  return issues;
}
