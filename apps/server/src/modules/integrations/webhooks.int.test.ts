import { WEBHOOK_HEADERS } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';
import { startWebhookReceiver } from '../../../test/webhook-receiver.js';
import { agencies } from '../../db/schema/index.js';
import { createGuardedAgent } from '../../suppliers/http/guarded-agent.js';
import { WEBHOOK_MAX_ATTEMPTS } from './webhook-delivery.js';
import { WebhookSender } from './webhook-sender.js';
import { verifyWebhook } from './webhook-signing.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
const hooks = '/api/configuration/integrations/webhooks';
type Delivery = {
  _id: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  eventId: string;
  event: string;
};

beforeAll(async () => {
  // Retries after 1 ms, 2 ms, 4 ms…; the guarded agent resolves every name to loopback (a rebinding DNS).
  t = await createTestApp(
    {},
    {
      accountOptions: { outbox: { baseDelayMs: 1, maxDelayMs: 50 } },
      webhookSender: new WebhookSender({ guarded: createGuardedAgent({ resolveAll: async () => [{ address: '127.0.0.1', family: 4 }] }) }),
    },
  );
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
});

async function register(headers: Record<string, string>, url: string, events: string[]) {
  const res = await t.app.inject({ method: 'POST', url: hooks, headers, payload: { url, events, description: 'ERP' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; secret: string };
}

async function deliveries(id: string, headers = w.headers.admin): Promise<Delivery[]> {
  const res = await t.app.inject({ url: `${hooks}/${id}/deliveries`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Runs the outbox until no delivery of `id` is pending (retries are due within milliseconds). */
async function settle(id: string, headers = w.headers.admin) {
  for (;;) {
    await t.app.services.outbox.drain();
    const list = await deliveries(id, headers);
    if (!list.some((d) => d.status === 'pending')) return list;
    await new Promise((r) => setImmediate(r));
  }
}

describe('webhooks', () => {
  it('a new voucher delivers signed "created" and "confirmed" events to a real HTTP receiver', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await register(w.headers.admin, receiver.url, ['voucher.created', 'voucher.confirmed']);
      expect(hook.secret).toMatch(/^whsec_/);
      const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id, status: 'confirmed' });
      const list = await settle(hook._id);
      expect(list.map((d) => [d.event, d.status, d.lastStatusCode]).sort()).toEqual([
        ['voucher.confirmed', 'delivered', 204],
        ['voucher.created', 'delivered', 204],
      ]);
      expect(receiver.received).toHaveLength(2);
      for (const r of receiver.received) {
        const signature = String(r.headers[WEBHOOK_HEADERS.signature]);
        expect(verifyWebhook(hook.secret, signature, r.body, Math.floor(Date.now() / 1000))).toBe(true);
        expect(verifyWebhook(hook.secret, signature, `${r.body} `, Math.floor(Date.now() / 1000))).toBe(false);
        expect(verifyWebhook('whsec_other', signature, r.body, Math.floor(Date.now() / 1000))).toBe(false);
        const body = JSON.parse(r.body);
        expect(body.type).toBe(r.headers[WEBHOOK_HEADERS.event]);
        expect(body.data).toMatchObject({ voucherId: voucher.id, reference: voucher.externalBookingReference, status: 'confirmed' });
        expect(r.body).not.toMatch(/price|cost|amount/i);
      }
      // The other agency's endpoints hear nothing of agency A.
      await makeVoucher(t.app, { agencyId: w.agencyB.id });
      await settle(hook._id);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('status changes and cancellations are events too, each only to endpoints that subscribed', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const { voucher } = await makeVoucher(t.app, { agencyId: w.agencyA.id, status: 'on-request' });
      const hook = await register(w.headers.admin, receiver.url, ['voucher.status_changed', 'voucher.cancelled']);
      const updated = await t.app.services.vouchers.applyUpdate(voucher.id, voucher.version, { status: 'confirmed' });
      await t.app.services.vouchers.applyUpdate(voucher.id, updated.version, { status: 'cancelled' });
      const list = await settle(hook._id);
      expect(list.map((d) => d.event).sort()).toEqual(['voucher.cancelled', 'voucher.status_changed', 'voucher.status_changed']);
      const cancelled = receiver.received.map((r) => JSON.parse(r.body)).find((b) => b.type === 'voucher.cancelled');
      expect(cancelled.data).toMatchObject({ status: 'cancelled', previousStatus: 'confirmed' });
    } finally {
      await receiver.close();
    }
  });

  it('a failing receiver is retried with backoff until it answers, and the log shows every attempt', async () => {
    const receiver = await startWebhookReceiver({ failFirst: 2 });
    try {
      const hook = await register(w.headers.admin, receiver.url, ['voucher.created']);
      await makeVoucher(t.app, { agencyId: w.agencyA.id });
      const [d] = await settle(hook._id);
      expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204, lastError: null });
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.delivery]))).toEqual(new Set([d._id]));
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the last attempt; "reenviar" sends the same event again', async () => {
    const receiver = await startWebhookReceiver({ failAlways: true });
    try {
      const hook = await register(w.headers.admin, receiver.url, ['voucher.created']);
      await makeVoucher(t.app, { agencyId: w.agencyA.id });
      const [failed] = await settle(hook._id);
      expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 500, lastError: 'HTTP 500' });
      const again = await t.app.inject({
        method: 'POST',
        url: `${hooks}/${hook._id}/deliveries/${failed._id}/resend`,
        headers: w.headers.admin,
      });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toMatchObject({ eventId: failed.eventId, status: 'pending', attempts: 0 });
      const other = await t.app.inject({
        method: 'POST',
        url: `${hooks}/${hook._id}/deliveries/${failed._id}/resend`,
        headers: w.headers.adminB,
      });
      expect(other.statusCode).toBe(404);
      await settle(hook._id);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a URL that is not http(s); in production mode, private and loopback destinations (SSRF)', async () => {
    for (const url of ['ftp://example.com/x', 'notaurl', 'http://user:pw@example.com/']) {
      const res = await t.app.inject({
        method: 'POST',
        url: hooks,
        headers: w.headers.admin,
        payload: { url, events: ['voucher.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('Escribe una URL http o https válida');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: hooks,
      headers: w.headers.admin,
      payload: { url: 'https://x.example', events: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Evento no válido');

    await t.database.db.update(agencies).set({ mode: 'production' }).where(eq(agencies.id, w.agencyB.id));
    for (const url of [
      'http://127.0.0.1/h',
      'http://10.1.2.3/h',
      'http://[::1]/h',
      'http://localhost/h',
      'http://169.254.169.254/latest',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: hooks,
        headers: w.headers.adminB,
        payload: { url, events: ['voucher.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain('dirección pública');
    }
    const port = await t.app.inject({
      method: 'POST',
      url: hooks,
      headers: w.headers.adminB,
      payload: { url: 'https://hooks.example.com:22/h', events: ['voucher.created'] },
    });
    expect(port.statusCode).toBe(400);
    // A public-looking name that resolves to loopback when sending is refused by the guarded agent.
    const receiver = await startWebhookReceiver();
    try {
      const hook = await register(w.headers.adminB, 'http://hooks.example.com:8080/h', ['voucher.created']);
      await makeVoucher(t.app, { agencyId: w.agencyB.id });
      const [d] = await settle(hook._id, w.headers.adminB);
      expect(d.status).toBe('failed');
      expect(d.lastError).toContain('Destino no permitido');
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
      await t.database.db.update(agencies).set({ mode: 'sandbox' }).where(eq(agencies.id, w.agencyB.id));
    }
  });

  it('edits, pauses and deletes an endpoint of its own agency only; advisers cannot open it', async () => {
    const hook = await register(w.headers.admin, 'https://erp.example.com/hooks', ['voucher.created']);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${hooks}/${hook._id}`,
      headers: w.headers.admin,
      payload: { active: false, events: ['voucher.cancelled'] },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ active: false, events: ['voucher.cancelled'] });
    expect(JSON.stringify(patch.json())).not.toContain('whsec_');
    expect((await t.app.inject({ method: 'PATCH', url: `${hooks}/${hook._id}`, headers: w.headers.adminB, payload: {} })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: hooks, headers: w.headers.adviser })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${hooks}/${hook._id}/deliveries`, headers: w.headers.adminB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${hooks}/${hook._id}`, headers: w.headers.adminB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${hooks}/${hook._id}`, headers: w.headers.admin })).statusCode).toBe(204);
    const list = await t.app.inject({ url: hooks, headers: w.headers.admin });
    expect(list.json().map((h: { _id: string }) => h._id)).not.toContain(hook._id);
  });

  it('keeps the sender name and reply-to of the agency mails', async () => {
    const url = '/api/configuration/integrations/mail';
    expect((await t.app.inject({ url, headers: w.headers.admin })).json()).toEqual({ senderName: null, replyTo: null });
    const bad = await t.app.inject({ method: 'PUT', url, headers: w.headers.admin, payload: { replyTo: 'no es correo' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Correo de respuesta no válido');
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.headers.admin,
      payload: { senderName: 'Viajes A Reservas', replyTo: 'reservas@viajes-a.example' },
    });
    expect(ok.json()).toEqual({ senderName: 'Viajes A Reservas', replyTo: 'reservas@viajes-a.example' });
    expect((await t.app.inject({ url, headers: w.headers.adminB })).json()).toEqual({ senderName: null, replyTo: null });
    expect((await t.app.inject({ url, headers: w.headers.adviser })).statusCode).toBe(403);
  });
});
