import { catalogueItemCreateBody, catalogueItemUpdateBody, idParams } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services.js';
import { toCatalogueItemDto } from './catalogue.js';

/** /api/product/hotel/configuration: the hotel catalogues (products:manage), decision 0089. */
export function registerCatalogueRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = services.hotelCatalogue;
  const config = { permission: 'products:manage' as const };
  const tags = ['product'];

  r.get('/api/product/hotel/configuration', { config, schema: { tags } }, async () => catalogue.all());
  r.post('/api/product/hotel/configuration', { config, schema: { tags, body: catalogueItemCreateBody } }, async (req, reply) => {
    reply.status(201);
    return toCatalogueItemDto(await catalogue.create(req.body));
  });
  r.put(
    '/api/product/hotel/configuration/:id',
    { config, schema: { tags, params: idParams, body: catalogueItemUpdateBody } },
    async (req) => toCatalogueItemDto(await catalogue.update(req.params.id, req.body)),
  );
}
