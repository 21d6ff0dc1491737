import { storefrontAgencyOrderPageSchema, storefrontAgencyOrdersParams, storefrontAgencyOrdersQuery } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

/** The agency's side of its storefronts (decision 0602): a white label's orders, private to its managers. */
export const storefrontAgencyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/whitelabel/:id/orders',
    {
      config: { permission: 'whitelabels:manage' },
      schema: {
        tags: ['storefront'],
        params: storefrontAgencyOrdersParams,
        querystring: storefrontAgencyOrdersQuery,
        response: { 200: storefrontAgencyOrderPageSchema },
      },
    },
    async (req) => services.storefrontOrders.list(authOf(req), req.params.id, req.query),
  );
};
