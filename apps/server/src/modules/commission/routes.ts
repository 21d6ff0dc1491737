import { commissionSettingsQuery, commissionSettingsSchema, putCommissionSettingsBody } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

export const commissionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { commissionSettings } = services;
  const config = { permission: 'configuration:manage' as const };

  app.get(
    '/api/configuration/commission',
    { config, schema: { tags: ['configuration'], querystring: commissionSettingsQuery, response: { 200: commissionSettingsSchema } } },
    async (req) => commissionSettings.get(authOf(req), req.query.agencyId),
  );

  app.put(
    '/api/configuration/commission',
    {
      config,
      schema: {
        tags: ['configuration'],
        querystring: commissionSettingsQuery,
        body: putCommissionSettingsBody,
        response: { 200: commissionSettingsSchema },
      },
    },
    async (req) => commissionSettings.put(authOf(req), req.body, req.query.agencyId),
  );
};
