import type { Logger } from 'pino';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Db } from '../client.js';

/**
 * What a demo seeder is given. The seeders themselves (this folder's demo data, and each module's) are listed and
 * run by the composition root (`composition/seeders.ts`): this folder imports no module.
 */
export interface SeedContext {
  db: Db;
  log: Logger;
  /** Seals seeded provider credentials; seeders that need it skip without it. */
  secrets?: () => SecretBox;
}

/** Background seeders get a way to yield to requests and to stop when the process shuts down. */
export interface BackgroundSeedContext extends SeedContext {
  pause?: () => Promise<void>;
  signal?: AbortSignal;
}
