import { createUserBody, idParams, pageOf, pageQuery, paginated, updateUserBody, userListQuery, userSchema } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { toUserDto } from './presenter.js';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { users } = services;
  const manage = { permission: 'users:manage' as const };

  app.get(
    '/api/user/all',
    {
      config: manage,
      schema: { tags: ['user'], querystring: pageQuery(50, 200).extend(userListQuery.shape), response: { 200: paginated(userSchema) } },
    },
    async (req) => {
      const { page, limit, q, agencyId } = req.query;
      const { rows, total } = await users.list(authOf(req), { q, agencyId }, page, limit);
      return pageOf(
        rows.map((r) => toUserDto(r.user, r.agencyName)),
        total,
        page,
        limit,
      );
    },
  );

  /** Anyone signed in reads their own record; managers read their agency's. */
  app.get('/api/user/:id', { schema: { tags: ['user'], params: idParams, response: { 200: userSchema } } }, async (req) => {
    const r = await users.get(authOf(req), req.params.id);
    return toUserDto(r.user, r.agencyName);
  });

  app.post(
    '/api/user',
    { config: manage, schema: { tags: ['user'], body: createUserBody, response: { 201: userSchema } } },
    async (req, reply) => {
      const r = await users.create(authOf(req), req.body);
      reply.status(201);
      return toUserDto(r.user, r.agencyName);
    },
  );

  app.put(
    '/api/user/:id',
    { config: manage, schema: { tags: ['user'], params: idParams, body: updateUserBody, response: { 200: userSchema } } },
    async (req) => {
      const r = await users.update(authOf(req), req.params.id, req.body);
      return toUserDto(r.user, r.agencyName);
    },
  );
};
