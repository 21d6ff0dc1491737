import {
  TRANSFER_BOOKING_MESSAGES as M,
  transferCachedQuery,
  transferQuoteBody,
  transferQuoteSchema,
  transferReserveAnswerSchema,
  transferReserveBody,
  transferSearchBody,
  transferSearchPageSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.js';
import { registerFlowRoutes } from '../flow-routes.js';

/**
 * Transfers on the booking engine (issue 18): one streamed search over every usable transfer source, the cached
 * page (filters, sorting, facets), the quote of one leg and the reserve of one or two legs under one reference.
 */
export const transferRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  registerFlowRoutes(app, services.transfers, {
    tags: ['transfer'],
    stream: { path: '/api/transfer/search/stream', body: transferSearchBody },
    page: { path: '/api/transfer/search', query: transferCachedQuery, answer: transferSearchPageSchema },
    quote: { path: '/api/transfer/quote', body: transferQuoteBody, answer: transferQuoteSchema },
    reserve: { path: '/api/transfer/reserve', body: transferReserveBody, answer: transferReserveAnswerSchema, pending: M.bookingPending },
  });
};
