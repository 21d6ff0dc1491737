import {
  exchangeRateAdminList,
  exchangeRateAdminSchema,
  exchangeRateHistoryQuery,
  exchangeRateList,
  exchangeRateListQuery,
  putExchangeRatesBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

export const exchangeRateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { exchangeRates } = services;
  const manage = { permission: 'exchange-rates:manage' as const };

  /** Any signed-in user reads the rates in force (now, or at `at`): prices on screen show their USD equivalent. */
  app.get(
    '/api/exchange-rate',
    { schema: { tags: ['exchange-rate'], querystring: exchangeRateListQuery, response: { 200: exchangeRateList } } },
    async (req) => exchangeRates.list(req.query.at ? new Date(req.query.at) : new Date()),
  );

  app.get(
    '/api/exchange-rate/history',
    {
      config: manage,
      schema: { tags: ['exchange-rate'], querystring: exchangeRateHistoryQuery, response: { 200: z.array(exchangeRateAdminSchema) } },
    },
    async (req) => exchangeRates.history(req.query.currency),
  );

  app.put(
    '/api/exchange-rate',
    { config: manage, schema: { tags: ['exchange-rate'], body: putExchangeRatesBody, response: { 200: exchangeRateAdminList } } },
    async (req) => exchangeRates.put(authOf(req), req.body),
  );
};
