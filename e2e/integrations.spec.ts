import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CANCEL_SLOTS, DEMO, demoVoucherToCancel, expect, signIn, test } from './fixtures';

/** A local receiver for the webhook: records what arrives, answers 204. */
async function receiver() {
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, close: () => server.close() };
}

test('an agency admin creates an API key, uses it, revokes it (401) and gets a signed webhook', async ({ page, request }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/configuration/integrations');
  await expect(page.getByRole('heading', { name: 'Integraciones' })).toBeVisible();

  // Create a key with the default scopes plus "Cancelar reservas"; the secret is shown once.
  await page.getByRole('button', { name: 'Crear llave' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre', { exact: true }).fill('ERP E2E');
  await dialog.getByLabel('Cancelar reservas').check();
  await page.getByRole('button', { name: 'Crear', exact: true }).click();
  const key = (await page.getByTestId('api-key-secret').innerText()).trim();
  expect(key).toMatch(/^tvk_/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('cell', { name: 'ERP E2E' })).toBeVisible();

  // Register a webhook to a local receiver (sandbox agency: loopback is allowed).
  const hook = await receiver();
  try {
    await page.getByRole('button', { name: 'Registrar webhook' }).click();
    await page.getByRole('dialog').getByLabel('URL').fill(hook.url);
    await page.getByRole('button', { name: 'Registrar', exact: true }).click();
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    await page.keyboard.press('Escape');

    // The key works against the API like a session: list the agency's own bookings, cancel one.
    const voucher = await demoVoucherToCancel(request, CANCEL_SLOTS.apiKey, 'provider=travesia', { 'x-api-key': key });
    const cancel = await request.post(`/api/voucher/${voucher._id}/cancel`, { headers: { authorization: `Bearer ${key}` }, data: {} });
    expect(cancel.status(), await cancel.text()).toBe(200);

    // The cancellation reaches the receiver, signed with the endpoint's secret.
    await expect.poll(() => hook.got.find((g) => g.headers['x-travesia-event'] === 'voucher.cancelled'), { timeout: 30_000 }).toBeTruthy();
    const got = hook.got.find((g) => g.headers['x-travesia-event'] === 'voucher.cancelled');
    const [t, v1] = String(got?.headers['x-travesia-signature'])
      .split(',')
      .map((p) => p.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${got?.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(got?.body ?? '{}').data.voucherId).toBe(voucher._id);
    await page
      .getByRole('row', { name: new RegExp(hook.url.replace(/[/.]/g, '\\$&')) })
      .getByRole('button', { name: /expandir|expand/i })
      .click();
    await expect(page.getByText('Reserva cancelada').last()).toBeVisible();
  } finally {
    hook.close();
    // The endpoint goes with its receiver: later specs' bookings would otherwise be sent to a closed port all run long.
    const endpoints = (await (await page.request.get('/api/configuration/integrations/webhooks')).json()) as Array<{
      _id: string;
      url: string;
    }>;
    for (const e of endpoints.filter((x) => x.url === hook.url))
      await page.request.delete(`/api/configuration/integrations/webhooks/${e._id}`);
  }

  // Revoke: the key is refused at once with 401 and a Spanish message.
  await page
    .getByRole('row', { name: /ERP E2E/ })
    .getByRole('button', { name: 'Revocar' })
    .click();
  await page.getByRole('button', { name: 'Revocar', exact: true }).last().click();
  await expect(page.getByRole('row', { name: /ERP E2E/ }).getByText('Revocada')).toBeVisible();
  const after = await request.get('/api/voucher', { headers: { 'x-api-key': key } });
  expect(after.status()).toBe(401);
  expect((await after.json()).msg).toBe('La llave de API no es válida o fue revocada');
});

// Issue 16 acceptance: a failing receiver is retried (with backoff: 10 s, then 20 s) and the delivery log
// shows it, first retrying with the receiver's answer, then delivered; every attempt is the same signed event.
test('a failing webhook receiver is retried with backoff and the delivery log shows it', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.agency);
  // Other cancellations of the agency may arrive too (the deadline job expires demo pre-reservations):
  // only the attempts for the voucher this test cancels are kept, and the first two of them fail.
  let target = '';
  const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!target || !body.includes(target)) return void res.writeHead(204).end();
      got.push({ headers: req.headers, body });
      res.writeHead(got.length <= 2 ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/failing`;
  try {
    const hook = await page.request.post('/api/configuration/integrations/webhooks', { data: { url, events: ['voucher.cancelled'] } });
    expect(hook.status(), await hook.text()).toBe(201);
    const { _id: endpointId, secret } = (await hook.json()) as { _id: string; secret: string };
    const voucher = await demoVoucherToCancel(page.request, CANCEL_SLOTS.webhookRetry, 'provider=travesia');
    target = voucher._id;
    expect((await page.request.post(`/api/voucher/${voucher._id}/cancel`, { data: {} })).status()).toBe(200);

    // The first attempt fails: the log says it is being retried, with the receiver's answer.
    await expect.poll(() => got.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await page.goto('/configuration/integrations');
    const row = page.getByRole('row', { name: new RegExp(url.replace(/[/.]/g, '\\$&')) });
    await row.getByRole('button', { name: /expandir|expand/i }).click();
    const retrying = page.getByText(/Reintentando \(\d intentos?, HTTP 500\)/);
    // The log is paged (newest first); other events may push this one past the first page.
    for (let p = 0; p < 10 && !(await retrying.isVisible()); p++) {
      await expect(page.getByRole('row', { name: /Reserva cancelada/ }).first()).toBeVisible();
      if (await retrying.isVisible()) break;
      const next = page.getByRole('listitem', { name: 'Página siguiente' }).getByRole('button');
      if (await next.isDisabled()) break;
      await next.click();
    }
    await expect(retrying).toBeVisible();

    // Retried until the receiver takes it: three attempts of one delivery, each signed.
    await expect.poll(() => got.length, { timeout: 90_000, intervals: [1_000] }).toBe(3);
    expect(new Set(got.map((g) => g.headers['x-travesia-delivery'])).size).toBe(1);
    for (const g of got) {
      const [t, v1] = String(g.headers['x-travesia-signature'])
        .split(',')
        .map((p) => p.split('=')[1]);
      expect(createHmac('sha256', secret).update(`${t}.${g.body}`).digest('hex')).toBe(v1);
      expect(JSON.parse(g.body).data.voucherId).toBe(voucher._id);
    }
    const eventId = JSON.parse(got[0].body).id as string;
    await expect
      .poll(async () =>
        (
          (await (await page.request.get(`/api/configuration/integrations/webhooks/${endpointId}/deliveries`)).json()) as Array<{
            eventId: string;
          }>
        ).find((d) => d.eventId === eventId),
      )
      .toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204 });
    await page.request.delete(`/api/configuration/integrations/webhooks/${endpointId}`);
  } finally {
    server.close();
  }
});
