import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers (DESIGN.md): unit and contract tests, the web's unit tests, then the integration tier on embedded PGlite and,
 * when DATABASE_URL is set, the same integration files again on a real PostgreSQL.
 */
const integration = (name: string, db: string) => ({
  test: {
    name,
    include: ['apps/server/**/*.int.test.ts'],
    env: { TEST_DB: db },
    // Files share a worker's module graph instead of importing the whole server again each (decision 0580):
    // importing was 2,459 of the tier's ~6,300 worker-seconds. Every file builds its own app and database, so
    // nothing a test sees lives in module state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one: a single worker on the 2-core CI machine. Most integration
    // time is spent waiting on PostgreSQL, the simulator or argon2 in libuv's pool; two files at once ran the whole
    // tier in 10.2–10.6 min, where the last one-worker run had taken 27 min on a busy machine (decision 0500).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/**/*.int.test.ts', 'apps/web/**'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        // The web's pure logic (stream parsing, saved search state, routes); no DOM, browser globals are stubbed.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      integration('integration-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
