import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type CreatedWebhook,
  type CreateWebhookBody,
  INTEGRATION_MESSAGES,
  isIpLiteral,
  isPublicAddress,
  type MailSettings,
  portOf,
  SUPPLIER_HOST_PORTS,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
} from '@travesia/contracts';
import type { AgencyRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { OutboxWorker } from '../outbox/worker.js';
import type { ApiKeyListRow, ApiKeyRepository } from './api-key-repository.js';
import type { MailSenderRepository } from './mail-sender-repository.js';
import type { WebhookRepository } from './webhook-repository.js';
import { newWebhookSecret } from './webhook-signing.js';

export interface IntegrationServiceDeps {
  apiKeys: ApiKeyRepository;
  webhooks: WebhookRepository;
  secrets: () => SecretBox;
  outbox: OutboxWorker;
  mailSenders: MailSenderRepository;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The associated data that binds a sealed webhook secret to its endpoint. */
export const webhookSecretAad = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/**
 * The agency's integrations (/configuration/integrations, decisions 0260–0262): API keys, webhook
 * endpoints and their delivery log, and the sender of the agency's mails. Always the caller's own
 * agency, from the session; platform staff have none and are refused.
 */
export class IntegrationService {
  constructor(private readonly d: IntegrationServiceDeps) {}

  // ------------------------------------------------------------------ API keys

  async listKeys(auth: AuthContext): Promise<ApiKey[]> {
    return (await this.d.apiKeys.list(agencyOf(auth).id)).map(presentKey);
  }

  async createKey(auth: AuthContext, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const agency = agencyOf(auth);
    const key = `${API_KEY_PREFIX}${newToken(32)}`;
    const row = await this.d.apiKeys.insert({
      agencyId: agency.id,
      userId: auth.user.id,
      name: body.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      keyHash: sha256(key),
      scopes: [...new Set(body.scopes)],
    });
    return { ...presentKey({ key: row, createdBy: auth.user.email }), key };
  }

  async revokeKey(auth: AuthContext, id: string): Promise<ApiKey> {
    const agencyId = agencyOf(auth).id;
    if (!(await this.d.apiKeys.find(agencyId, id))) throw notFound(INTEGRATION_MESSAGES.keyNotFound);
    if (!(await this.d.apiKeys.revoke(agencyId, id))) throw new AppError(409, 'ALREADY_REVOKED', INTEGRATION_MESSAGES.keyAlreadyRevoked);
    const row = await this.d.apiKeys.find(agencyId, id);
    if (!row) throw notFound(INTEGRATION_MESSAGES.keyNotFound);
    return presentKey({ key: row, createdBy: null });
  }

  // ------------------------------------------------------------------ webhooks

  async listWebhooks(auth: AuthContext): Promise<Webhook[]> {
    return (await this.d.webhooks.list(agencyOf(auth).id)).map(presentWebhook);
  }

  async createWebhook(auth: AuthContext, body: CreateWebhookBody): Promise<CreatedWebhook> {
    const agency = agencyOf(auth);
    checkDestination(agency, body.url);
    const secret = newWebhookSecret();
    const id = crypto.randomUUID();
    const row = await this.d.webhooks.insert({
      id,
      agencyId: agency.id,
      url: body.url,
      description: body.description || null,
      events: [...new Set(body.events)],
      secretSealed: this.d.secrets().seal(secret, webhookSecretAad(id)),
    });
    return { ...presentWebhook(row), secret };
  }

  async updateWebhook(auth: AuthContext, id: string, body: UpdateWebhookBody): Promise<Webhook> {
    const agency = agencyOf(auth);
    if (body.url !== undefined) checkDestination(agency, body.url);
    const values: Partial<WebhookEndpointRow> = {};
    if (body.url !== undefined) values.url = body.url;
    if (body.events !== undefined) values.events = [...new Set(body.events)];
    if (body.description !== undefined) values.description = body.description || null;
    if (body.active !== undefined) values.active = body.active;
    const row = Object.keys(values).length
      ? await this.d.webhooks.update(agency.id, id, values)
      : await this.d.webhooks.find(agency.id, id);
    if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
    return presentWebhook(row);
  }

  async deleteWebhook(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.d.webhooks.remove(agencyOf(auth).id, id))) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
  }

  async deliveries(auth: AuthContext, endpointId: string): Promise<WebhookDelivery[]> {
    await this.endpoint(auth, endpointId);
    return (await this.d.webhooks.deliveries(endpointId)).map(presentDelivery);
  }

  /** "Reenviar": queues the same event again for the endpoint and starts sending at once. */
  async resend(auth: AuthContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.endpoint(auth, endpointId);
    const original = await this.d.webhooks.delivery(endpointId, deliveryId);
    if (!original) throw notFound(INTEGRATION_MESSAGES.deliveryNotFound);
    const row = await this.d.webhooks.resend(original);
    this.d.outbox.kick();
    return presentDelivery(row);
  }

  private async endpoint(auth: AuthContext, id: string) {
    const row = await this.d.webhooks.find(agencyOf(auth).id, id);
    if (!row) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
    return row;
  }

  // ------------------------------------------------------------------ mail sender

  async mailSettings(auth: AuthContext): Promise<MailSettings> {
    return this.mailSettingsOf(agencyOf(auth).id);
  }

  async putMailSettings(auth: AuthContext, body: { senderName?: string | null; replyTo?: string | null }): Promise<MailSettings> {
    const agencyId = agencyOf(auth).id;
    await this.d.mailSenders.put(agencyId, { senderName: body.senderName ?? null, replyTo: body.replyTo ?? null });
    return this.mailSettingsOf(agencyId);
  }

  /** The sender name and reply-to of an agency's mails (null when it set none). */
  mailSettingsOf(agencyId: string): Promise<MailSettings> {
    return this.d.mailSenders.of(agencyId);
  }
}

/** The caller's agency: integrations belong to one, so platform staff (no agency) are refused. */
export function agencyOf(auth: AuthContext): AgencyRow {
  if (!auth.agency) throw forbidden(INTEGRATION_MESSAGES.agencyOnly);
  return auth.agency;
}

/**
 * A production agency's webhook must reach a public address on an HTTP(S) port (decision 0143). Names
 * are checked again at every connection by the guarded agent (DNS rebinding); here only what can be
 * judged without DNS: IP literals, `localhost` names and the port.
 */
export function checkDestination(agency: AgencyRow, url: string) {
  if (agency.mode !== 'production') return;
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal');
  if (local || (isIpLiteral(host) && !isPublicAddress(host)))
    throw badRequest(INTEGRATION_MESSAGES.webhookUrlPrivate, { url: INTEGRATION_MESSAGES.webhookUrlPrivate });
  if (!SUPPLIER_HOST_PORTS.has(portOf(u))) {
    const message = 'En modo producción el puerto debe ser 80, 443, 8080 u 8443';
    throw badRequest(message, { url: message });
  }
}

function presentKey({ key, createdBy }: ApiKeyListRow): ApiKey {
  return {
    _id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    createdAt: key.createdAt.toISOString(),
    createdBy,
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  };
}

function presentWebhook(row: WebhookEndpointRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    event: row.event,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    deliveredAt: iso(row.deliveredAt),
  };
}
