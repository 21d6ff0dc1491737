import type { Page } from '@playwright/test';
import { OWN_INVENTORY_ACCOUNT_ID } from '@travesia/contracts';
import { DEMO, expect, signIn, test } from './fixtures';

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dmy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
/** Aplicar, then the confirmation that names the number of days. */
const applyBulk = async (page: Page) => {
  await page.locator('.ant-drawer').getByRole('button', { name: 'Aplicar' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmar la edición masiva' })
    .getByRole('button', { name: /^Modificar \d+ días?$/ })
    .click();
};

test('a product loader creates a hotel, loads a week of prices and rooms, and the travesia search finds it', async ({ page, baseURL }) => {
  const name = `Hotel E2E ${Date.now().toString(36)}`;
  await signIn(page, DEMO.loader);

  await page.goto('/product/hotel/create');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Lugar (ciudad o zona)').fill('cartagena');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Cartagena de Indias, Bolívar, Colombia' }).first().click();
  await page.getByLabel('Categoría').click();
  await page.locator('.ant-select-item-option[title="Moderado"]').click();
  // The policy reads in Spanish as it is written.
  await page.getByRole('button', { name: 'Agregar regla' }).click();
  await expect(page.getByText('Gratis hasta 7 días antes de la llegada; después, 1 noche')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/product\/hotel\/[0-9a-f-]{36}$/);

  // The calendar: one room type, a week of prices and allotment through the bulk edit drawer.
  await page.getByRole('link', { name: 'Disponibilidad y precios' }).click();
  await expect(page).toHaveURL(/\/product\/hotel\/avail/);
  await expect(page.getByTestId('avail-calendar')).toBeVisible();
  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const start = new Date(Date.now() + 20 * 86_400_000);
  const last = new Date(start.getTime() + 6 * 86_400_000);
  const drawer = page.locator('.ant-drawer');
  const range = drawer.locator('.ant-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(dmy(start));
  await range.nth(0).press('Enter');
  await range.nth(1).fill(dmy(last));
  await range.nth(1).press('Enter');
  await drawer.getByLabel('Cupo (habitaciones)').fill('5');
  await drawer.getByLabel('Precio 2 adultos').fill('120');
  await applyBulk(page);
  await expect(page.getByText('7 días actualizados')).toBeVisible();

  // The search API finds it in Colombia for two nights of that week.
  const co = await page.request.post(`${baseURL}/api/place/autocomplete?type=country`, { data: { keyword: 'colombia' } });
  const colombia = (await co.json())[0]._id as string;
  const checkIn = new Date(start.getTime() + 2 * 86_400_000);
  const res = await page.request.post(`${baseURL}/api/hotel/travesia/avail`, {
    data: {
      destination: colombia,
      start: ymd(checkIn),
      end: ymd(new Date(checkIn.getTime() + 2 * 86_400_000)),
      paxes: [{ adults: 2, children: [] }],
    },
  });
  expect(res.status()).toBe(200);
  const item = (await res.json()).response.items.find((i: { name: string }) => i.name === name);
  expect(item).toBeTruthy();
  expect(item.options[0].policyText).toBe('Gratis hasta 7 días antes de la llegada; después, 1 noche');
  // Net 2 × 120 USD; the platform's markups (if any) only add to it.
  expect(item.options[0].price.currency).toBe('USD');
  expect(Number(item.options[0].price.amount)).toBeGreaterThanOrEqual(240);
});

test('a product loader creates a ticket with sessions, loads capacity, and the ticket search finds it', async ({ page, baseURL }) => {
  const name = `Tour E2E ${Date.now().toString(36)}`;
  await signIn(page, DEMO.loader);
  await page.goto('/product/ticket/create');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Lugar', { exact: true }).fill('medellin');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Medellín, Antioquia, Colombia' }).first().click();
  // Age bands with a price each (decision 0450): the form starts with adults 18–99 and children 0–17.
  await page.getByLabel('Precio (franja 1)').fill('25');
  await page.getByLabel('Precio (franja 2)').fill('15');
  await page.getByLabel('Cierre de ventas (minutos antes del inicio)').fill('30');
  await page.getByRole('button', { name: 'Agregar sesión' }).click();
  await page.getByLabel('Hora de la sesión 1').fill('09:00');
  const languages = page.getByRole('combobox', { name: 'Idiomas de la sesión 1' });
  for (const language of ['Español', 'Inglés']) {
    await expect(async () => {
      if (!(await page.locator('.ant-select-dropdown:visible').count())) await languages.click();
      const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: language });
      if (!(await item.getAttribute('class', { timeout: 3_000 }))?.includes('selected')) await item.click({ timeout: 3_000 });
      await expect(item).toHaveClass(/ant-select-item-option-selected/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/product\/ticket\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;

  await page.goto(`/product/ticket/avail?ticket=${id}`);
  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('Capacidad (personas)').fill('20');
  await applyBulk(page);
  await expect(page.getByText(/cupos actualizados/)).toBeVisible();

  // The default range is the current month in the browser's zone (America/Bogota): search its last day.
  const [y, mo] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, mo, 0));
  const co = await page.request.post(`${baseURL}/api/place/autocomplete?type=country`, { data: { keyword: 'colombia' } });
  const res = await page.request.post(`${baseURL}/api/ticket/travesia/avail`, {
    data: { destination: (await co.json())[0]._id, countryCode: 'CO', date: ymd(lastDay), paxes: { adults: 2, children: [] } },
  });
  expect(res.status()).toBe(200);
  // Own tickets are searched through the booking engine (decision 0270): the session with places is offered.
  const item = (await res.json()).response.items.find((i: { activity: { name: string } }) => i.activity.name === name);
  expect(item.sessions).toMatchObject([{ code: '09:00', name: '09:00' }]);
  expect(item.languages).toEqual([
    { code: 'es', name: 'Español' },
    { code: 'en', name: 'Inglés' },
  ]);
  // Two adults at the adults' band: 2 × 25 net (markups only add).
  expect(Number(item.price.amount)).toBeGreaterThanOrEqual(50);
});

test('a product loader creates a transfer, loads its vehicles per day, and the transfer search finds it', async ({ page, baseURL }) => {
  const name = `Traslado E2E ${Date.now().toString(36)}`;
  await signIn(page, DEMO.loader);
  await page.goto('/product/transfer/create');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  const options = page.locator('.ant-select-item-option');
  await page.getByLabel('Origen', { exact: true }).fill('CTG');
  await options.filter({ hasText: 'Aeropuerto' }).filter({ hasText: 'Cartagena de Indias' }).first().click();
  // The origin's list stays in the page, hidden: pick the city among the destination's options.
  await page.getByLabel('Destino', { exact: true }).fill('cartagena');
  await options.filter({ hasText: 'Cartagena de Indias, Bolívar, Colombia' }).filter({ hasNotText: 'Aeropuerto' }).first().click();
  await page.getByLabel('Precio', { exact: true }).fill('31');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/product\/transfer\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;

  // Its capacity calendar: a private transfer counts vehicles per day.
  await page.getByRole('link', { name: 'Capacidad por día' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/transfer/avail\\?transfer=${id}$`));
  await expect(page.getByTestId('transfer-calendar')).toBeVisible();
  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('Capacidad (vehículos)').fill('6');
  await applyBulk(page);
  await expect(page.getByText(/días actualizados/)).toBeVisible();
  await expect(page.getByTestId('transfer-calendar').getByText('6 vehículos').first()).toBeVisible();

  // The default range is the current month in the browser's zone (America/Bogota): search its last day.
  const [y, mo] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()).split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, mo, 0));
  const transfer = await (await page.request.get(`${baseURL}/api/product/transfer/${id}`)).json();
  // Own transfers are searched on the booking engine (decision 0395): the built-in Travesía account's stream, then its cached page.
  const res = await page.request.post(`${baseURL}/api/transfer/search/stream`, {
    data: {
      from: { type: 'hotel', code: 'origen', placeId: transfer.originId },
      to: { type: 'hotel', code: 'destino', placeId: transfer.destinationId },
      outbound: { date: ymd(lastDay), time: '10:00' },
      adults: 2,
      providers: [OWN_INVENTORY_ACCOUNT_ID],
    },
  });
  expect(res.status()).toBe(200);
  const done = (await res.text()).trim().split('\n\n').at(-1) ?? '';
  const { cacheId } = JSON.parse(done.split('\n')[1]?.replace('data: ', '') ?? '{}');
  expect(cacheId).toEqual(expect.any(String));
  const found = await page.request.get(`${baseURL}/api/transfer/search/${cacheId}?limit=100`);
  expect(found.status()).toBe(200);
  const item = (await found.json()).response.items.find((i: { category: string }) => i.category === name);
  // Offered only because that day has vehicles loaded (a day without capacity is not sold).
  expect(item).toMatchObject({ supplier: 'travesia', transferType: 'PRIVATE', optionId: expect.any(String) });
  expect(Number(item.price.amount)).toBeGreaterThanOrEqual(31);
});

test('a product loader edits the hotel catalogues and the hotel form offers them', async ({ page }) => {
  const amenity = `Terraza ${Date.now().toString(36)}`;
  await signIn(page, DEMO.loader);
  await page.goto('/product/hotel/configuration');
  const amenities = page.getByTestId('catalogue-amenity');
  await amenities.getByRole('button', { name: 'Agregar' }).click();
  const modal = page.locator('.ant-modal');
  await modal.getByLabel('Nombre').fill(amenity);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(amenities.getByText(amenity)).toBeVisible();
  // A duplicate is refused in Spanish.
  await amenities.getByRole('button', { name: 'Agregar' }).click();
  await modal.getByLabel('Nombre').fill('piscina');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un elemento con ese nombre en este catálogo')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancelar' }).click();

  await page.goto('/product/hotel/create');
  await page.getByLabel('Servicios').click();
  await page.getByLabel('Servicios').fill(amenity.slice(0, 10));
  await expect(page.locator('.ant-select-item-option').filter({ hasText: amenity })).toBeVisible();
});
