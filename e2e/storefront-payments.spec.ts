import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test, uniqueSurname } from './fixtures';

/**
 * Issue 20's acceptance, the payments that do not simply succeed, in the browser on a 390 px phone: a traveller
 * books a Cartagena hotel on a storefront and pays on the payment simulator's hosted checkout (Wompi, test mode),
 * choosing the scenario on its page. A declined payment leaves no booking and offers to try again; an approval
 * sent twice books once; a payment approved after the hold ended is refunded and never booked (decision 0600).
 * The last one runs on a white label of its own with a 1-minute time to pay (decision 0601), so the demo
 * storefront and the other specs keep their hold.
 */
const DEMO_SLUG = 'viajes-demo';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SIM = () => process.env.E2E_PAYMENT_SIM_URL as string;
/** The payment simulator's Wompi sandbox merchant (apps/supplier-sim/README.md, payments). */
const WOMPI = {
  publicKey: 'pub_test_travesia_sim',
  privateKey: 'prv_test_travesia_sim',
  integritySecret: 'test_integrity_travesia_sim',
  eventsSecret: 'test_events_travesia_sim',
};

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** The agency's API headers (the demo agency admin, who owns the demo storefront). */
async function agencyHeaders(request: APIRequestContext) {
  const res = await request.post('/api/user/login', { data: { user: DEMO.agency, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { 'x-access-token': (await res.json()).token as string };
}

/** How many bookings the agency has for a traveller's surname (`/booking`'s text search). */
async function agencyBookings(request: APIRequestContext, surname: string) {
  const res = await request.get(`/api/voucher?q=${encodeURIComponent(surname)}`, { headers: await agencyHeaders(request) });
  expect(res.status()).toBe(200);
  return (await res.json()).totalDocs as number;
}

/** The simulator's deliveries of one checkout: each event it sent and how the platform answered. */
async function deliveries(request: APIRequestContext, checkoutId: string) {
  const res = await request.get(`${SIM()}/_sim/deliveries`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as Array<{ checkoutId: string; status: string; httpStatus: number | null }>).filter(
    (d) => d.checkoutId === checkoutId,
  );
}

/**
 * The traveller's way to the gateway: Cartagena's results (the home's search form is storefront.spec's), the first
 * hotel, checkout with billing and one traveller, "Pagar" → the simulator's Wompi checkout page. Answers the e-mail
 * and the simulator's checkout id (the page's form posts to it).
 */
async function payOnGateway(page: Page, request: APIRequestContext, slug: string, surname: string, start: number) {
  const places = await request.post(`/api/storefront/${slug}/places`, { data: { keyword: 'Cartagena' } });
  expect(places.status()).toBe(200);
  const cartagena = ((await places.json()).response as { id: string; name: string; type: string }[]).find(
    (p) => p.type === 'city' && p.name.startsWith('Cartagena'),
  );
  expect(cartagena).toBeDefined();
  const query = new URLSearchParams({
    destino: cartagena?.id ?? '',
    nombre: cartagena?.name ?? '',
    entrada: day(start),
    salida: day(start + 2),
    adultos: '1',
  });
  await page.goto(`/s/${slug}/hoteles?${query}`);
  const book = page.getByRole('button', { name: 'Reservar' }).first();
  await expect(book).toBeVisible({ timeout: 90_000 });
  await book.click();

  const email = `${surname.toLowerCase()}@example.com`;
  await expect(page.getByLabel('Correo electrónico')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Nombre', { exact: true }).fill('Camila');
  await page.getByLabel('Apellido', { exact: true }).fill(surname);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('+573001234567');
  await page.getByLabel('Número de documento').fill('1020304050');
  await page.getByLabel('Nombre del viajero 1').first().fill('Camila');
  await page.getByLabel('Apellido del viajero 1').first().fill(surname);
  await page.getByRole('button', { name: /^Pagar/ }).click();

  await page.waitForURL(/\/wompi\/checkout\//, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: /Pagar con Wompi/ })).toBeVisible();
  const action = (await page.locator('form').getAttribute('action')) ?? '';
  const checkoutId = action.split('/').pop() ?? '';
  expect(checkoutId).toMatch(/^wchk_/);
  return { email, checkoutId };
}

/** Picks the scenario on the simulator's page and pays; back on the storefront's return page, its order reference. */
async function choose(page: Page, slug: string, scenario: string) {
  await page.getByRole('radio', { name: scenario }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`/s/${slug}/pedido/`), { timeout: 60_000 });
  return decodeURIComponent(new URL(page.url()).pathname.split('/pedido/')[1] ?? '');
}

const orderStatus = async (request: APIRequestContext, slug: string, ref: string, email: string) =>
  (await (await request.get(`/api/storefront/${slug}/orders/${encodeURIComponent(ref)}?email=${encodeURIComponent(email)}`)).json())
    .response?.status as string | undefined;

test('a declined payment says so in Spanish, offers to try again and leaves the agency no booking', async ({ page, request }) => {
  test.setTimeout(300_000);
  const surname = uniqueSurname('Rechazo');
  const { email, checkoutId } = await payOnGateway(page, request, DEMO_SLUG, surname, 70);
  const ref = await choose(page, DEMO_SLUG, 'Pago rechazado');

  // The return page waits for the signed webhook, then says nothing was charged nor booked.
  await expect(page.getByRole('heading', { level: 1, name: 'El pago no se completó' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('No se hizo ningún cargo ni se reservó nada. Puedes intentarlo de nuevo.')).toBeVisible();
  await expect(page.getByText('Pago rechazado', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await orderStatus(request, DEMO_SLUG, ref, email)).toBe('declined');
  expect((await deliveries(request, checkoutId)).map((d) => [d.status, d.httpStatus])).toEqual([['declined', 200]]);
  expect(await agencyBookings(request, surname)).toBe(0);

  // "Intentar de nuevo" leads back to the checkout of the same hotel, priced again, ready to pay.
  await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${DEMO_SLUG}/hoteles/reservar\\?cache=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Completa tu reserva' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /^Pagar/ })).toBeVisible({ timeout: 60_000 });
});

test('an approval the gateway sends twice books once: one voucher, in the agency bookings too', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const surname = uniqueSurname('Doble');
  const { email, checkoutId } = await payOnGateway(page, request, DEMO_SLUG, surname, 73);
  const ref = await choose(page, DEMO_SLUG, 'Aprobado, con el evento enviado dos veces');

  await expect(page.getByRole('heading', { level: 1, name: 'Reserva confirmada' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Voucher', { exact: true })).toBeVisible();
  expect(await orderStatus(request, DEMO_SLUG, ref, email)).toBe('booked');
  // The simulator did send the same signed event twice, and the platform acknowledged both.
  await expect
    .poll(async () => (await deliveries(request, checkoutId)).map((d) => [d.status, d.httpStatus]), { timeout: 60_000 })
    .toEqual([
      ['approved', 200],
      ['approved', 200],
    ]);
  expect(await agencyBookings(request, surname)).toBe(1);
  await expectOneBookingRow(browser, surname);
});

/** The agency's back office on a desktop screen (its tables are cards on a phone). */
const agencyContext = (browser: Browser) =>
  browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1280, height: 900 },
  });

/** The agency's `/booking`, searched by the traveller's surname, lists exactly one booking. */
async function expectOneBookingRow(browser: Browser, surname: string) {
  const context = await agencyContext(browser);
  try {
    const agency = await context.newPage();
    await signIn(agency, DEMO.agency);
    await agency.goto(`/booking?q=${encodeURIComponent(surname)}`);
    await expect(agency.getByRole('heading', { name: 'Reservas' })).toBeVisible({ timeout: 60_000 });
    const rows = agency.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    await expect(rows.first()).toContainText(surname);
  } finally {
    await context.close();
  }
}

test('a payment approved after the hold ended is refunded through the gateway and never booked', async ({ page, request, browser }) => {
  // One minute of hold to wait out, on a loaded machine.
  test.setTimeout(420_000);
  const headers = await agencyHeaders(request);
  const suffix = Date.now().toString(36);
  const slug = `pago-tarde-${suffix}`;
  // A white label of its own with a 1-minute time to pay, published, paying through Wompi in test mode.
  const created = await request.post('/api/whitelabels', {
    headers,
    data: {
      name: `Pago tarde ${suffix}`,
      slug,
      status: 'active',
      products: ['hotels-hotelbeds', 'hotels-juniper', 'hotels-restel'],
      currency: 'COP',
      markupPercent: '10',
      holdMinutes: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const whiteLabel = (await created.json()) as { _id: string; holdMinutes: number };
  expect(whiteLabel.holdMinutes).toBe(1);
  const draft = await request.put(`/api/whitelabels/${whiteLabel._id}/site/draft`, {
    headers,
    data: { heroTitle: 'Reserva tu hotel', heroText: 'Pagos de prueba' },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  expect((await request.post(`/api/whitelabels/${whiteLabel._id}/site/publish`, { headers })).status()).toBe(200);
  const gateway = await request.post(`/api/whitelabel/${whiteLabel._id}/payment-gateways`, {
    headers,
    data: { gateway: 'wompi', mode: 'test', active: true, credentials: { test: WOMPI } },
  });
  expect(gateway.status(), await gateway.text()).toBe(201);

  const surname = uniqueSurname('Tarde');
  const { email, checkoutId } = await payOnGateway(page, request, slug, surname, 76);
  // Paid within the hold; the approval lands just after the checkout's expiry, which is the hold's end.
  const ref = await choose(page, slug, 'Aprobación tardía (llega después de vencer el plazo de pago)');
  await expect(page.getByRole('heading', { level: 1, name: 'Procesando el pago' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('timer')).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Pago reembolsado' })).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText('No pudimos confirmar la reserva y el pago fue reembolsado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await orderStatus(request, slug, ref, email)).toBe('refunded');
  expect((await deliveries(request, checkoutId)).map((d) => [d.status, d.httpStatus])).toEqual([['approved', 200]]);

  // Never booked; the payment refunded at the gateway; the agency sees why on the white label's orders.
  expect(await agencyBookings(request, surname)).toBe(0);
  const paymentsList = await request.get(`/api/whitelabel/${whiteLabel._id}/payments`, { headers });
  expect(((await paymentsList.json()).docs as Array<{ status: string }>).map((p) => p.status)).toEqual(['refunded']);
  const orders = await request.get(`/api/whitelabel/${whiteLabel._id}/orders`, { headers });
  expect((await orders.json()).docs).toMatchObject([
    { ref, status: 'refunded', voucher: null, note: 'El pago se aprobó después de vencer el tiempo para pagar' },
  ]);

  const context = await agencyContext(browser);
  try {
    const agency = await context.newPage();
    await signIn(agency, DEMO.agency);
    await agency.goto(`/whitelabel/${whiteLabel._id}/payments`);
    const card = agency.locator('.ant-card').filter({ hasText: 'Pedidos de la tienda' });
    await expect(card).toBeVisible({ timeout: 60_000 });
    const row = card.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: ref });
    await expect(row).toContainText('Reembolsado', { timeout: 30_000 });
    await expect(row).toContainText('El pago se aprobó después de vencer el tiempo para pagar');
    await expect(row).toContainText(surname);
  } finally {
    await context.close();
  }
});
