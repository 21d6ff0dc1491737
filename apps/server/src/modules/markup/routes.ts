import {
  createMarkupBody,
  idParams,
  MARKUP_MESSAGES,
  markupListQuery,
  markupPreviewAnswer,
  markupPreviewBody,
  markupRuleSchema,
  pageOf,
  pageQuery,
  paginated,
  successSchema,
  updateMarkupBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { toMarkupDto } from './presenter.js';

export const markupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { markups } = services;
  const config = { permission: 'markups:manage' as const };

  app.get(
    '/api/markup',
    {
      config,
      schema: {
        tags: ['markup'],
        querystring: pageQuery(20, 100).extend(markupListQuery.shape),
        response: { 200: paginated(markupRuleSchema) },
      },
    },
    async (req) => {
      const { page, limit, ...query } = req.query;
      const { rows, total } = await markups.list(authOf(req), query, page, limit);
      return pageOf(
        rows.map((r) => toMarkupDto(r.rule, r.agencyName)),
        total,
        page,
        limit,
      );
    },
  );

  app.post(
    '/api/markup/preview',
    { config, schema: { tags: ['markup'], body: markupPreviewBody, response: { 200: markupPreviewAnswer } } },
    async (req) => markups.preview(authOf(req), req.body),
  );

  app.get(
    '/api/markup/:id',
    { config, schema: { tags: ['markup'], params: idParams, response: { 200: markupRuleSchema } } },
    async (req) => {
      const r = await markups.get(authOf(req), req.params.id);
      return toMarkupDto(r.rule, r.agencyName);
    },
  );

  app.post(
    '/api/markup',
    { config, schema: { tags: ['markup'], body: createMarkupBody, response: { 201: markupRuleSchema } } },
    async (req, reply) => {
      const r = await markups.create(authOf(req), req.body);
      reply.status(201);
      return toMarkupDto(r.rule, r.agencyName);
    },
  );

  app.put(
    '/api/markup/:id',
    { config, schema: { tags: ['markup'], params: idParams, body: updateMarkupBody, response: { 200: markupRuleSchema } } },
    async (req) => {
      const r = await markups.update(authOf(req), req.params.id, req.body);
      return toMarkupDto(r.rule, r.agencyName);
    },
  );

  app.delete(
    '/api/markup/:id',
    { config, schema: { tags: ['markup'], params: idParams, response: { 200: successSchema } } },
    async (req) => {
      await markups.remove(authOf(req), req.params.id);
      return { success: true as const, msg: MARKUP_MESSAGES['markup.deleted'] };
    },
  );
};
