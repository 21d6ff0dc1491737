import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { lazySecretBox } from '../lib/secret-box.js';
import { AgencyRepository } from '../modules/agency/repository.js';
import { unwiredConnectionTester } from '../modules/provider-account/connection-tester.js';
import { ProviderAccountRepository } from '../modules/provider-account/repository.js';
import { ProviderAccountService } from '../modules/provider-account/service.js';

/**
 * Re-encrypts every stored provider credential under the current key (docs/decisions/0061):
 *   1. SECRETS_KEY=<new>,<old> in the environment of every API process (new first), restart them;
 *   2. SECRETS_KEY=<new>,<old> npm run secrets:rotate
 *   3. once it reports 0 unreadable, drop <old> from SECRETS_KEY.
 */
const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  await migrate(database);
  const secrets = lazySecretBox({ secretsKey: config.SECRETS_KEY, dataDir: config.DATA_DIR });
  const service = new ProviderAccountService({
    repo: new ProviderAccountRepository(database.db),
    agencies: new AgencyRepository(database.db),
    secrets,
    tester: unwiredConnectionTester,
    simulatorUrl: () => '',
    log,
  });
  const { reencrypted, unreadable } = await service.reencryptAll();
  console.log(`Re-encrypted ${reencrypted} credential record(s) under key ${secrets().currentKeyId}.`);
  if (unreadable.length) {
    console.error(`${unreadable.length} record(s) could not be opened with any key in SECRETS_KEY: ${unreadable.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
