import { countryListSchema } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryCatalog } from './countries.js';

/**
 * Reference data every screen needs before and after signing in (nationality on a public booking
 * page, country selectors): public, cached a day by browsers and proxies.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/catalog/countries',
    { config: { public: true }, schema: { tags: ['catalog'], response: { 200: countryListSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      return countryCatalog();
    },
  );
};
