import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API path answered with index.html so the client router takes over.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined) {
  const hasWeb = !!distDir && existsSync(path.join(distDir, 'index.html'));
  if (hasWeb && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // With wildcard off, every built file got its own route at start-up: what reaches here is not a file.
    if (url.startsWith('/api/') || url.startsWith('/health/') || !hasWeb || req.method !== 'GET' || path.extname(url)) {
      return reply.status(404).send({ success: false, error: true, code: 'ROUTE_NOT_FOUND', msg: MESSAGES['http.routeNotFound'] });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
