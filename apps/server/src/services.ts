import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { KeyValueStore } from './lib/kv.js';
import type { Mailer } from './lib/mailer.js';
import { AgencyRepository } from './modules/agency/repository.js';
import { AgencyService } from './modules/agency/service.js';
import { SessionRepository } from './modules/auth/repository.js';
import { AuthService } from './modules/auth/service.js';
import { CommissionSettingsRepository } from './modules/commission/repository.js';
import { CommissionSettingsService } from './modules/commission/service.js';
import { ExchangeRateRepository } from './modules/exchange-rate/repository.js';
import { ExchangeRateService } from './modules/exchange-rate/service.js';
import { MarkupRepository } from './modules/markup/repository.js';
import { MarkupService } from './modules/markup/service.js';
import { PricingRepository } from './modules/pricing/repository.js';
import { PricingService } from './modules/pricing/service.js';
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
  const pricing = new PricingService(new PricingRepository(db));
  return {
    auth,
    pricing,
    markups: new MarkupService(new MarkupRepository(db), agencyRepo, pricing),
    exchangeRates: new ExchangeRateService(new ExchangeRateRepository(db)),
    commissionSettings: new CommissionSettingsService(new CommissionSettingsRepository(db), agencyRepo),
    users: new UserService(userRepo, agencyRepo, auth),
    agencies: new AgencyService(agencyRepo),
  };
}

export type Services = ReturnType<typeof createServices>;
