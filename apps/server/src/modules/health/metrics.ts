import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';

/** Constant-time comparison of the bearer token against METRICS_TOKEN (both hashed to equal lengths). */
function bearerMatches(request: FastifyRequest, expected: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
}

/**
 * Prometheus metrics (supplier calls, breakers, process) at GET /metrics, for a scraper holding
 * `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the route is not registered at all
 * (404), so a forgotten setting never publishes the figures (decision 0113).
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined) {
  if (!token) return;
  // Public for the session check: the bearer token is the credential here.
  app.get('/metrics', { config: { public: true }, logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    const registry = app.services.suppliers.metrics.registry;
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
