import { agencySchema, createAgencyBody, idParams, pageOf, pageQuery, paginated, updateAgencyBody } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { toAgencyDto } from './presenter.js';

const listQuery = pageQuery(20, 100).extend({ q: z.string().trim().max(100, { error: 'Máximo 100 caracteres' }).optional() });

export const agencyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { agencies } = services;
  const config = { permission: 'agencies:manage' as const };

  app.get(
    '/api/agency',
    { config, schema: { tags: ['agency'], querystring: listQuery, response: { 200: paginated(agencySchema) } } },
    async (req) => {
      const { page, limit, q } = req.query;
      const { rows, total } = await agencies.list(q, page, limit);
      return pageOf(rows.map(toAgencyDto), total, page, limit);
    },
  );

  app.get('/api/agency/:id', { config, schema: { tags: ['agency'], params: idParams, response: { 200: agencySchema } } }, async (req) =>
    toAgencyDto(await agencies.get(req.params.id)),
  );

  app.post(
    '/api/agency',
    { config, schema: { tags: ['agency'], body: createAgencyBody, response: { 201: agencySchema } } },
    async (req, reply) => {
      reply.status(201);
      return toAgencyDto(await agencies.create(req.body));
    },
  );

  app.put(
    '/api/agency/:id',
    { config, schema: { tags: ['agency'], params: idParams, body: updateAgencyBody, response: { 200: agencySchema } } },
    async (req) => toAgencyDto(await agencies.update(req.params.id, req.body)),
  );
};
