import {
  apiKeySchema,
  createApiKeyBody,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookBody,
  idParams,
  idSchema,
  mailSettingsSchema,
  putMailSettingsBody,
  putReminderSettingsBody,
  reminderSettingsSchema,
  updateWebhookBody,
  webhookDeliverySchema,
  webhookSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

const BASE = '/api/configuration/integrations';

/** /configuration/integrations (decisions 0260–0262): the caller's own agency only, agency admins. */
export const integrationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { integrations, deadlines } = services;
  const config = { permission: 'configuration:manage' as const };
  const tags = ['integrations'];

  app.get(`${BASE}/api-keys`, { config, schema: { tags, response: { 200: z.array(apiKeySchema) } } }, async (req) =>
    integrations.listKeys(authOf(req)),
  );
  app.post(
    `${BASE}/api-keys`,
    { config, schema: { tags, body: createApiKeyBody, response: { 201: createdApiKeySchema } } },
    async (req, reply) => reply.code(201).send(await integrations.createKey(authOf(req), req.body)),
  );
  app.post(`${BASE}/api-keys/:id/revoke`, { config, schema: { tags, params: idParams, response: { 200: apiKeySchema } } }, async (req) =>
    integrations.revokeKey(authOf(req), req.params.id),
  );

  app.get(`${BASE}/webhooks`, { config, schema: { tags, response: { 200: z.array(webhookSchema) } } }, async (req) =>
    integrations.listWebhooks(authOf(req)),
  );
  app.post(
    `${BASE}/webhooks`,
    { config, schema: { tags, body: createWebhookBody, response: { 201: createdWebhookSchema } } },
    async (req, reply) => reply.code(201).send(await integrations.createWebhook(authOf(req), req.body)),
  );
  app.patch(
    `${BASE}/webhooks/:id`,
    { config, schema: { tags, params: idParams, body: updateWebhookBody, response: { 200: webhookSchema } } },
    async (req) => integrations.updateWebhook(authOf(req), req.params.id, req.body),
  );
  app.delete(`${BASE}/webhooks/:id`, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await integrations.deleteWebhook(authOf(req), req.params.id);
    return reply.code(204).send();
  });
  app.get(
    `${BASE}/webhooks/:id/deliveries`,
    { config, schema: { tags, params: idParams, response: { 200: z.array(webhookDeliverySchema) } } },
    async (req) => integrations.deliveries(authOf(req), req.params.id),
  );
  app.post(
    `${BASE}/webhooks/:id/deliveries/:deliveryId/resend`,
    {
      config,
      schema: { tags, params: z.object({ id: idSchema, deliveryId: idSchema }), response: { 201: webhookDeliverySchema } },
    },
    async (req, reply) => reply.code(201).send(await integrations.resend(authOf(req), req.params.id, req.params.deliveryId)),
  );

  app.get(`${BASE}/mail`, { config, schema: { tags, response: { 200: mailSettingsSchema } } }, async (req) =>
    integrations.mailSettings(authOf(req)),
  );
  app.put(`${BASE}/mail`, { config, schema: { tags, body: putMailSettingsBody, response: { 200: mailSettingsSchema } } }, async (req) =>
    integrations.putMailSettings(authOf(req), req.body),
  );

  app.get(`${BASE}/reminders`, { config, schema: { tags, response: { 200: reminderSettingsSchema } } }, async (req) =>
    deadlines.settings(authOf(req)),
  );
  app.put(
    `${BASE}/reminders`,
    { config, schema: { tags, body: putReminderSettingsBody, response: { 200: reminderSettingsSchema } } },
    async (req) => deadlines.putSettings(authOf(req), req.body),
  );
};
