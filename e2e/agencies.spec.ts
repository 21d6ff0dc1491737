import { DEMO, expect, signIn, test } from './fixtures';

test('super creates an agency through the form and finds it in the list', async ({ page, baseURL }) => {
  const name = `Viajes Caribe ${Date.now()}`;
  await signIn(page, DEMO.super);
  await page.goto('/sa/agencies');
  await page.getByRole('button', { name: 'Nueva agencia' }).click();
  await expect(page).toHaveURL('/sa/agencies/create');

  await page.getByRole('button', { name: 'Crear agencia' }).click();
  await expect(page.getByText('Nombre es obligatorio')).toBeVisible();

  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByText('Producción', { exact: true }).click();
  await page.getByLabel('Hoteles Travesía').check();
  await page.getByLabel('Tickets Hotelbeds').check();
  await page.getByRole('button', { name: 'Agregar entrada Disney' }).click();
  await page.getByLabel('Nombre Disney 1').fill('Disneyland Paris');
  await page.getByRole('button', { name: 'Crear agencia' }).click();

  await expect(page.getByText(`Agencia ${name} creada`)).toBeVisible();
  await expect(page).toHaveURL(/\/sa\/agencies\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  const saved = await (await page.request.get(`${baseURL}/api/agency/${id}`)).json();
  expect(saved).toMatchObject({ name, mode: 'production', active: true, theme: 'default' });
  expect(saved.options).toEqual({ 'hotels-travesia': true, 'tickets-hotelbeds': true });
  expect(saved.distributed.disney).toEqual([{ active: true, name: 'Disneyland Paris', provider: 'juniper', visible: true }]);

  await page.goto('/sa/agencies');
  await page.getByLabel('Buscar agencias').fill(name);
  await page.getByLabel('Buscar agencias').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Producción');
  await expect(row).toContainText('Activa');
  await row.getByRole('link', { name: `Proveedores de ${name}` }).click();
  await expect(page).toHaveURL(`/sa/agencies/${id}/providers`);
});

test('super toggles a module of an agency', async ({ page, baseURL }) => {
  await signIn(page, DEMO.super);
  const created = await page.request.post(`${baseURL}/api/agency`, {
    data: { name: `Viajes Pacífico ${Date.now()}`, options: { 'hotels-travesia': true, 'tickets-hotelbeds': true } },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = await created.json();

  await page.goto(`/sa/agencies/${id}`);
  await expect(page.getByLabel('Hoteles Travesía')).toBeChecked();
  await page.getByLabel('Hoteles Travesía').uncheck();
  await page.getByLabel('Vuelos SAN TSG TourVisio').check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Guardado correctamente')).toBeVisible();

  const saved = await (await page.request.get(`${baseURL}/api/agency/${id}`)).json();
  expect(saved.options).toEqual({ 'tickets-hotelbeds': true, 'flights-santsg-tourvisio': true });
  await expect(page.getByLabel('Vuelos SAN TSG TourVisio')).toBeChecked();
});

test('an agency name already taken is shown on the field', async ({ page }) => {
  await signIn(page, DEMO.super);
  await page.goto('/sa/agencies/create');
  await page.getByLabel('Nombre', { exact: true }).fill('Viajes Andinos');
  await page.getByRole('button', { name: 'Crear agencia' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ya existe una agencia con ese nombre' })).toBeVisible();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Viajes Andinos');
});

test('agency staff cannot open the agencies screens', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/sa/agencies');
  await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible();
});
