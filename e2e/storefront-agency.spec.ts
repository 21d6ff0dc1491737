import { DEMO, expect, signIn, test } from './fixtures';

/**
 * Issue 20's acceptance, the agency's side: a traveller's booking on the demo storefront
 * (`/s/viajes-demo`, paid on the payment simulator's Wompi checkout) shows in the agency's `/booking`
 * under the "Tienda online" channel, named by the white label, and its detail shows the payment.
 */
const SLUG = 'viajes-demo';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A surname no other booking has, letters only (the storefront's name fields). */
const surname = `Canal${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('the agency filters its bookings by the storefront channel and sees the traveller payment', async ({ page, request }) => {
  test.setTimeout(300_000);

  // The traveller's order through the storefront's public API (the storefront spec covers its pages).
  const places = await request.post(`/api/storefront/${SLUG}/places`, { data: { keyword: 'Cartagena' } });
  expect(places.status()).toBe(200);
  const cartagena = ((await places.json()).response as { id: string; name: string; type: string }[]).find(
    (p) => p.type === 'city' && p.name.startsWith('Cartagena'),
  );
  expect(cartagena).toBeDefined();
  const search = await request.post(`/api/storefront/${SLUG}/hotels/search`, {
    data: { destination: cartagena?.id, countryCode: 'CO', start: day(52), end: day(54), paxes: [{ adults: 2, children: [] }] },
    timeout: 90_000,
  });
  expect(search.status(), await search.text()).toBe(200);
  const { cacheId, items } = (await search.json()).response as {
    cacheId: string;
    items: Array<{ options: Array<{ optionId: string; price: unknown }> }>;
  };
  const option = items[0].options[0];
  const email = `${surname.toLowerCase()}@example.com`;
  const order = await request.post(`/api/storefront/${SLUG}/orders`, {
    data: {
      cacheId,
      optionId: option.optionId,
      price: option.price,
      travellers: [
        [
          { name: 'Marta', surname },
          { name: 'Julián', surname },
        ],
      ],
      billing: { name: 'Marta', surname, email, phone: '+573001234567', document: { type: 'CC', number: '1020304051' } },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderRef, checkoutUrl } = (await order.json()).response as { orderRef: string; checkoutUrl: string };

  // Paid on the simulator's hosted checkout; the signed webhook books it.
  await page.goto(checkoutUrl);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(new RegExp(`/s/${SLUG}/pedido/`), { timeout: 60_000 });
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/storefront/${SLUG}/orders/${encodeURIComponent(orderRef)}?email=${email}`)).json()).response
          ?.status,
      { timeout: 120_000 },
    )
    .toBe('booked');

  // The agency's bookings list, by channel.
  await signIn(page, DEMO.agency);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Reservas' })).toBeVisible();
  const channel = page.getByRole('combobox', { name: 'Canal' });
  const storefront = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Tienda online' });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await channel.click();
    if (!(await storefront.getAttribute('class', { timeout: 3_000 }))?.includes('ant-select-item-option-selected'))
      await storefront.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/channel=storefront/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');

  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // Every row of the filtered list is a storefront booking, shown by the white label's name (retried:
  // the unfiltered page shows until the filtered one arrives).
  await expect(rows.filter({ hasText: 'Viajes Andinos' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Back office' })).toHaveCount(0, { timeout: 30_000 });
  await expect(rows.filter({ hasNotText: 'Viajes Andinos' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'storefront:' })).toHaveCount(0);

  const search2 = page.getByRole('searchbox', { name: 'Buscar reservas' });
  await search2.fill(surname);
  await search2.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first()).toContainText(surname);
  await rows.first().getByRole('link').first().click();

  // The detail: channel, integrator and the payment (gateway, reference, amount, status in Spanish).
  await expect(page.getByRole('heading', { level: 1, name: /^Reserva / })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Tienda online', { exact: true })).toBeVisible();
  const payments = page.locator('.ant-card').filter({ hasText: 'Pagos en la tienda online' });
  await expect(payments).toBeVisible();
  await expect(payments.getByRole('cell', { name: 'Wompi' })).toBeVisible();
  await expect(payments.getByRole('cell', { name: 'Aprobado' })).toBeVisible();
});
