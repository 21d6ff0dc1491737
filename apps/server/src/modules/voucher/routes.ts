import {
  approvalLinkBody,
  approvalLinkSchema,
  approvalResultSchema,
  cancelBody,
  cancelQuoteSchema,
  externalApproveBody,
  externalRefParams,
  externalVoucherSchema,
  idParams,
  internalApproveBody,
  pageOf,
  VOUCHER_MESSAGES,
  voucherDetailSchema,
  voucherExportQuery,
  voucherListQuery,
  voucherPageSchema,
  voucherSchema,
} from '@travesia/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth.js';
import { compiledResponse } from '../../http/compiled-response.js';
import type { Services } from '../../services.js';
import { sendExport } from './export.js';
import { renderVoucherPdf } from './pdf.js';
import { presentVoucher, presentVoucherForCompiledAnswer, toEventDto, toExternalDto } from './presenter.js';
import type { RequestActor } from './service.js';

const from = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: (req.headers['user-agent'] ?? '').slice(0, 400) || null });
const actorOf = (req: FastifyRequest): RequestActor => ({ auth: authOf(req), ...from(req) });

/** Spec §7 Vouchers. The scope of every list and read comes from the session (service.scopeOf). */
export const voucherRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { vouchers } = services;
  const read = { permission: 'vouchers:read' as const };
  const tags = ['voucher'];

  const page = (req: FastifyRequest, r: Awaited<ReturnType<typeof vouchers.list>>, p: number, limit: number) => ({
    ...pageOf(
      r.rows.map((x) => presentVoucherForCompiledAnswer(authOf(req).user.type, x.voucher, x.agencyLogo, x.whiteLabelName)),
      r.total,
      p,
      limit,
    ),
    totalDocsCapped: r.capped,
  });

  app.get(
    '/api/voucher/all',
    {
      config: { permission: 'vouchers:read-all-agencies' },
      schema: { tags, querystring: voucherListQuery, response: { 200: compiledResponse(voucherPageSchema) } },
    },
    async (req) => {
      const { page: p, limit, ...filter } = req.query;
      return page(req, await vouchers.list(authOf(req), filter, p, limit), p, limit);
    },
  );

  app.get(
    '/api/voucher',
    { config: read, schema: { tags, querystring: voucherListQuery, response: { 200: compiledResponse(voucherPageSchema) } } },
    async (req) => {
      const { page: p, limit, ...filter } = req.query;
      return page(req, await vouchers.list(authOf(req), filter, p, limit), p, limit);
    },
  );

  app.get(
    '/api/voucher/user/:id',
    {
      config: read,
      schema: { tags, params: idParams, querystring: voucherListQuery, response: { 200: compiledResponse(voucherPageSchema) } },
    },
    async (req) => {
      const { page: p, limit, ...filter } = req.query;
      return page(req, await vouchers.listForUser(authOf(req), req.params.id, filter, p, limit), p, limit);
    },
  );

  app.get('/api/voucher/export', { config: read, schema: { tags, querystring: voucherExportQuery } }, async (req, reply) => {
    const { format, ...filter } = req.query;
    return sendExport(reply, vouchers, authOf(req), filter, format);
  });

  app.get(
    '/api/voucher/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: compiledResponse(voucherDetailSchema) } } },
    async (req) => {
      const d = await vouchers.detail(authOf(req), req.params.id);
      return {
        ...presentVoucherForCompiledAnswer(authOf(req).user.type, d.voucher, d.agencyLogo, d.whiteLabelName),
        events: d.events.map(toEventDto),
      };
    },
  );

  app.get('/api/voucher/:id/pdf', { config: read, schema: { tags, params: idParams } }, async (req, reply) => {
    const { voucher, agencyLogo, whiteLabelName } = await vouchers.get(authOf(req), req.params.id);
    const branding = await services.agencySettings.voucherBranding(voucher.agencyId);
    const pdf = await renderVoucherPdf(presentVoucher(authOf(req).user.type, voucher, agencyLogo, whiteLabelName), {
      dataDir: app.deps.config.DATA_DIR,
      now: new Date(),
      branding,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="voucher-${voucher.externalBookingReference}.pdf"`)
      .send(pdf);
  });

  app.get(
    '/api/voucher/ext/:ref',
    { config: { public: true }, schema: { tags, params: externalRefParams, response: { 200: externalVoucherSchema } } },
    async (req) => {
      const id = req.params.ref.slice(0, 36).toLowerCase();
      const key = req.params.ref.slice(37);
      const { voucher, agencyLogo } = await vouchers.external(id, key);
      return toExternalDto(voucher, agencyLogo);
    },
  );

  app.post(
    '/api/voucher/ext/approve',
    { config: { public: true }, schema: { tags, body: externalApproveBody, response: { 200: approvalResultSchema } } },
    async (req) => {
      const row = await vouchers.approveExternal(req.body.id, req.body.key, req.body.approved, from(req));
      return decision(row.approvalStatus, row.approvalDecision?.at);
    },
  );

  app.post(
    '/api/voucher/int/approve',
    { config: { permission: 'vouchers:approve' }, schema: { tags, body: internalApproveBody, response: { 200: approvalResultSchema } } },
    async (req) => {
      const row = await vouchers.approveInternal(actorOf(req), req.body.id, req.body.approved);
      return decision(row.approvalStatus, row.approvalDecision?.at);
    },
  );

  /** Only those who may approve may hand the decision to the client (the raw key decides the booking). */
  app.post(
    '/api/voucher/:id/approval-link',
    {
      config: { permission: 'vouchers:approve' },
      schema: { tags, params: idParams, body: approvalLinkBody.optional(), response: { 200: approvalLinkSchema } },
    },
    async (req) => vouchers.issueApprovalLink(actorOf(req), req.params.id, approvalLinkBody.parse(req.body ?? {})),
  );

  app.post(
    '/api/voucher/:id/cancel-quote',
    { config: { permission: 'vouchers:cancel' }, schema: { tags, params: idParams, response: { 200: cancelQuoteSchema } } },
    async (req) => vouchers.cancelQuote(authOf(req), req.params.id),
  );

  app.post(
    '/api/voucher/:id/cancel',
    {
      config: { permission: 'vouchers:cancel' },
      schema: { tags, params: idParams, body: cancelBody.optional(), response: { 200: voucherSchema } },
    },
    async (req) => {
      const row = await vouchers.cancel(actorOf(req), req.params.id, req.body ?? {});
      const { agencyLogo, whiteLabelName } = await vouchers.get(authOf(req), row.id);
      return presentVoucher(authOf(req).user.type, row, agencyLogo, whiteLabelName);
    },
  );
};

function decision(status: 'pending' | 'approved' | 'rejected' | null, at: string | undefined) {
  const s = status ?? 'pending';
  return {
    success: true as const,
    msg: s === 'approved' ? VOUCHER_MESSAGES.approved : VOUCHER_MESSAGES.rejected,
    approval: { status: s, decidedAt: at ?? new Date().toISOString() },
  };
}
