import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { KeyValueStore } from './lib/kv.js';
import type { Mailer } from './lib/mailer.js';
import { AgencyRepository } from './modules/agency/repository.js';
import { AgencyService } from './modules/agency/service.js';
import { SessionRepository } from './modules/auth/repository.js';
import { AuthService } from './modules/auth/service.js';
import { FileRepository } from './modules/file/repository.js';
import { FileService } from './modules/file/service.js';
import { LocalDiskStorage } from './modules/file/storage.js';
import { PlaceRepository } from './modules/place/repository.js';
import { PlaceService } from './modules/place/service.js';
import { UserRepository } from './modules/user/repository.js';
import { UserService } from './modules/user/service.js';

/** What the app is built from: every external system behind one object, so tests pass real ones or fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  store: KeyValueStore;
  mailer: Mailer;
  log: Logger;
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
  return {
    files,
    places: new PlaceService(new PlaceRepository(db), files),
    auth,
    users: new UserService(userRepo, agencyRepo, auth),
    agencies: new AgencyService(agencyRepo),
  };
}

export type Services = ReturnType<typeof createServices>;
