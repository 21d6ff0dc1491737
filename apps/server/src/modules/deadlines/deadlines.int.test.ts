import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser, makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp, testDbKind } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { type Db, openDatabase } from '../../db/client.js';
import {
  agencySettings,
  deadlineReminders,
  outbox,
  userNotificationPrefs,
  voucherDeadlines,
  voucherEvents,
  vouchers,
  webhookDeliveries,
} from '../../db/schema/index.js';
import { MemoryStore } from '../../lib/kv.js';
import { Mailer } from '../../lib/mailer.js';
import { WebhookRepository } from '../integrations/webhook-repository.js';
import { OutboxRepository } from '../outbox/repository.js';
import { DeadlineReminderJob } from './reminder-job.js';
import { DeadlineRepository } from './repository.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

const deadlinesOf = (voucherId: string) => t.database.db.select().from(voucherDeadlines).where(eq(voucherDeadlines.voucherId, voucherId));

/** A job as another API process would build it: its own repositories and outbox over the same database. */
function workerJob() {
  const db = t.database.db as Db;
  const outboxRepo = new OutboxRepository(db);
  return new DeadlineReminderJob({
    db,
    deadlines: new DeadlineRepository(db),
    outbox: outboxRepo,
    outboxWorker: t.app.services.outbox,
    webhooks: new WebhookRepository(db, outboxRepo),
    vouchers: t.app.services.vouchers,
    log: pino({ level: 'silent' }),
  });
}

describe('voucher deadlines', () => {
  it('are kept as rows from the cancellation policy and status, and close when they stop applying', async () => {
    const due = inHours(72);
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      status: 'confirmed',
      policies: [
        { from: due, percent: '50', currency: 'USD' },
        { from: inHours(100), percent: '100', currency: 'USD' },
      ],
    });
    const rows = await deadlinesOf(voucher.id);
    expect(rows.map((r) => [r.kind, r.dueAt.toISOString(), r.closedAt]).sort()).toEqual([
      ['free-cancellation', due, null],
      ['payment', due, null],
    ]);
    const paid = await t.app.services.vouchers.applyUpdate(voucher.id, voucher.version, { status: 'confirmed-paid' });
    const afterPaid = await deadlinesOf(voucher.id);
    expect(afterPaid.find((r) => r.kind === 'payment')?.closedAt).not.toBeNull();
    expect(afterPaid.find((r) => r.kind === 'free-cancellation')?.closedAt).toBeNull();
    await t.app.services.vouchers.applyUpdate(voucher.id, paid.version, { status: 'cancelled' });
    expect((await deadlinesOf(voucher.id)).every((r) => r.closedAt !== null)).toBe(true);
  });

  it('a malformed policy never fails the booking; a pre-reserved voucher gets a pre-reservation deadline', async () => {
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      status: 'pre-reserved',
      start: isoDay(new Date(Date.now() + 30 * 24 * HOUR)),
      policies: [{ from: 'no es fecha', percent: '10', currency: 'USD' }],
    });
    const rows = await deadlinesOf(voucher.id);
    expect(rows.map((r) => r.kind).sort()).toEqual(['payment', 'pre-reservation']);
    const pre = rows.find((r) => r.kind === 'pre-reservation');
    expect(pre?.dueAt.getTime()).toBe(voucher.createdAt.getTime() + 72 * HOUR);
  });

  it('two workers send exactly one reminder per offset (mail through the outbox, webhook event too)', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/configuration/integrations/mail',
      headers: w.headers.admin,
      payload: { senderName: 'Reservas Viajes A', replyTo: 'reservas@viajes-a.example' },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/configuration/integrations/webhooks',
      headers: w.headers.admin,
      payload: { url: 'https://erp.example.com/hooks', events: ['voucher.deadline_approaching'] },
    });
    expect(hook.statusCode).toBe(201);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/configuration/integrations/webhooks/${hook.json()._id}`,
      headers: w.headers.admin,
      payload: { active: false },
    });
    const booker = await makeUser(t.database, 'adviser', w.agencyA.id);
    // Due in a little under 3 days (offset 3), 7 days (offset 7) and 20 hours (the daily offset 1).
    const cases = [
      { hours: 70, offset: 3 },
      { hours: 160, offset: 7 },
      { hours: 20, offset: 1 },
    ];
    const made = [];
    for (const c of cases) {
      const { voucher } = await makeVoucher(t.app, {
        agencyId: w.agencyA.id,
        userId: booker.id,
        status: 'confirmed-paid',
        policies: [{ from: inHours(c.hours), percent: '100', currency: 'USD' }],
      });
      made.push({ ...c, voucher });
    }
    await t.database.db.update(webhookDeliveries).set({ status: 'delivered' });
    const [a, b] = [workerJob(), workerJob()];
    for (let round = 0; round < 3; round++) await Promise.all([a.tick(), b.tick(), a.tick()]);

    for (const c of made) {
      const [deadline] = await deadlinesOf(c.voucher.id);
      const sent = await t.database.db.select().from(deadlineReminders).where(eq(deadlineReminders.deadlineId, deadline.id));
      expect(
        sent.map((r) => r.offsetDays),
        `${c.hours} h`,
      ).toEqual([c.offset]);
      const jobs = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'deadline.reminder')));
      expect(jobs.filter((j) => j.payload.deadlineId === deadline.id)).toHaveLength(1);
    }
    const events = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'voucher.deadline_approaching'));
    expect(events).toHaveLength(0); // the endpoint was paused: nothing queued for it
    await t.app.services.outbox.drain();
    const mail = t.mail.messages.find((m) => m.to.includes(booker.email) && m.raw.includes('Un plazo de la reserva'));
    if (!mail) throw new Error('no reminder mail');
    expect(mail.to).toContain(w.users.admin.email);
    expect(mail.raw).toContain('Reservas Viajes A');
    expect(mail.raw).toMatch(/Reply-To: reservas@viajes-a\.example/i);
    expect(mail.raw).toContain('Ver la reserva');
    const toBooker = t.mail.messages.filter((m) => m.to.includes(booker.email) && m.raw.includes('Un plazo de la reserva'));
    expect(toBooker).toHaveLength(3);
  });

  it('a pre-reserved voucher whose deadline passed expires by itself, once', async () => {
    const { voucher } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      status: 'pre-reserved',
      start: '2020-01-10',
      end: '2020-01-12',
    });
    await Promise.all([workerJob().tick(), workerJob().tick()]);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row.status).toBe('cancelled');
    const events = await t.database.db.select().from(voucherEvents).where(eq(voucherEvents.voucherId, voucher.id));
    const expired = events.filter((e) => e.toStatus === 'cancelled');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ actorKind: 'system', note: 'La pre-reserva venció sin confirmarse' });
    expect((await deadlinesOf(voucher.id)).every((d) => d.closedAt !== null)).toBe(true);
  });
});

describe("the agency's deadline shift", () => {
  it("moves its agents' free-cancellation and payment deadlines earlier, not the supplier's pre-reservation expiry; a new shift moves open deadlines", async () => {
    const agency = await makeAgency(t.database);
    await t.database.db.insert(agencySettings).values({ agencyId: agency.id, deadlineShiftDays: 2 });
    const supplierDue = inHours(24 * 10);
    const day = 24 * HOUR;
    const { voucher: confirmed } = await makeVoucher(t.app, {
      agencyId: agency.id,
      status: 'confirmed',
      policies: [{ from: supplierDue, percent: '100', currency: 'USD' }],
    });
    const { voucher: pre } = await makeVoucher(t.app, {
      agencyId: agency.id,
      status: 'pre-reserved',
      start: isoDay(new Date(Date.now() + 30 * day)),
      policies: [{ from: supplierDue, percent: '100', currency: 'USD' }],
    });
    // Free cancellation ends in 1 day at the supplier: 2 days earlier is before the booking, so no free deadline.
    const closeDue = inHours(24);
    const { voucher: tooClose } = await makeVoucher(t.app, {
      agencyId: agency.id,
      status: 'confirmed-paid',
      policies: [{ from: closeDue, percent: '100', currency: 'USD' }],
    });
    const dueOf = async (id: string, kind: string) => (await deadlinesOf(id)).find((r) => r.kind === kind && !r.closedAt)?.dueAt.getTime();
    const shifted = Date.parse(supplierDue) - 2 * day;
    expect(await dueOf(confirmed.id, 'free-cancellation')).toBe(shifted);
    expect(await dueOf(confirmed.id, 'payment')).toBe(shifted);
    expect(await dueOf(pre.id, 'free-cancellation')).toBe(shifted);
    expect(await dueOf(pre.id, 'pre-reservation')).toBe(Date.parse(supplierDue));
    expect(await dueOf(tooClose.id, 'free-cancellation')).toBeUndefined();

    await t.database.db.update(agencySettings).set({ deadlineShiftDays: 0 }).where(eq(agencySettings.agencyId, agency.id));
    expect(await dueOf(confirmed.id, 'free-cancellation')).toBe(Date.parse(supplierDue));
    expect(await dueOf(confirmed.id, 'payment')).toBe(Date.parse(supplierDue));
    expect(await dueOf(tooClose.id, 'free-cancellation')).toBe(Date.parse(closeDue));
    // Another agency's deadlines are not touched by this one's shift.
    const { voucher: elsewhere } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      status: 'confirmed',
      policies: [{ from: supplierDue, percent: '100', currency: 'USD' }],
    });
    expect(await dueOf(elsewhere.id, 'free-cancellation')).toBe(Date.parse(supplierDue));
  });
});

describe('"Vencen pronto" and the deadline filter', () => {
  it("keeps and mails deadlines in the agency's zone, to the people and addresses it set for deadlines", async () => {
    // Agency B works from Madrid, lists an operations address for deadlines; its admin turned them off.
    await t.database.db
      .insert(agencySettings)
      .values({ agencyId: w.agencyB.id, timeZone: 'Europe/Madrid', notificationEmails: { deadlines: ['operaciones@viajes-b.example'] } });
    await t.database.db.insert(userNotificationPrefs).values({ userId: w.users.adminB.id, prefs: { deadlines: false } });
    const start = isoDay(new Date(Date.now() + 40 * 24 * HOUR));
    const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyB.id, status: 'pre-reserved', start, policies: [] });
    const payment = (await deadlinesOf(voucher.id)).find((r) => r.kind === 'payment');
    // The service day starts at midnight in Madrid, not in Bogotá.
    const [y, m, d] = start.split('-').map(Number);
    expect(payment?.dueAt.getTime()).toBe(new TZDate(y, m - 1, d, 'Europe/Madrid').getTime());

    await t.app.services.deadlines.mailReminder({ deadlineId: payment?.id, offsetDays: 7 });
    const mail = t.mail.messages.find((m) => m.raw.includes(voucher.externalBookingReference) && m.raw.includes('Un plazo de la reserva'));
    if (!mail) throw new Error('no reminder mail');
    expect(mail.to).toContain('operaciones@viajes-b.example');
    expect(mail.to).not.toContain(w.users.adminB.email);
    expect(mail.raw).toContain(`Vence: ${start.split('-').reverse().join('-')} 00:00`);
  });

  it('lists open deadlines in the caller scope, and the bookings list filters by deadline', async () => {
    const { voucher: soon } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      userId: w.users.admin.id,
      policies: [{ from: inHours(48), percent: '100', currency: 'USD' }],
    });
    const { voucher: later } = await makeVoucher(t.app, {
      agencyId: w.agencyA.id,
      policies: [{ from: inHours(24 * 20), percent: '100', currency: 'USD' }],
    });
    const card = await t.app.inject({ url: '/api/dashboard/deadlines?days=7', headers: w.headers.admin });
    expect(card.statusCode).toBe(200);
    const ids = card.json().map((d: { voucherId: string }) => d.voucherId);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(later.id);
    expect(card.json().find((d: { voucherId: string }) => d.voucherId === soon.id)).toMatchObject({
      reference: soon.externalBookingReference,
      kind: expect.stringMatching(/free-cancellation|payment/),
    });
    const other = await t.app.inject({ url: '/api/dashboard/deadlines?days=7', headers: w.headers.adminB });
    expect(other.json().map((d: { voucherId: string }) => d.voucherId)).not.toContain(soon.id);
    const adviser = await t.app.inject({ url: '/api/dashboard/deadlines', headers: w.headers.adviser });
    expect(adviser.statusCode).toBe(200);
    expect(adviser.json().map((d: { voucherId: string }) => d.voucherId)).not.toContain(soon.id);
    const bad = await t.app.inject({ url: '/api/dashboard/deadlines?days=0', headers: w.headers.admin });
    expect(bad.statusCode).toBe(400);

    const list = await t.app.inject({ url: '/api/voucher?deadlineWithin=5&limit=100', headers: w.headers.admin });
    expect(list.statusCode).toBe(200);
    const listed = list.json().docs.map((d: { _id: string }) => d._id);
    expect(listed).toContain(soon.id);
    expect(listed).not.toContain(later.id);
    const badFilter = await t.app.inject({ url: '/api/voucher?deadlineWithin=99', headers: w.headers.admin });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.body).toContain('entre 1 y 60');
  });

  it('reminder offsets are configured per agency by its admin only', async () => {
    const url = '/api/configuration/integrations/reminders';
    expect((await t.app.inject({ url, headers: w.headers.admin })).json()).toEqual({ offsets: [7, 3], daily: true });
    const put = await t.app.inject({ method: 'PUT', url, headers: w.headers.admin, payload: { offsets: [3, 10, 3], daily: false } });
    expect(put.json()).toEqual({ offsets: [10, 3], daily: false });
    expect((await t.app.inject({ url, headers: w.headers.adminB })).json()).toEqual({ offsets: [7, 3], daily: true });
    const bad = await t.app.inject({ method: 'PUT', url, headers: w.headers.admin, payload: { offsets: [0], daily: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('entre 1 y 60');
    expect((await t.app.inject({ url, headers: w.headers.adviser })).statusCode).toBe(403);
  });
});

/** A local webhook receiver that records every body and answers 204. */
async function listen() {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

// Acceptance of issue 16: two API processes, each with its own connection pool to the same PostgreSQL
// database (PGlite has one connection, so the race only exists on PostgreSQL).
describe.skipIf(testDbKind() !== 'postgres')('two API processes on one PostgreSQL database', () => {
  it('a free-cancellation deadline in 3 days gets exactly one reminder, one mail and one webhook event', async () => {
    const res = await t.database.db.execute(sql`select current_database() as name`);
    const [{ name }] = (res as unknown as { rows: Array<{ name: string }> }).rows;
    const url = new URL(String(process.env.DATABASE_URL));
    url.pathname = `/${name}`;
    const second = await openDatabase({ url: url.toString() });
    const receiver = await listen();
    const log = pino({ level: 'silent' });
    const mailer = new Mailer({ smtpUrl: t.mail.url, from: 'reservas@travesia.test', dataDir: '' }, log);
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://travesia.test', LOG_LEVEL: 'silent' }),
      database: second,
      store: new MemoryStore(),
      mailer,
      log,
    });
    try {
      await other.ready();
      const agency = await makeAgency(t.database);
      const admin = await makeUser(t.database, 'agency', agency.id);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/configuration/integrations/webhooks',
        headers: await loginAs(t.app, admin.email),
        payload: { url: receiver.url, events: ['voucher.deadline_approaching'] },
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const { voucher } = await makeVoucher(t.app, {
        agencyId: agency.id,
        userId: admin.id,
        status: 'confirmed-paid',
        policies: [{ from: inHours(71), percent: '100', currency: 'USD' }],
      });
      const jobs = [t.app.services.deadlineJob, other.services.deadlineJob];
      for (let round = 0; round < 3; round++) await Promise.all(jobs.map((j) => j.tick()));

      const [deadline] = await deadlinesOf(voucher.id);
      const sent = await t.database.db.select().from(deadlineReminders).where(eq(deadlineReminders.deadlineId, deadline.id));
      expect(sent.map((r) => r.offsetDays)).toEqual([3]);
      const queued = (await t.database.db.select().from(outbox).where(eq(outbox.kind, 'deadline.reminder'))).filter(
        (j) => j.payload.deadlineId === deadline.id,
      );
      expect(queued).toHaveLength(1);
      const events = (
        await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'voucher.deadline_approaching'))
      ).filter((d) => JSON.stringify(d.payload).includes(voucher.id));
      expect(events).toHaveLength(1);

      // Both processes drain the outbox at once: the reminder mail and the webhook go out once.
      await Promise.all([t.app.services.outbox.drain(), other.services.outbox.drain(), t.app.services.outbox.drain()]);
      const mails = t.mail.messages.filter((m) => m.to.includes(admin.email) && m.raw.includes('Un plazo de la reserva'));
      expect(mails).toHaveLength(1);
      expect(receiver.bodies.filter((b) => b.includes(voucher.id))).toHaveLength(1);
    } finally {
      receiver.server.close();
      await other.close();
      mailer.close();
      await second.close();
    }
  });
});
