import {
  agencyAccountParams,
  agencyIdParams,
  connectionTestSchema,
  createProviderAccountBody,
  createProviderTemplateBody,
  idParams,
  linkableTemplateSchema,
  PROVIDER_MESSAGES,
  pageOf,
  pageQuery,
  paginated,
  providerAccountSchema,
  providerListQuery,
  successSchema,
  updateProviderAccountBody,
  updateProviderTemplateBody,
  usableProviderAccountSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { toProviderAccountDto } from './presenter.js';

const listQuery = pageQuery(50, 200).extend(providerListQuery.shape);
const listAnswer = paginated(providerAccountSchema);
const short = (a: { id: string; name: string; supplier: z.infer<typeof usableProviderAccountSchema>['supplier'] }) => ({
  _id: a.id,
  name: a.name,
  supplier: a.supplier,
});

/**
 * Provider accounts under three scopes (docs/decisions/0060):
 *   /api/provider-account                      the caller's agency (configuration:manage)
 *   /api/agency/:agencyId/provider-account     any agency, for super (agencies:manage)
 *   /api/provider-template                     the platform's templates (provider-templates:manage)
 * plus /api/provider-account/usable: what the signed-in user may search with (search:use).
 */
export const providerAccountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = services.providerAccounts;
  const own = { permission: 'configuration:manage' as const };
  const agencies = { permission: 'agencies:manage' as const };
  const templates = { permission: 'provider-templates:manage' as const };
  const tags = ['provider-account'];

  // ---- usable (search forms) ----
  app.get(
    '/api/provider-account/usable',
    { config: { permission: 'search:use' }, schema: { tags, response: { 200: z.array(usableProviderAccountSchema) } } },
    async (req) => (await svc.usableFor(authOf(req))).map(short),
  );

  // ---- the caller's agency ----
  app.get(
    '/api/provider-account',
    { config: own, schema: { tags, querystring: listQuery, response: { 200: listAnswer } } },
    async (req) => {
      const { page, limit, q, supplier } = req.query;
      const { rows, total } = await svc.list(svc.ownScope(authOf(req)), { q, supplier }, page, limit);
      return pageOf(rows.map(toProviderAccountDto), total, page, limit);
    },
  );

  app.get(
    '/api/provider-account/templates',
    { config: own, schema: { tags, response: { 200: z.array(linkableTemplateSchema) } } },
    async (req) => {
      svc.ownScope(authOf(req));
      return (await svc.linkableTemplates(authOf(req))).map(short);
    },
  );

  app.post(
    '/api/provider-account',
    { config: own, schema: { tags, body: createProviderAccountBody, response: { 201: providerAccountSchema } } },
    async (req, reply) => {
      const auth = authOf(req);
      const created = await svc.createAccount(auth, svc.ownScope(auth), req.body);
      reply.status(201);
      return toProviderAccountDto(created);
    },
  );

  app.get(
    '/api/provider-account/:id',
    { config: own, schema: { tags, params: idParams, response: { 200: providerAccountSchema } } },
    async (req) => toProviderAccountDto(await svc.get(svc.ownScope(authOf(req)), req.params.id)),
  );

  app.put(
    '/api/provider-account/:id',
    { config: own, schema: { tags, params: idParams, body: updateProviderAccountBody, response: { 200: providerAccountSchema } } },
    async (req) => {
      const auth = authOf(req);
      return toProviderAccountDto(await svc.updateAccount(auth, svc.ownScope(auth), req.params.id, req.body));
    },
  );

  app.delete(
    '/api/provider-account/:id',
    { config: own, schema: { tags, params: idParams, response: { 200: successSchema } } },
    async (req) => {
      await svc.delete(svc.ownScope(authOf(req)), req.params.id);
      return { success: true as const, msg: PROVIDER_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/provider-account/:id/test',
    { config: own, schema: { tags, params: idParams, response: { 200: connectionTestSchema } } },
    async (req) => ({ success: true as const, ...(await svc.testConnection(authOf(req), svc.ownScope(authOf(req)), req.params.id)) }),
  );

  // ---- any agency, for super ----
  app.get(
    '/api/agency/:agencyId/provider-account',
    { config: agencies, schema: { tags, params: agencyIdParams, querystring: listQuery, response: { 200: listAnswer } } },
    async (req) => {
      const { page, limit, q, supplier } = req.query;
      const { rows, total } = await svc.list(await svc.agencyScope(req.params.agencyId), { q, supplier }, page, limit);
      return pageOf(rows.map(toProviderAccountDto), total, page, limit);
    },
  );

  app.get(
    '/api/agency/:agencyId/provider-account/templates',
    { config: agencies, schema: { tags, params: agencyIdParams, response: { 200: z.array(linkableTemplateSchema) } } },
    async (req) => {
      await svc.agencyScope(req.params.agencyId);
      return (await svc.linkableTemplates(authOf(req))).map(short);
    },
  );

  app.post(
    '/api/agency/:agencyId/provider-account',
    {
      config: agencies,
      schema: { tags, params: agencyIdParams, body: createProviderAccountBody, response: { 201: providerAccountSchema } },
    },
    async (req, reply) => {
      const created = await svc.createAccount(authOf(req), await svc.agencyScope(req.params.agencyId), req.body);
      reply.status(201);
      return toProviderAccountDto(created);
    },
  );

  app.get(
    '/api/agency/:agencyId/provider-account/:id',
    { config: agencies, schema: { tags, params: agencyAccountParams, response: { 200: providerAccountSchema } } },
    async (req) => toProviderAccountDto(await svc.get(await svc.agencyScope(req.params.agencyId), req.params.id)),
  );

  app.put(
    '/api/agency/:agencyId/provider-account/:id',
    {
      config: agencies,
      schema: { tags, params: agencyAccountParams, body: updateProviderAccountBody, response: { 200: providerAccountSchema } },
    },
    async (req) =>
      toProviderAccountDto(await svc.updateAccount(authOf(req), await svc.agencyScope(req.params.agencyId), req.params.id, req.body)),
  );

  app.delete(
    '/api/agency/:agencyId/provider-account/:id',
    { config: agencies, schema: { tags, params: agencyAccountParams, response: { 200: successSchema } } },
    async (req) => {
      await svc.delete(await svc.agencyScope(req.params.agencyId), req.params.id);
      return { success: true as const, msg: PROVIDER_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/agency/:agencyId/provider-account/:id/test',
    { config: agencies, schema: { tags, params: agencyAccountParams, response: { 200: connectionTestSchema } } },
    async (req) => ({
      success: true as const,
      ...(await svc.testConnection(authOf(req), await svc.agencyScope(req.params.agencyId), req.params.id)),
    }),
  );

  // ---- templates ----
  app.get(
    '/api/provider-template',
    { config: templates, schema: { tags, querystring: listQuery, response: { 200: listAnswer } } },
    async (req) => {
      const { page, limit, q, supplier } = req.query;
      const { rows, total } = await svc.list(svc.templateScope(), { q, supplier }, page, limit);
      return pageOf(rows.map(toProviderAccountDto), total, page, limit);
    },
  );

  app.post(
    '/api/provider-template',
    { config: templates, schema: { tags, body: createProviderTemplateBody, response: { 201: providerAccountSchema } } },
    async (req, reply) => {
      const created = await svc.createTemplate(authOf(req), req.body);
      reply.status(201);
      return toProviderAccountDto(created);
    },
  );

  app.get(
    '/api/provider-template/:id',
    { config: templates, schema: { tags, params: idParams, response: { 200: providerAccountSchema } } },
    async (req) => toProviderAccountDto(await svc.get(svc.templateScope(), req.params.id)),
  );

  app.put(
    '/api/provider-template/:id',
    { config: templates, schema: { tags, params: idParams, body: updateProviderTemplateBody, response: { 200: providerAccountSchema } } },
    async (req) => toProviderAccountDto(await svc.updateTemplate(req.params.id, req.body)),
  );

  app.delete(
    '/api/provider-template/:id',
    { config: templates, schema: { tags, params: idParams, response: { 200: successSchema } } },
    async (req) => {
      await svc.delete(svc.templateScope(), req.params.id);
      return { success: true as const, msg: PROVIDER_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/provider-template/:id/test',
    { config: templates, schema: { tags, params: idParams, response: { 200: connectionTestSchema } } },
    async (req) => ({ success: true as const, ...(await svc.testConnection(authOf(req), svc.templateScope(), req.params.id)) }),
  );
};
