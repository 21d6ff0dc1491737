import { eq } from 'drizzle-orm';
import { paymentGateways, whiteLabels } from '../../db/schema/index.js';
import type { SeedContext } from '../../db/seed/index.js';
import { DEMO_WHITE_LABEL_ID } from '../white-label/seed.js';
import { sealGatewayCredentials } from './credentials.js';

/** Fixed so a re-seed finds it (the sealed credentials are bound to the row id). */
const DEMO_GATEWAY_ID = '7a1e5b1e-0000-4000-8000-00000000d101';

/**
 * The demo storefront pays through Wompi in test mode, i.e. on the payment simulator with its sandbox
 * keys (apps/supplier-sim/README.md), so a traveller can book and pay after `npm start`.
 * Skipped without a secret box (like the demo provider accounts) or when the gateway exists.
 */
export async function seedDemoPaymentGateway({ db, log, secrets }: SeedContext) {
  if (!secrets) {
    log.warn('demo payment gateway skipped: no secret box');
    return;
  }
  const [exists] = await db.select({ id: paymentGateways.id }).from(paymentGateways).where(eq(paymentGateways.id, DEMO_GATEWAY_ID));
  if (exists) return;
  const [wl] = await db
    .select({ id: whiteLabels.id, agencyId: whiteLabels.agencyId })
    .from(whiteLabels)
    .where(eq(whiteLabels.id, DEMO_WHITE_LABEL_ID));
  if (!wl) return;
  const test = {
    publicKey: 'pub_test_travesia_sim',
    privateKey: 'prv_test_travesia_sim',
    integritySecret: 'test_integrity_travesia_sim',
    eventsSecret: 'test_events_travesia_sim',
  };
  await db.insert(paymentGateways).values({
    id: DEMO_GATEWAY_ID,
    whiteLabelId: wl.id,
    agencyId: wl.agencyId,
    gateway: 'wompi',
    mode: 'test',
    active: true,
    testCredentialsSealed: sealGatewayCredentials(secrets(), DEMO_GATEWAY_ID, 'test', test),
  });
}
