import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { KeyValueStore } from './lib/kv.js';
import type { Mailer } from './lib/mailer.js';
import { lazySecretBox } from './lib/secret-box.js';
import { AgencyRepository } from './modules/agency/repository.js';
import { AgencyService } from './modules/agency/service.js';
import { SessionRepository } from './modules/auth/repository.js';
import { AuthService } from './modules/auth/service.js';
import { FileRepository } from './modules/file/repository.js';
import { FileService } from './modules/file/service.js';
import { LocalDiskStorage } from './modules/file/storage.js';
import { PlaceRepository } from './modules/place/repository.js';
import { PlaceService } from './modules/place/service.js';
import { type ConnectionTester, unwiredConnectionTester } from './modules/provider-account/connection-tester.js';
import { ProviderAccountRepository } from './modules/provider-account/repository.js';
import { ProviderAccountService } from './modules/provider-account/service.js';
import { simulatorBaseUrl } from './modules/provider-account/simulator-url.js';
import { UserRepository } from './modules/user/repository.js';
import { UserService } from './modules/user/service.js';

/** What the app is built from: every external system behind one object, so tests pass real ones or fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  store: KeyValueStore;
  mailer: Mailer;
  log: Logger;
  /** "Probar conexión" for provider accounts; the supplier registry once wired (tests pass a fake). */
  connectionTester?: ConnectionTester;
}

/** Wires repositories into services, once per app. Each module adds its service here. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const userRepo = new UserRepository(db);
  const agencyRepo = new AgencyRepository(db);
  const auth = new AuthService({
    users: userRepo,
    agencies: agencyRepo,
    sessions: new SessionRepository(db),
    store: deps.store,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const files = new FileService(new FileRepository(db), new LocalDiskStorage(path.join(deps.config.DATA_DIR, 'files')), deps.log);
  const providerAccounts = new ProviderAccountService({
    repo: new ProviderAccountRepository(db),
    agencies: agencyRepo,
    secrets: lazySecretBox({
      secretsKey: deps.config.SECRETS_KEY,
      dataDir: deps.config.DATA_DIR,
      onDevKeyCreated: (file) => deps.log.warn({ file }, 'SECRETS_KEY not set: created a development key for provider credentials'),
    }),
    tester: deps.connectionTester ?? unwiredConnectionTester,
    simulatorUrl: () => simulatorBaseUrl(deps.config),
    log: deps.log,
  });
  return {
    files,
    places: new PlaceService(new PlaceRepository(db), files),
    auth,
    users: new UserService(userRepo, agencyRepo, auth, providerAccounts),
    providerAccounts,
    agencies: new AgencyService(agencyRepo),
  };
}

export type Services = ReturnType<typeof createServices>;
