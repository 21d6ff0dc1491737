import type { FastifyInstance } from 'fastify';
import { agencyRoutes } from '../modules/agency/routes.js';
import { agencySettingsRoutes } from '../modules/agency-settings/routes.js';
import { authRoutes } from '../modules/auth/routes.js';
import { flightBookingRoutes } from '../modules/booking/flight/routes.js';
import { hotelBookingRoutes } from '../modules/booking/hotel/routes.js';
import { ticketBookingRoutes } from '../modules/booking/ticket/routes.js';
import { transferRoutes } from '../modules/booking/transfer/routes.js';
import { catalogRoutes } from '../modules/catalog/routes.js';
import { commissionRoutes } from '../modules/commission/routes.js';
import { dashboardRoutes } from '../modules/dashboard/routes.js';
import { deadlineRoutes } from '../modules/deadlines/routes.js';
import { exchangeRateRoutes } from '../modules/exchange-rate/routes.js';
import { fileRoutes } from '../modules/file/routes.js';
import { healthRoutes } from '../modules/health/routes.js';
import { integrationRoutes } from '../modules/integrations/routes.js';
import { inventoryRoutes } from '../modules/inventory/routes.js';
import { markupRoutes } from '../modules/markup/routes.js';
import { paymentRoutes } from '../modules/payments/routes.js';
import { placeRoutes } from '../modules/place/routes.js';
import { profileRoutes } from '../modules/profile/routes.js';
import { providerAccountRoutes } from '../modules/provider-account/routes.js';
import { storefrontAgencyRoutes } from '../modules/storefront/agency-routes.js';
import { storefrontRoutes } from '../modules/storefront/routes.js';
import { supplierAuditRoutes } from '../modules/supplier-audit/routes.js';
import { userRoutes } from '../modules/user/routes.js';
import { voucherRoutes } from '../modules/voucher/routes.js';
import { whiteLabelRoutes } from '../modules/white-label/routes.js';
import type { AppDeps, Services } from '../services.js';

/**
 * Every module's routes, registered once (the composition root, with `services.ts`, `seeders.ts` and `workers.ts`):
 * a module's routes take the services they need and nothing else.
 */
export async function registerModuleRoutes(app: FastifyInstance, services: Services, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, { database: deps.database, seedState: deps.seedState });
  await app.register(authRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(agencyRoutes, { services });
  await app.register(voucherRoutes, { services });
  await app.register(dashboardRoutes, { services });
  await app.register(catalogRoutes);
  await app.register(placeRoutes, { services });
  await app.register(fileRoutes, { services });
  await app.register(providerAccountRoutes, { services });
  await app.register(markupRoutes, { services });
  await app.register(exchangeRateRoutes, { services });
  await app.register(commissionRoutes, { services });
  await app.register(agencySettingsRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(supplierAuditRoutes, { services });
  await app.register(inventoryRoutes, { services });
  await app.register(hotelBookingRoutes, { services });
  await app.register(ticketBookingRoutes, { services });
  await app.register(flightBookingRoutes, { services });
  await app.register(transferRoutes, { services });
  await app.register(integrationRoutes, { services });
  await app.register(deadlineRoutes, { services });
  await app.register(whiteLabelRoutes, { services });
  await app.register(paymentRoutes, { services });
  await app.register(storefrontRoutes, { services });
  await app.register(storefrontAgencyRoutes, { services });
}
