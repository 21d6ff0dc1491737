import {
  createPaymentGatewayBody,
  gatewayTestSchema,
  PAYMENT_GATEWAYS,
  PAYMENT_MESSAGES,
  paymentGatewaySchema,
  paymentListSchema,
  successSchema,
  updatePaymentGatewayBody,
  webhookAckSchema,
  whiteLabelGatewayParams,
  whiteLabelParams,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { formCheckoutCsp, formCheckoutPage } from './checkout-page.js';
import { toPaymentGatewayDto, toPaymentSummary } from './presenter.js';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * A white label's payment gateways and payments (agency admin of its agency, super any) and the
 * gateways' webhooks (public; the signature is the authentication: decision 0333).
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = services.payments;
  const config = { permission: 'whitelabels:manage' as const };
  const tags = ['payments'];
  const dto = (row: Parameters<typeof toPaymentGatewayDto>[0]) =>
    toPaymentGatewayDto(row, svc.maskedCredentials(row), svc.webhookUrl(row.gateway));

  app.get(
    '/api/whitelabel/:id/payment-gateways',
    { config, schema: { tags, params: whiteLabelParams, response: { 200: z.array(paymentGatewaySchema) } } },
    async (req) => (await svc.listGateways(authOf(req), req.params.id)).map(dto),
  );

  app.post(
    '/api/whitelabel/:id/payment-gateways',
    { config, schema: { tags, params: whiteLabelParams, body: createPaymentGatewayBody, response: { 201: paymentGatewaySchema } } },
    async (req, reply) => {
      const row = await svc.createGateway(authOf(req), req.params.id, req.body);
      reply.status(201);
      return dto(row);
    },
  );

  app.put(
    '/api/whitelabel/:id/payment-gateways/:gatewayId',
    { config, schema: { tags, params: whiteLabelGatewayParams, body: updatePaymentGatewayBody, response: { 200: paymentGatewaySchema } } },
    async (req) => dto(await svc.updateGateway(authOf(req), req.params.id, req.params.gatewayId, req.body)),
  );

  app.delete(
    '/api/whitelabel/:id/payment-gateways/:gatewayId',
    { config, schema: { tags, params: whiteLabelGatewayParams, response: { 200: successSchema } } },
    async (req) => {
      await svc.deleteGateway(authOf(req), req.params.id, req.params.gatewayId);
      return { success: true as const, msg: PAYMENT_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/whitelabel/:id/payment-gateways/:gatewayId/activate',
    { config, schema: { tags, params: whiteLabelGatewayParams, response: { 200: paymentGatewaySchema } } },
    async (req) => dto(await svc.activateGateway(authOf(req), req.params.id, req.params.gatewayId)),
  );

  app.post(
    '/api/whitelabel/:id/payment-gateways/:gatewayId/test',
    { config, schema: { tags, params: whiteLabelGatewayParams, response: { 200: gatewayTestSchema } } },
    async (req) => ({ success: true as const, ...(await svc.testConnection(authOf(req), req.params.id, req.params.gatewayId)) }),
  );

  app.get(
    '/api/whitelabel/:id/payments',
    { config, schema: { tags, params: whiteLabelParams, response: { 200: paymentListSchema } } },
    async (req) => ({ docs: (await svc.recentPayments(authOf(req), req.params.id)).map(toPaymentSummary) }),
  );

  // A form checkout (PayU WebCheckout): the traveller's browser POSTs the signed form to the gateway.
  app.get(
    '/api/payments/:paymentId/checkout',
    { config: { public: true }, schema: { tags, params: z.object({ paymentId: z.string().max(64) }) } },
    async (req, reply) => {
      const page = await svc.checkoutForm(req.params.paymentId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', formCheckoutCsp(page.form.action))
        .send(formCheckoutPage(page));
    },
  );

  // The signature covers the exact bytes: this route alone keeps its body as the raw text.
  await app.register(async (scoped) => {
    const raw = scoped.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    raw.post(
      '/api/payments/webhook/:gateway',
      {
        config: { public: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags,
          params: z.object({ gateway: z.enum(PAYMENT_GATEWAYS, { error: PAYMENT_MESSAGES.gatewayInvalid }) }),
          body: z.string().max(WEBHOOK_BODY_LIMIT),
          response: { 200: webhookAckSchema },
        },
      },
      async (req) => ({
        received: true as const,
        outcome: await svc.receiveEvent(req.params.gateway, req.body, req.headers, req.query as Record<string, string | string[]>),
      }),
    );
  });
};
