import { DEMO, expect, signIn, test } from './fixtures';

test('a product loader creates a place, finds it by keyword and switches it off', async ({ page, baseURL }) => {
  const name = `Hotel Prueba ${Date.now().toString(36)}`;
  await signIn(page, DEMO.loader);

  // The form shows the spec's messages when empty.
  await page.goto('/place/create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Nombre es obligatorio')).toBeVisible();
  await expect(page.getByText('Tipo es obligatorio')).toHaveCount(2);

  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Tipo').click();
  await page.getByLabel('Tipo').fill('hotel');
  await page.locator('.ant-select-item-option[title="Hotel"]').click();
  await page.getByLabel('Dirección').fill('Av. San Martín #5-10, Bocagrande');
  // The parent is picked by searching without accents; the seed has Cartagena de Indias.
  await page.getByLabel('Ubicado en (lugar padre)').fill('bocagrande');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Bocagrande, Cartagena de Indias, Bolívar, Colombia' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/place\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`${name}, Bocagrande, Cartagena de Indias, Bolívar, Colombia`)).toBeVisible();
  const id = page.url().split('/').pop() as string;

  // The list's keyword search: messages for empty and short keywords, then the match.
  await page.goto('/place/');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Escribe algo para buscar')).toBeVisible();
  const keyword = page.getByPlaceholder('Buscar por nombre, ciudad o código IATA');
  await keyword.fill('ho');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Escribe mínimo 3 carácteres')).toBeVisible();
  await keyword.fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Bocagrande, Cartagena de Indias, Bolívar, Colombia');

  // Switch it off: it stays listed for the loader, and agency staff no longer find it.
  const toggle = row.getByRole('switch', { name: `Activo: ${name}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  const saved = await page.request.get(`${baseURL}/api/place/${id}`);
  expect((await saved.json()).active).toBe(false);

  await signIn(page, DEMO.adviser);
  const found = await page.request.post(`${baseURL}/api/place/autocomplete`, { data: { keyword: name } });
  expect(found.status()).toBe(200);
  expect(await found.json()).toEqual([]);
});
