import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SeedState } from '../../db/seed/background.js';
import { registerMetrics } from './metrics.js';

/**
 * `/health/ready` answers 200 once the first screens can work: sign-in, dashboard, searches of the demo
 * destinations. `seed` says whether the rest of the demo data (the place tree beyond the demo countries)
 * is still loading in the background: `complete`, `running` or `failed` (decision 0470). Whoever needs
 * every place (the browser tests, benchmarks) waits for `seed: 'complete'`.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; seedState?: () => SeedState }> = async (
  app,
  { database, seedState = () => 'complete' },
) => {
  app.get('/health/live', { config: { public: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind, seed: seedState() };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });
  registerMetrics(app, app.deps.config.METRICS_TOKEN);
};
