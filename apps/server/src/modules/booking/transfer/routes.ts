import { TRANSFER_FLOW_API } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.js';
import { registerFlowRoutes } from '../flow-routes.js';

/**
 * Transfers on the booking engine (issue 18): one streamed search over every usable transfer source, the cached
 * page (filters, sorting, facets), the quote of one leg and the reserve of one or two legs under one reference.
 */
export const transferRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  registerFlowRoutes(app, services.transfers, TRANSFER_FLOW_API);
};
