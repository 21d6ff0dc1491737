import {
  createWhiteLabelBody,
  idParams,
  pageOf,
  paginated,
  siteContentBody,
  siteVersionsSchema,
  storefrontByHostSchema,
  storefrontSiteSchema,
  storefrontSlugParams,
  updateWhiteLabelBody,
  whiteLabelListQuery,
  whiteLabelSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

/** The white-label admin (`whitelabels:manage`) and the storefront's public site (decisions 0320–0322). */
export const whiteLabelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { whiteLabels } = services;
  const config = { permission: 'whitelabels:manage' as const };
  const tags = ['whitelabels'];

  app.get(
    '/api/whitelabels',
    { config, schema: { tags, querystring: whiteLabelListQuery, response: { 200: paginated(whiteLabelSchema) } } },
    async (req) => {
      const { docs, total } = await whiteLabels.list(authOf(req), req.query);
      return pageOf(docs, total, req.query.page, req.query.limit);
    },
  );

  app.post(
    '/api/whitelabels',
    { config, schema: { tags, body: createWhiteLabelBody, response: { 201: whiteLabelSchema } } },
    async (req, reply) => {
      const created = await whiteLabels.create(authOf(req), req.body);
      reply.status(201);
      return created;
    },
  );

  app.get('/api/whitelabels/:id', { config, schema: { tags, params: idParams, response: { 200: whiteLabelSchema } } }, async (req) =>
    whiteLabels.get(authOf(req), req.params.id),
  );

  app.put(
    '/api/whitelabels/:id',
    { config, schema: { tags, params: idParams, body: updateWhiteLabelBody, response: { 200: whiteLabelSchema } } },
    async (req) => whiteLabels.update(authOf(req), req.params.id, req.body),
  );

  app.get('/api/whitelabels/:id/site', { config, schema: { tags, params: idParams, response: { 200: siteVersionsSchema } } }, async (req) =>
    whiteLabels.site(authOf(req), req.params.id),
  );

  app.put(
    '/api/whitelabels/:id/site/draft',
    { config, schema: { tags, params: idParams, body: siteContentBody, response: { 200: siteVersionsSchema } } },
    async (req) => whiteLabels.saveDraft(authOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/whitelabels/:id/site/publish',
    { config, schema: { tags, params: idParams, response: { 200: siteVersionsSchema } } },
    async (req) => whiteLabels.publish(authOf(req), req.params.id),
  );

  app.get(
    '/api/whitelabels/:id/site/preview',
    { config, schema: { tags, params: idParams, response: { 200: storefrontSiteSchema } } },
    async (req) => whiteLabels.preview(authOf(req), req.params.id),
  );

  // Public: what a storefront shows (published version only) and which storefront a host serves.
  app.get(
    '/api/storefront/by-host',
    { config: { public: true }, schema: { tags: ['storefront'], response: { 200: storefrontByHostSchema } } },
    async (req) => whiteLabels.byHost(req.hostname),
  );

  app.get(
    '/api/storefront/:slug/site',
    { config: { public: true }, schema: { tags: ['storefront'], params: storefrontSlugParams, response: { 200: storefrontSiteSchema } } },
    async (req) => whiteLabels.publicSite(req.params.slug),
  );
};
