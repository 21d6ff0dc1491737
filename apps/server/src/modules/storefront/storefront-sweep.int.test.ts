import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAgency } from '../../../test/factories.js';
import { RecordingPaymentPort } from '../../../test/payment-double.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { outbox, storefrontOrders, whiteLabels } from '../../db/schema/index.js';
import { StorefrontRepository } from './repository.js';
import { StorefrontSweepJob } from './sweep-job.js';

// Storefront orders left in 'booking' by a process that died between the payment and the supplier's
// answer (decision 0421): the sweeper follows the voucher recorded under the order's key, refunds when
// the supplier was never called, and tells the agency when the supplier stays silent. PGlite and PostgreSQL.

let t: TestApp;
const payments = new RecordingPaymentPort();
let agencyId = '';
let whiteLabelId = '';
const log = pino({ level: 'silent' });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function order(updatedMinutesAgo: number) {
  const paymentId = `pay-sweep-${randomUUID().slice(0, 8)}`;
  const [row] = await t.database.db
    .insert(storefrontOrders)
    .values({
      ref: `SW-${randomUUID().slice(0, 8).toUpperCase()}`,
      whiteLabelId,
      agencyId,
      status: 'booking',
      option: { cacheId: 'c', optionId: 'o', quoteId: 'q' },
      summary: {
        hotel: { name: 'Hotel Caribe', board: 'Desayuno', checkIn: '2030-06-10', checkOut: '2030-06-12' },
        rooms: [{ name: 'Doble', adults: 2, childrenAges: [] }],
        cancellation: { refundable: true, rules: [] },
      },
      amount: '500.00',
      currency: 'USD',
      holdExpiresAt: minutesAgo(updatedMinutesAgo - 15),
      travellers: [[{ name: 'Laura', surname: 'Gómez', type: 'adult' }]],
      billing: { name: 'Laura', surname: 'Gómez', email: 'laura@example.com' },
      email: 'laura@example.com',
      paymentId,
      gateway: 'wompi',
      createdAt: minutesAgo(updatedMinutesAgo + 1),
      updatedAt: minutesAgo(updatedMinutesAgo),
    })
    .returning();
  return row;
}

/** A voucher recorded by the order's reserve (its key `sf-<order id>`), in the given state. */
const voucherFor = async (orderId: string, status: 'confirmed' | 'confirmed-paid' | 'cancelled' | 'pending-provider' | 'needs-attention') =>
  (await makeVoucher(t.app, { agencyId, integrator: 'storefront:playa-sweep', whiteLabelId, status, idempotencyKey: `sf-${orderId}` }))
    .voucher;

const reload = async (id: string) => (await t.database.db.select().from(storefrontOrders).where(eq(storefrontOrders.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({}, { storefrontPayments: payments });
  agencyId = (await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'white-labels'] })).id;
  const [wl] = await t.database.db
    .insert(whiteLabels)
    .values({ agencyId, name: 'Playa', slug: 'playa-sweep', status: 'active', products: ['hotels-hotelbeds'] })
    .returning();
  whiteLabelId = wl.id;
});
afterAll(() => t?.close());

describe('the storefront sweeper', () => {
  it('moves each stuck order on by its voucher, and leaves fresh ones alone', async () => {
    const fresh = await order(2);
    const noVoucher = await order(15);
    const confirmed = await order(15);
    const cancelled = await order(15);
    const pendingRecent = await order(15);
    const pendingOld = await order(90);
    const paid = await order(15);
    const givenUp = await order(15);
    const confirmedVoucher = await voucherFor(confirmed.id, 'confirmed');
    const paidVoucher = await voucherFor(paid.id, 'confirmed-paid');
    const givenUpVoucher = await voucherFor(givenUp.id, 'needs-attention');
    const cancelledVoucher = await voucherFor(cancelled.id, 'cancelled');
    await voucherFor(pendingRecent.id, 'pending-provider');
    const silent = await voucherFor(pendingOld.id, 'pending-provider');

    const job = new StorefrontSweepJob({ repo: new StorefrontRepository(t.database.db), orders: t.app.services.storefront }, log, {
      stuckMinutes: 10,
      attentionMinutes: 60,
    });
    expect(await job.sweep()).toEqual({ booked: 2, refunded: 2, attention: 2, waiting: 1 });

    expect((await reload(fresh.id)).status).toBe('booking');
    expect(await reload(noVoucher.id)).toMatchObject({ status: 'refunded', note: 'La reserva no llegó al proveedor' });
    expect(await reload(confirmed.id)).toMatchObject({ status: 'booked', voucherId: confirmedVoucher.id });
    // Already paid at the supplier is booked too; a voucher the recovery gave up on sends the order to the agency now.
    expect(await reload(paid.id)).toMatchObject({ status: 'booked', voucherId: paidVoucher.id });
    expect(await reload(givenUp.id)).toMatchObject({ status: 'needs-attention', voucherId: givenUpVoucher.id });
    expect(await reload(cancelled.id)).toMatchObject({
      status: 'refunded',
      voucherId: cancelledVoucher.id,
      note: 'El proveedor no confirmó la reserva',
    });
    // Still pending: the booking recovery owns it until the attention limit.
    expect((await reload(pendingRecent.id)).status).toBe('booking');
    expect(await reload(pendingOld.id)).toMatchObject({
      status: 'needs-attention',
      voucherId: silent.id,
      note: 'El proveedor no ha confirmado la reserva: revisar con el proveedor',
    });
    // The two refunds went through the gateway, once each; the booked order's confirmation is queued.
    expect(payments.refunds.map((r) => r.paymentId).sort()).toEqual([noVoucher.paymentId, cancelled.paymentId].sort());
    const queued = await t.database.db.select().from(outbox);
    expect(queued.some((m) => JSON.stringify(m).includes(confirmed.id))).toBe(true);

    // A second pass finds nothing new to do (each move is conditional).
    expect(await job.sweep()).toEqual({ booked: 0, refunded: 0, attention: 0, waiting: 1 });
    expect(payments.refunds).toHaveLength(2);
  });

  it('a refund the gateway refuses leaves the order to the agency', async () => {
    const stuck = await order(20);
    payments.failRefunds = true;
    try {
      const job = new StorefrontSweepJob({ repo: new StorefrontRepository(t.database.db), orders: t.app.services.storefront }, log);
      await job.sweep();
    } finally {
      payments.failRefunds = false;
    }
    const after = await reload(stuck.id);
    expect(after.status).toBe('needs-attention');
    expect(after.note).toContain('El reembolso falló');
  });
});
