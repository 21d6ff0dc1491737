import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { registerMetrics } from './metrics.js';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/health/live', { config: { public: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
  registerMetrics(app, app.deps.config.METRICS_TOKEN);
};
