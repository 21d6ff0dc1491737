import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { registerApiDocs } from './http/api-docs.js';
import { registerAuth } from './http/auth.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { validatorCompiler } from './http/validation.js';
import { registerWeb } from './http/web.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { agencyRoutes } from './modules/agency/routes.js';
import { agencySettingsRoutes } from './modules/agency-settings/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { flightBookingRoutes } from './modules/booking/flight/routes.js';
import { hotelBookingRoutes } from './modules/booking/hotel/routes.js';
import { ticketBookingRoutes } from './modules/booking/ticket/routes.js';
import { transferRoutes } from './modules/booking/transfer/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { commissionRoutes } from './modules/commission/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { deadlineRoutes } from './modules/deadlines/routes.js';
import { exchangeRateRoutes } from './modules/exchange-rate/routes.js';
import { fileRoutes } from './modules/file/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { integrationRoutes } from './modules/integrations/routes.js';
import { inventoryRoutes } from './modules/inventory/routes.js';
import { markupRoutes } from './modules/markup/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { placeRoutes } from './modules/place/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { providerAccountRoutes } from './modules/provider-account/routes.js';
import { storefrontAgencyRoutes } from './modules/storefront/agency-routes.js';
import { storefrontRoutes } from './modules/storefront/routes.js';
import { supplierAuditRoutes } from './modules/supplier-audit/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { voucherRoutes } from './modules/voucher/routes.js';
import { whiteLabelRoutes } from './modules/white-label/routes.js';
import { type AppDeps, createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: AppDeps;
  }
}

/** Builds the HTTP app from its dependencies; tests call it and use `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const services = createServices(deps);
  app.decorate('services', services);
  app.decorate('deps', deps);
  // Outbox jobs kicked by requests finish (or stay queued) before the database closes.
  app.addHook('onClose', async () => {
    await services.deadlineJob.stop();
    await services.paymentJob.stop();
    await services.storefrontSweep.stop();
    await services.outbox.stop();
    await services.webhookSender.close();
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    connectSrc: deps.config.CSP_CONNECT_SRC,
    imgSrc: deps.config.CSP_IMG_SRC,
    simulatorUrl: services.suppliers.simulatorUrl,
  });
  await registerApiDocs(app);

  registerErrorHandling(app);
  registerAuth(app, deps.database, deps.config.SESSION_CACHE_SECONDS);

  await app.register(healthRoutes, { database: deps.database, seedState: deps.seedState });
  await app.register(authRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(agencyRoutes, { services });
  await app.register(voucherRoutes, { services });
  await app.register(dashboardRoutes, { services });
  await app.register(catalogRoutes);
  await app.register(placeRoutes, { services });
  await app.register(fileRoutes, { services });
  await app.register(providerAccountRoutes, { services });
  await app.register(markupRoutes, { services });
  await app.register(exchangeRateRoutes, { services });
  await app.register(commissionRoutes, { services });
  await app.register(agencySettingsRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(supplierAuditRoutes, { services });
  await app.register(inventoryRoutes, { services });
  await app.register(hotelBookingRoutes, { services });
  await app.register(ticketBookingRoutes, { services });
  await app.register(flightBookingRoutes, { services });
  await app.register(transferRoutes, { services });
  await app.register(integrationRoutes, { services });
  await app.register(deadlineRoutes, { services });
  await app.register(whiteLabelRoutes, { services });
  await app.register(paymentRoutes, { services });
  await app.register(storefrontRoutes, { services });
  await app.register(storefrontAgencyRoutes, { services });

  await registerWeb(app, deps.config.WEB_DIST, services.whiteLabels);
  return app;
}
