import { z } from 'zod';
import type { Permission } from './permissions.js';
import { optionalString, requiredString } from './schemas/common.js';

/** Spanish messages of the integrations page and of API-key authentication. */
export const INTEGRATION_MESSAGES = {
  apiKeyInvalid: 'La llave de API no es válida o fue revocada',
  apiKeyScope: 'La llave de API no tiene permiso para esta operación',
  agencyOnly: 'Las integraciones pertenecen a una agencia: ingresa con un usuario de la agencia',
  keyName: 'Escribe un nombre para la llave',
  scopes: 'Elige al menos un permiso',
  scopeUnknown: 'Permiso no válido',
  keyNotFound: 'Llave de API no encontrada',
  keyAlreadyRevoked: 'La llave ya estaba revocada',
  webhookUrl: 'Escribe una URL http o https válida',
  webhookUrlPrivate: 'La URL debe apuntar a una dirección pública (no privada ni local) en modo producción',
  webhookEvents: 'Elige al menos un evento',
  webhookEventUnknown: 'Evento no válido',
  webhookNotFound: 'Webhook no encontrado',
  deliveryNotFound: 'Entrega no encontrada',
  replyTo: 'Correo de respuesta no válido',
  offsets: 'Los días de aviso deben ser números enteros entre 1 y 60',
} as const;

/** What an API key may be allowed to do: a subset of the permission table, never configuration or users. */
export const API_KEY_SCOPES = [
  'search:use',
  'vouchers:read',
  'vouchers:cancel',
  'vouchers:approve',
  'dashboard:view',
  'places:read',
] as const satisfies readonly Permission[];
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'search:use': 'Buscar y reservar',
  'vouchers:read': 'Consultar reservas',
  'vouchers:cancel': 'Cancelar reservas',
  'vouchers:approve': 'Aprobar reservas',
  'dashboard:view': 'Ver el tablero',
  'places:read': 'Consultar destinos',
};
/** Every key starts with this, so a leaked key is easy to recognise (secret scanners, logs). */
export const API_KEY_PREFIX = 'tvk_';

export const WEBHOOK_EVENTS = [
  'voucher.created',
  'voucher.confirmed',
  'voucher.cancelled',
  'voucher.status_changed',
  'voucher.deadline_approaching',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'voucher.created': 'Reserva creada',
  'voucher.confirmed': 'Reserva confirmada',
  'voucher.cancelled': 'Reserva cancelada',
  'voucher.status_changed': 'Cambio de estado',
  'voucher.deadline_approaching': 'Vencimiento próximo',
};
/** Headers of a webhook request (docs/INTEGRATIONS.md). */
export const WEBHOOK_HEADERS = {
  signature: 'x-travesia-signature',
  timestamp: 'x-travesia-timestamp',
  event: 'x-travesia-event',
  delivery: 'x-travesia-delivery',
} as const;

export const createApiKeyBody = z.object({
  name: requiredString(INTEGRATION_MESSAGES.keyName, 80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: INTEGRATION_MESSAGES.scopeUnknown }), { error: INTEGRATION_MESSAGES.scopes })
    .min(1, { error: INTEGRATION_MESSAGES.scopes })
    .max(API_KEY_SCOPES.length),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** The answer to a creation: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const webhookUrl = z
  .string({ error: INTEGRATION_MESSAGES.webhookUrl })
  .trim()
  .max(500, { error: 'Máximo 500 caracteres' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: INTEGRATION_MESSAGES.webhookUrl },
  );
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: INTEGRATION_MESSAGES.webhookEventUnknown }), { error: INTEGRATION_MESSAGES.webhookEvents })
  .min(1, { error: INTEGRATION_MESSAGES.webhookEvents })
  .max(WEBHOOK_EVENTS.length);

export const createWebhookBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  description: optionalString(200).optional(),
});
export const updateWebhookBody = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: optionalString(200).optional(),
  active: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** The answer to a creation: the signing secret, shown once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  _id: z.string(),
  event: z.string(),
  eventId: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const mailSettingsSchema = z.object({ senderName: z.string().nullable(), replyTo: z.string().nullable() });
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const putMailSettingsBody = z.object({
  senderName: optionalString(80).nullable().optional(),
  replyTo: z
    .union([z.email({ error: INTEGRATION_MESSAGES.replyTo }), z.literal('')], { error: INTEGRATION_MESSAGES.replyTo })
    .nullable()
    .optional(),
});

export const DEFAULT_REMINDER_OFFSETS = [7, 3] as const;
export const reminderSettingsSchema = z.object({ offsets: z.array(z.number().int()), daily: z.boolean() });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export const putReminderSettingsBody = z.object({
  offsets: z
    .array(
      z
        .number({ error: INTEGRATION_MESSAGES.offsets })
        .int({ error: INTEGRATION_MESSAGES.offsets })
        .min(1, { error: INTEGRATION_MESSAGES.offsets })
        .max(60, { error: INTEGRATION_MESSAGES.offsets }),
      {
        error: INTEGRATION_MESSAGES.offsets,
      },
    )
    .min(1, { error: INTEGRATION_MESSAGES.offsets })
    .max(10, { error: INTEGRATION_MESSAGES.offsets }),
  daily: z.boolean({ error: 'Debe ser verdadero o falso' }),
});

/** The days a reminder goes out before a deadline: the offsets, then (when daily) every day below the smallest. */
export function reminderDays(settings: ReminderSettings): number[] {
  const days = new Set(settings.offsets.filter((d) => Number.isInteger(d) && d > 0));
  if (settings.daily && days.size) for (let d = Math.min(...days) - 1; d >= 1; d--) days.add(d);
  return [...days].sort((a, b) => b - a);
}

export const DEADLINE_KINDS = ['free-cancellation', 'payment', 'pre-reservation'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  'free-cancellation': 'Cancelación sin costo',
  payment: 'Pago',
  'pre-reservation': 'Vencimiento de la pre-reserva',
};

/** The "Vencen pronto" card: open deadlines of the caller's scope, soonest first. */
export const upcomingDeadlineSchema = z.object({
  voucherId: z.string(),
  reference: z.string(),
  productName: z.string().nullable(),
  status: z.string(),
  kind: z.enum(DEADLINE_KINDS),
  dueAt: z.string(),
});
export type UpcomingDeadline = z.infer<typeof upcomingDeadlineSchema>;
export const upcomingDeadlinesQuery = z.object({
  days: z.coerce
    .number({ error: 'Debe ser un número' })
    .int({ error: 'Debe ser un número entero' })
    .min(1, { error: 'Mínimo 1 día' })
    .max(60, { error: 'Máximo 60 días' })
    .default(7),
});
