import {
  storefrontCheckoutSchema,
  storefrontHotelPageQuery,
  storefrontHotelPageSchema,
  storefrontHotelSearchBody,
  storefrontOrderBody,
  storefrontOrderLookupQuery,
  storefrontOrderParams,
  storefrontOrderViewSchema,
  storefrontPlacesBody,
  storefrontPlacesSchema,
  storefrontQuoteBody,
  storefrontQuoteSchema,
  storefrontSlugParams,
  storefrontTicketOrderBody,
  storefrontTicketPageQuery,
  storefrontTicketPageSchema,
  storefrontTicketQuoteBody,
  storefrontTicketQuoteSchema,
  storefrontTicketSearchBody,
  storefrontTransferOrderBody,
  storefrontTransferPageQuery,
  storefrontTransferPageSchema,
  storefrontTransferQuoteBody,
  storefrontTransferQuoteSchema,
  storefrontTransferSearchBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';

const ok = <T extends z.ZodType>(schema: T) => z.object({ success: z.literal(true), response: schema });
const cacheParams = storefrontSlugParams.extend({ cacheId: z.string().max(64) });

/**
 * The public storefront API (README.md in this folder): every route is public and resolves the active
 * white label from the slug; answers carry the traveller's price only.
 */
export const storefrontRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const shop = services.storefront;
  const config = { public: true };
  const tags = ['storefront'];

  app.post(
    '/api/storefront/:slug/places',
    { config, schema: { tags, params: storefrontSlugParams, body: storefrontPlacesBody, response: { 200: ok(storefrontPlacesSchema) } } },
    async (req) => ({ success: true as const, response: await shop.places(req.params.slug, req.body.keyword, req.ip) }),
  );

  app.post(
    '/api/storefront/:slug/hotels/search',
    {
      config,
      schema: { tags, params: storefrontSlugParams, body: storefrontHotelSearchBody, response: { 200: ok(storefrontHotelPageSchema) } },
    },
    async (req) => ({ success: true as const, response: await shop.searchHotels(req.params.slug, req.body) }),
  );

  app.get(
    '/api/storefront/:slug/hotels/search/:cacheId',
    {
      config,
      schema: {
        tags,
        params: cacheParams,
        querystring: storefrontHotelPageQuery,
        response: { 200: ok(storefrontHotelPageSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const response = await shop.page(
        req.params.slug,
        req.params.cacheId,
        { page: q.page, limit: q.limit, sort: q.sort },
        {
          stars: q.stars?.split(',').map(Number),
          boards: q.board?.split(','),
          refundable: q.refundable === undefined ? undefined : q.refundable === 'true',
          q: q.q,
          categories: q.category
            ?.split(',')
            .map((c) => c.trim())
            .filter(Boolean),
        },
      );
      return { success: true as const, response };
    },
  );

  app.post(
    '/api/storefront/:slug/hotels/quote',
    { config, schema: { tags, params: storefrontSlugParams, body: storefrontQuoteBody, response: { 200: ok(storefrontQuoteSchema) } } },
    async (req) => ({ success: true as const, response: (await shop.quote(req.params.slug, req.body.cacheId, req.body.optionId)).view }),
  );

  app.post(
    '/api/storefront/:slug/orders',
    { config, schema: { tags, params: storefrontSlugParams, body: storefrontOrderBody, response: { 201: ok(storefrontCheckoutSchema) } } },
    async (req, reply) => {
      const response = await shop.createOrder(req.params.slug, req.body);
      return reply.code(201).send({ success: true as const, response });
    },
  );

  // Tickets (decision 0530): search, page, quote, order.
  app.post(
    '/api/storefront/:slug/tickets/search',
    {
      config,
      schema: { tags, params: storefrontSlugParams, body: storefrontTicketSearchBody, response: { 200: ok(storefrontTicketPageSchema) } },
    },
    async (req) => ({ success: true as const, response: await shop.searchTickets(req.params.slug, req.body) }),
  );

  app.get(
    '/api/storefront/:slug/tickets/search/:cacheId',
    {
      config,
      schema: { tags, params: cacheParams, querystring: storefrontTicketPageQuery, response: { 200: ok(storefrontTicketPageSchema) } },
    },
    async (req) => ({ success: true as const, response: await shop.ticketPage(req.params.slug, req.params.cacheId, req.query) }),
  );

  app.post(
    '/api/storefront/:slug/tickets/quote',
    {
      config,
      schema: { tags, params: storefrontSlugParams, body: storefrontTicketQuoteBody, response: { 200: ok(storefrontTicketQuoteSchema) } },
    },
    async (req) => ({ success: true as const, response: await shop.quoteTicket(req.params.slug, req.body.cacheId, req.body.optionId) }),
  );

  app.post(
    '/api/storefront/:slug/tickets/orders',
    {
      config,
      schema: { tags, params: storefrontSlugParams, body: storefrontTicketOrderBody, response: { 201: ok(storefrontCheckoutSchema) } },
    },
    async (req, reply) => {
      const response = await shop.createTicketOrder(req.params.slug, req.body);
      return reply.code(201).send({ success: true as const, response });
    },
  );

  // Transfers (decision 0530): search, page, quote, order.
  app.post(
    '/api/storefront/:slug/transfers/search',
    {
      config,
      schema: {
        tags,
        params: storefrontSlugParams,
        body: storefrontTransferSearchBody,
        response: { 200: ok(storefrontTransferPageSchema) },
      },
    },
    async (req) => ({ success: true as const, response: await shop.searchTransfers(req.params.slug, req.body) }),
  );

  app.get(
    '/api/storefront/:slug/transfers/search/:cacheId',
    {
      config,
      schema: { tags, params: cacheParams, querystring: storefrontTransferPageQuery, response: { 200: ok(storefrontTransferPageSchema) } },
    },
    async (req) => ({ success: true as const, response: await shop.transferPage(req.params.slug, req.params.cacheId, req.query) }),
  );

  app.post(
    '/api/storefront/:slug/transfers/quote',
    {
      config,
      schema: {
        tags,
        params: storefrontSlugParams,
        body: storefrontTransferQuoteBody,
        response: { 200: ok(storefrontTransferQuoteSchema) },
      },
    },
    async (req) => ({ success: true as const, response: await shop.quoteTransfer(req.params.slug, req.body) }),
  );

  app.post(
    '/api/storefront/:slug/transfers/orders',
    {
      config,
      schema: { tags, params: storefrontSlugParams, body: storefrontTransferOrderBody, response: { 201: ok(storefrontCheckoutSchema) } },
    },
    async (req, reply) => {
      const response = await shop.createTransferOrder(req.params.slug, req.body);
      return reply.code(201).send({ success: true as const, response });
    },
  );

  app.get(
    '/api/storefront/:slug/orders/:ref',
    {
      config,
      schema: {
        tags,
        params: storefrontOrderParams,
        querystring: storefrontOrderLookupQuery,
        response: { 200: ok(storefrontOrderViewSchema) },
      },
    },
    async (req) => ({ success: true as const, response: await shop.orders.lookup(req.params.slug, req.params.ref, req.query.email) }),
  );

  // The booked order's voucher in the white label's branding (decision 0603): the same reference + e-mail rule.
  app.get(
    '/api/storefront/:slug/orders/:ref/voucher',
    { config, schema: { tags, params: storefrontOrderParams, querystring: storefrontOrderLookupQuery } },
    async (req, reply) => {
      const { filename, pdf } = await shop.orders.voucherPdf(req.params.slug, req.params.ref, req.query.email);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
