import {
  agencyAppearanceBody,
  agencyAppearanceSchema,
  agencyAppSettingsBody,
  agencyAppSettingsSchema,
  agencySettingsQuery,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

export const agencySettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { agencySettings } = services;
  const config = { permission: 'configuration:manage' as const };
  const tags = ['configuration'];

  app.get(
    '/api/configuration/app',
    { config, schema: { tags, querystring: agencySettingsQuery, response: { 200: agencyAppSettingsSchema } } },
    async (req) => agencySettings.getApp(authOf(req), req.query.agencyId),
  );

  app.put(
    '/api/configuration/app',
    { config, schema: { tags, querystring: agencySettingsQuery, body: agencyAppSettingsBody, response: { 200: agencyAppSettingsSchema } } },
    async (req) => agencySettings.putApp(authOf(req), req.body, req.query.agencyId),
  );

  app.get(
    '/api/configuration/appearance',
    { config, schema: { tags, querystring: agencySettingsQuery, response: { 200: agencyAppearanceSchema } } },
    async (req) => agencySettings.getAppearance(authOf(req), req.query.agencyId),
  );

  app.put(
    '/api/configuration/appearance',
    { config, schema: { tags, querystring: agencySettingsQuery, body: agencyAppearanceBody, response: { 200: agencyAppearanceSchema } } },
    async (req) => agencySettings.putAppearance(authOf(req), req.body, req.query.agencyId),
  );
};
