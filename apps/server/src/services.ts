import path from 'node:path';
import type { Logger } from 'pino';
import { type Config, DEFAULT_PAYMENT_SIMULATOR_PORT, DEFAULT_SIMULATOR_PORT } from './config.js';
import type { Database } from './db/client.js';
import type { SeedState } from './db/seed/background.js';
import type { KeyValueStore } from './lib/kv.js';
import type { Mailer } from './lib/mailer.js';
import { lazySecretBox } from './lib/secret-box.js';
import { AgencyRepository } from './modules/agency/repository.js';
import { AgencyService } from './modules/agency/service.js';
import { AgencyMailContext } from './modules/agency-settings/mail-context.js';
import { AgencySettingsRepository } from './modules/agency-settings/repository.js';
import { AgencySettingsService } from './modules/agency-settings/service.js';
import { AgencyTimeZones } from './modules/agency-settings/time-zone.js';
import type { LoginLimits } from './modules/auth/login-throttle.js';
import { SessionRepository } from './modules/auth/repository.js';
import { AuthService, type RECOVERY_LIMITS } from './modules/auth/service.js';
import { RegistrySupplierCancellation } from './modules/booking/cancellation.js';
import { BookingEngine } from './modules/booking/engine.js';
import { FlightSearchService } from './modules/booking/flight/search.js';
import { flightProductAfterBooking } from './modules/booking/flight/section.js';
import { FlightBookingService } from './modules/booking/flight/service.js';
import { HotelSearchService } from './modules/booking/hotel/search.js';
import { type HotelBookingOptions, HotelBookingService } from './modules/booking/hotel/service.js';
import { BookingPlaceRepository } from './modules/booking/place-repository.js';
import { RecoveryWorker } from './modules/booking/recovery.js';
import { ticketProductAfterBooking } from './modules/booking/ticket/after-booking.js';
import { TicketService } from './modules/booking/ticket/service.js';
import { TransferService } from './modules/booking/transfer/service.js';
import { supplierContactAfterBooking } from './modules/booking/voucher-section.js';
import { CommissionSettingsRepository } from './modules/commission/repository.js';
import { CommissionSettingsService } from './modules/commission/service.js';
import { DashboardRepository } from './modules/dashboard/repository.js';
import { DashboardService } from './modules/dashboard/service.js';
import { DeadlineReminderJob } from './modules/deadlines/reminder-job.js';
import { DeadlineRepository } from './modules/deadlines/repository.js';
import { DeadlineService } from './modules/deadlines/service.js';
import { ExchangeRateRepository } from './modules/exchange-rate/repository.js';
import { ExchangeRateService } from './modules/exchange-rate/service.js';
import { FileRepository } from './modules/file/repository.js';
import { FileService } from './modules/file/service.js';
import { LocalDiskStorage } from './modules/file/storage.js';
import { ApiKeyRepository } from './modules/integrations/api-key-repository.js';
import { MailSenderRepository } from './modules/integrations/mail-sender-repository.js';
import { IntegrationService } from './modules/integrations/service.js';
import { webhookDeliveryHandler } from './modules/integrations/webhook-delivery.js';
import { WebhookRepository } from './modules/integrations/webhook-repository.js';
import { WebhookSender } from './modules/integrations/webhook-sender.js';
import { HotelCatalogueService } from './modules/inventory/catalogue.js';
import { ExtrasRepository } from './modules/inventory/extras-repository.js';
import { ExtrasService } from './modules/inventory/extras-service.js';
import { OwnBookingsRepository } from './modules/inventory/own-bookings-repository.js';
import { OwnInventoryProvider } from './modules/inventory/own-provider.js';
import { InventoryRepository } from './modules/inventory/repository.js';
import { InventoryService } from './modules/inventory/service.js';
import { OwnTicketCalendar } from './modules/inventory/ticket-calendar.js';
import { TicketCheckInService } from './modules/inventory/ticket-check-in.js';
import { MarkupRepository } from './modules/markup/repository.js';
import { MarkupService } from './modules/markup/service.js';
import { OutboxRepository } from './modules/outbox/repository.js';
import { type OutboxOptions, OutboxWorker } from './modules/outbox/worker.js';
import { PaymentNotifyJob } from './modules/payments/notify-job.js';
import type { PaymentPort } from './modules/payments/port.js';
import { PaymentRepository } from './modules/payments/repository.js';
import { PaymentService } from './modules/payments/service.js';
import { PlaceRepository } from './modules/place/repository.js';
import { PlaceService } from './modules/place/service.js';
import { PricingRepository } from './modules/pricing/repository.js';
import { PricingService } from './modules/pricing/service.js';
import { NotificationPrefsRepository } from './modules/profile/repository.js';
import { ProfileService } from './modules/profile/service.js';
import type { ConnectionTester } from './modules/provider-account/connection-tester.js';
import { registryConnectionTester } from './modules/provider-account/registry-tester.js';
import { ProviderAccountRepository } from './modules/provider-account/repository.js';
import { ProviderAccountService } from './modules/provider-account/service.js';
import { StorefrontAgencyOrders } from './modules/storefront/agency-orders.js';
import { StorefrontRepository } from './modules/storefront/repository.js';
import { StorefrontService } from './modules/storefront/service.js';
import { StorefrontSweepJob } from './modules/storefront/sweep-job.js';
import { SupplierAuditRepository } from './modules/supplier-audit/repository.js';
import { SupplierAuditService } from './modules/supplier-audit/service.js';
import { UserRepository } from './modules/user/repository.js';
import { UserService } from './modules/user/service.js';
import { VoucherRepository } from './modules/voucher/repository.js';
import { VoucherService } from './modules/voucher/service.js';
import { WhiteLabelRepository } from './modules/white-label/repository.js';
import { WhiteLabelService } from './modules/white-label/service.js';
import { createSupplierLayer } from './suppliers/index.js';

/** What the app is built from: every external system behind one object, so tests pass real ones or fakes. */
export interface AppDeps {
  config: Config;
  database: Database;
  store: KeyValueStore;
  mailer: Mailer;
  log: Logger;
  /** "Probar conexión" for provider accounts; the supplier registry unless a test passes a fake. */
  connectionTester?: ConnectionTester;
  /** The supplier simulator sandbox accounts talk to (started by main.ts unless SUPPLIER_SIM_URL is set). */
  simulatorUrl?: string;
  /** The payment simulator test-mode gateways of sandbox agencies talk to (main.ts starts it unless PAYMENT_SIM_URL is set). */
  paymentSimulatorUrl?: string;
  /** Reserve answer and recovery timings of supplier bookings whose outcome is unknown (tests shorten them). */
  bookingOptions?: Partial<HotelBookingOptions>;
  /** Webhook HTTP client (tests pass one whose guarded agent resolves names with a fake DNS). */
  webhookSender?: WebhookSender;
  /** A payment port in front of `services.payments` for the storefront's orders (tests' recording double). */
  storefrontPayments?: PaymentPort;
  /** Sign-in and recovery limits, outbox retry timings (tests lower them). */
  accountOptions?: { loginLimits?: LoginLimits; recoveryLimits?: typeof RECOVERY_LIMITS; outbox?: Partial<OutboxOptions> };
  /** The demo data still loading after readiness (main.ts, decision 0470); `/health/ready` reports it. Complete when absent. */
  seedState?: () => SeedState;
  /** The clock of own inventory and the booking engine (cut-offs, "today"); tests move it. Default: the system's. */
  clock?: () => Date;
}

/** Wires repositories into services, once per app. Each module adds its service here. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const userRepo = new UserRepository(db);
  const agencyRepo = new AgencyRepository(db);
  const outboxRepo = new OutboxRepository(db);
  // Branding and zone are read by most signed-in requests: kept as long as a signed-in caller is (decision 0540), as
  // are a search's look-ups before its supplier requests leave: usable accounts, place and codes (decision 0760).
  const keepMs = deps.config.SESSION_CACHE_SECONDS * 1000;
  const settingsRepo = new AgencySettingsRepository(db, deps.database.changes, keepMs);
  const timeZones = new AgencyTimeZones(settingsRepo);
  const notificationPrefs = new NotificationPrefsRepository(db);
  const sessionRepo = new SessionRepository(db);
  // The agency's mail sender: read by the mail look (voucher and deadline mails) and edited through integrations.
  const mailSenders = new MailSenderRepository(db);
  const agencyMail = new AgencyMailContext({
    db,
    settings: settingsRepo,
    prefs: notificationPrefs,
    publicUrl: deps.config.publicUrl,
    sender: (agencyId) => mailSenders.of(agencyId),
  });
  const outbox = new OutboxWorker(outboxRepo, deps.log, deps.accountOptions?.outbox);
  const auth = new AuthService({
    users: userRepo,
    agencies: agencyRepo,
    sessions: sessionRepo,
    store: deps.store,
    mailer: deps.mailer,
    outbox: outboxRepo,
    outboxWorker: outbox,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    loginLimits: deps.accountOptions?.loginLimits,
    recoveryLimits: deps.accountOptions?.recoveryLimits,
  });
  const files = new FileService(new FileRepository(db), new LocalDiskStorage(path.join(deps.config.DATA_DIR, 'files')), deps.log);
  const supplierAuditRepo = new SupplierAuditRepository(db);
  const suppliers = createSupplierLayer({
    log: deps.log,
    simulatorUrl:
      deps.simulatorUrl ?? deps.config.SUPPLIER_SIM_URL ?? `http://127.0.0.1:${deps.config.SUPPLIER_SIM_PORT ?? DEFAULT_SIMULATOR_PORT}`,
    writeAudit: (entries) => supplierAuditRepo.insertMany(entries),
    // Built below (it needs the inventory's repositories); asked only when an own booking is made.
    ownInventory: () => ownInventory,
  });
  const vouchers = new VoucherService({
    db,
    repo: new VoucherRepository(db),
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    supplierCancellation: new RegistrySupplierCancellation({
      suppliers,
      providerAccounts: () => providerAccounts,
      timeZoneOf: (agencyId) => timeZones.of(agencyId),
    }),
    timeZones,
    agencyMail,
  });
  const secrets = lazySecretBox({
    secretsKey: deps.config.SECRETS_KEY,
    dataDir: deps.config.DATA_DIR,
    onDevKeyCreated: (file) => deps.log.warn({ file }, 'SECRETS_KEY not set: created a development key for provider credentials'),
  });
  const providerAccounts = new ProviderAccountService({
    repo: new ProviderAccountRepository(db, deps.database.changes, keepMs),
    agencies: agencyRepo,
    secrets,
    tester: deps.connectionTester ?? registryConnectionTester(suppliers.registry),
    simulatorUrl: () => suppliers.simulatorUrl,
    log: deps.log,
    store: deps.store,
  });
  const pricing = new PricingService(new PricingRepository(db));
  const places = new PlaceService(new PlaceRepository(db), files);
  const inventory = new InventoryService({ repo: new InventoryRepository(db), db, pricing, vouchers, files, log: deps.log });
  vouchers.onCancelled((tx, voucher) => inventory.releaseForVoucher(tx, voucher));
  const inventoryExtras = new ExtrasService({ repo: new ExtrasRepository(db), files });
  vouchers.onCancelled((tx, voucher) => inventoryExtras.releaseForVoucher(tx, voucher));
  const ownInventory = new OwnInventoryProvider({
    db,
    hotels: new InventoryRepository(db),
    extras: new ExtrasRepository(db),
    bookings: new OwnBookingsRepository(db),
    now: deps.clock,
  });
  const hotelSearch = new HotelSearchService({
    db,
    inventory,
    store: deps.store,
    suppliers,
    providerAccounts,
    pricing,
    log: deps.log,
    kept: { changes: deps.database.changes, ms: keepMs },
  });
  const booking = new BookingEngine({
    ...{ db, store: deps.store, suppliers, providerAccounts, vouchers, log: deps.log, now: deps.clock },
    options: { reserveAnswerMs: deps.config.RESERVE_ANSWER_MS, ...deps.bookingOptions },
    productAfterBooking: { flight: flightProductAfterBooking, ticket: ticketProductAfterBooking, transfer: supplierContactAfterBooking },
  });
  const hotelBooking = new HotelBookingService({ engine: booking, suppliers, providerAccounts, pricing, search: hotelSearch, timeZones });
  const flowDeps = { engine: booking, store: deps.store, suppliers, providerAccounts, pricing };
  const tickets = new TicketService(flowDeps, hotelSearch.places);
  const flightSearch = new FlightSearchService({ db, store: deps.store, suppliers, providerAccounts, pricing, log: deps.log });
  const flightBooking = new FlightBookingService({ db, engine: booking, suppliers, pricing, search: flightSearch, vouchers });
  const transfers = new TransferService(flowDeps, new BookingPlaceRepository(db));
  const { integrations, deadlines, deadlineJob, webhookSender } = createIntegrations(deps, {
    outboxRepo,
    outbox,
    secrets,
    vouchers,
    agencyMail,
    mailSenders,
  });
  // White-label payments (decisions 0330-0333): `payments` implements the PaymentPort storefront orders use.
  const payments = new PaymentService({
    repo: new PaymentRepository(db),
    secrets,
    simulatorUrl: () =>
      deps.paymentSimulatorUrl ??
      deps.config.PAYMENT_SIM_URL ??
      `http://127.0.0.1:${deps.config.PAYMENT_SIM_PORT ?? DEFAULT_PAYMENT_SIMULATOR_PORT}`,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const whiteLabels = new WhiteLabelService({
    repo: new WhiteLabelRepository(db),
    agencies: agencyRepo,
    files,
    hosts: storefrontHosts(deps.config),
  });
  const storefrontRepo = new StorefrontRepository(db);
  const storefront = new StorefrontService({
    repo: storefrontRepo,
    hotelSearch,
    hotelBooking,
    ticketSearch: tickets,
    ticketBooking: tickets,
    transfers,
    engine: booking,
    pricing,
    providerAccounts,
    // Tests may put a recording double in front; the platform pays through the white label's gateways.
    payments: deps.storefrontPayments ?? payments,
    outbox: outboxRepo,
    outboxWorker: outbox,
    places,
    images: files,
    store: deps.store,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
    options: { holdMinutes: deps.config.STOREFRONT_HOLD_MINUTES },
  });
  return {
    payments,
    paymentJob: new PaymentNotifyJob(payments, deps.log),
    integrations,
    deadlines,
    deadlineJob,
    webhookSender,
    files,
    places,
    auth,
    outbox,
    providerAccounts,
    pricing,
    markups: new MarkupService(new MarkupRepository(db), agencyRepo, pricing),
    exchangeRates: new ExchangeRateService(new ExchangeRateRepository(db)),
    commissionSettings: new CommissionSettingsService(new CommissionSettingsRepository(db), agencyRepo),
    users: new UserService(db, userRepo, agencyRepo, auth, providerAccounts),
    agencies: new AgencyService(agencyRepo),
    agencySettings: new AgencySettingsService({ db, repo: settingsRepo, agencies: agencyRepo, files }),
    timeZones,
    agencyMail,
    profile: new ProfileService({ users: userRepo, sessions: sessionRepo, prefs: notificationPrefs }),
    suppliers,
    supplierAudit: new SupplierAuditService(supplierAuditRepo),
    vouchers,
    dashboard: new DashboardService(new DashboardRepository(db), vouchers),
    inventory,
    inventoryExtras,
    hotelCatalogue: new HotelCatalogueService(db),
    booking,
    recoveryWorker: new RecoveryWorker(booking, deps.log),
    hotelSearch,
    hotelBooking,
    tickets,
    ticketCalendar: new OwnTicketCalendar({ tickets, places: hotelSearch.places, now: () => booking.now() }),
    ticketCheckIn: new TicketCheckInService({ repo: new VoucherRepository(db), ownBookings: new OwnBookingsRepository(db), vouchers }),
    flightSearch,
    flightBooking,
    transfers,
    whiteLabels,
    storefront,
    storefrontOrders: new StorefrontAgencyOrders({ repo: storefrontRepo, whiteLabels }),
    storefrontSweep: new StorefrontSweepJob({ repo: storefrontRepo, orders: storefront }, deps.log),
  };
}

/** Where storefronts answer besides /s/{slug} (decision 0322). */
function storefrontHosts(config: AppDeps['config']) {
  const platformHost = new URL(config.publicUrl).hostname.toLowerCase();
  return { baseDomain: config.STOREFRONT_BASE_DOMAIN ?? null, cnameTarget: config.STOREFRONT_CNAME_TARGET ?? platformHost, platformHost };
}

/** API keys, webhooks (delivered through the outbox), deadlines and their reminder job (decisions 0260–0264). */
function createIntegrations(
  deps: AppDeps,
  shared: {
    outboxRepo: OutboxRepository;
    outbox: OutboxWorker;
    secrets: ReturnType<typeof lazySecretBox>;
    vouchers: VoucherService;
    agencyMail: AgencyMailContext;
    mailSenders: MailSenderRepository;
  },
) {
  const { db } = deps.database;
  const webhooks = new WebhookRepository(db, shared.outboxRepo);
  const integrations = new IntegrationService({
    apiKeys: new ApiKeyRepository(db),
    webhooks,
    secrets: shared.secrets,
    outbox: shared.outbox,
    mailSenders: shared.mailSenders,
  });
  const webhookSender = deps.webhookSender ?? new WebhookSender();
  shared.outbox.on('webhook.deliver', webhookDeliveryHandler({ webhooks, sender: webhookSender, secrets: shared.secrets, log: deps.log }));
  const deadlineRepo = new DeadlineRepository(db);
  const deadlines = new DeadlineService({
    repo: deadlineRepo,
    vouchers: shared.vouchers,
    agencyMail: shared.agencyMail,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
  });
  shared.outbox.on('deadline.reminder', (payload) => deadlines.mailReminder(payload));
  const deadlineJob = new DeadlineReminderJob({
    db,
    deadlines: deadlineRepo,
    outbox: shared.outboxRepo,
    outboxWorker: shared.outbox,
    webhooks,
    vouchers: shared.vouchers,
    log: deps.log,
  });
  return { integrations, deadlines, deadlineJob, webhookSender };
}

export type Services = ReturnType<typeof createServices>;
