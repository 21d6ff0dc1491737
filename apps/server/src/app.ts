import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerModuleRoutes } from './composition/routes.js';
import { stopWorkers } from './composition/workers.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerAuth } from './http/auth.js';
import { responseSerializerCompiler } from './http/compiled-response.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { validatorCompiler } from './http/validation.js';
import { registerWeb } from './http/web.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
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
  app.setSerializerCompiler(responseSerializerCompiler(deps.config.NODE_ENV !== 'production'));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const services = createServices(deps);
  app.decorate('services', services);
  app.decorate('deps', deps);
  // Background jobs (started by start.ts) and outbox jobs kicked by requests finish, or stay queued, before the
  // database closes.
  app.addHook('onClose', () => stopWorkers(services));

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

  await registerModuleRoutes(app, services, deps);

  await registerWeb(app, deps.config.WEB_DIST, services.whiteLabels);
  return app;
}
