import {
  autocompleteBody,
  idParams,
  pageOf,
  placeBody,
  placeIdsBody,
  placeListQuery,
  placeListSchema,
  placePageSchema,
  placeSchema,
  placeTypesQuery,
  placeUpdateBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { toPlaceDto } from './presenter.js';

export const placeRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { places } = services;
  const read = { permission: 'places:read' as const };
  const manage = { permission: 'places:manage' as const };

  app.get(
    '/api/place',
    { config: read, schema: { tags: ['place'], querystring: placeListQuery, response: { 200: placePageSchema } } },
    async (req) => {
      const { page, perPage, type, parent } = req.query;
      const { rows, total } = await places.list(authOf(req), { type, parentId: parent }, page, perPage);
      return pageOf(rows.map(toPlaceDto), total, page, perPage);
    },
  );

  app.post(
    '/api/place/autocomplete',
    {
      config: read,
      schema: { tags: ['place'], querystring: placeTypesQuery, body: autocompleteBody, response: { 200: placeListSchema } },
    },
    async (req) => (await places.autocomplete(authOf(req), req.body, req.query.type)).map(toPlaceDto),
  );

  app.post(
    '/api/place/get-by-ids',
    { config: read, schema: { tags: ['place'], body: placeIdsBody, response: { 200: placeListSchema } } },
    async (req) => (await places.getByIds(authOf(req), req.body.ids)).map(toPlaceDto),
  );

  app.get('/api/place/:id', { config: read, schema: { tags: ['place'], params: idParams, response: { 200: placeSchema } } }, async (req) =>
    toPlaceDto(await places.get(authOf(req), req.params.id)),
  );

  app.post(
    '/api/place',
    { config: manage, schema: { tags: ['place'], body: placeBody, response: { 201: placeSchema } } },
    async (req, reply) => {
      const row = await places.create(authOf(req), req.body);
      reply.status(201);
      return toPlaceDto(row);
    },
  );

  /** The whole place, or only `{active}` to toggle it. */
  app.put(
    '/api/place/:id',
    { config: manage, schema: { tags: ['place'], params: idParams, body: placeUpdateBody, response: { 200: placeSchema } } },
    async (req) => toPlaceDto(await places.update(authOf(req), req.params.id, req.body)),
  );
};
