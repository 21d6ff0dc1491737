import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

// An 8×8 red PNG: the logo the admin uploads.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4wMCAFWEXHbQSAPHWMAHx/s2WAAAAAElFTkSuQmCC',
  'base64',
);

/** Picks an antd select option, retrying until it shows selected (a click can be lost on a loaded machine). */
async function pick(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    if (!(await item.getAttribute('class', { timeout: 3_000 }))?.includes('ant-select-item-option-selected'))
      await item.click({ timeout: 3_000 });
    await expect(item).toHaveClass(/ant-select-item-option-selected/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

test('an agency admin creates a white label, customizes, previews and publishes it; a traveller sees it on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const suffix = Date.now().toString(36);
  const name = `Tienda E2E ${suffix}`;
  const slug = `tienda-e2e-${suffix}`;
  await signIn(page, DEMO.agency);

  // Create: the slug follows the name.
  await page.goto('/whitelabels/');
  await expect(page.getByRole('heading', { name: 'White Labels', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo white label' }).click();
  await expect(page).toHaveURL('/whitelabels/create');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await expect(page.getByLabel('Ruta en la plataforma')).toHaveValue(slug);
  await pick(page, 'Estado', 'Activo');
  await page.getByRole('checkbox', { name: 'Hoteles Travesía' }).check();
  await page.getByLabel('Dominio propio (opcional)').fill(`reservas-${suffix}.example.com`);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/whitelabels\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  // The DNS record to create for the custom domain.
  await expect(page.getByText(`reservas-${suffix}.example.com`).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'CNAME' })).toBeVisible();

  // Customize: logo, hero, SEO, support phone; preview the draft, then publish.
  await page.getByRole('button', { name: 'Personalizar' }).click();
  await expect(page).toHaveURL(/\/whitelabel\/[0-9a-f-]{36}\/customize$/, { timeout: 30_000 });
  await page.locator('.ant-form-item').filter({ hasText: 'Logo' }).first().locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: LOGO_PNG,
  });
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Logo' }).first().locator('img')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Título de portada').fill('Bienvenidos a la tienda E2E');
  await page.getByLabel('Texto de portada').fill('Hoteles en Colombia');
  await page.getByLabel('Teléfono de soporte').fill('+57 300 111 2233');
  await page.getByLabel('Términos y condiciones').fill('Cláusula uno.\n\nCláusula dos.');
  await page.getByLabel('Título SEO').fill(`SEO ${name}`);
  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page).toHaveURL(/\/whitelabel\/[0-9a-f-]{36}\/preview$/, { timeout: 60_000 });
  await expect(page.getByTestId('storefront-preview').getByRole('heading', { name: 'Bienvenidos a la tienda E2E' })).toBeVisible({
    timeout: 30_000,
  });
  // Saved but not published: the public storefront does not exist yet.
  expect((await page.request.get(`/api/storefront/${slug}/site`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Volver a personalizar' }).click();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Sitio publicado')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Publicado', { exact: true })).toBeVisible();

  // A later change saved as draft only.
  await page.getByLabel('Título de portada').fill('Cambio sin publicar');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 60_000 });

  // A traveller (no session) on a 390 px-wide phone sees the published version.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO', baseURL: process.env.E2E_BASE_URL });
  const phone = await visitor.newPage();
  try {
    await phone.goto(`/s/${slug}`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Bienvenidos a la tienda E2E', { timeout: 30_000 });
    await expect(phone.getByText('Cambio sin publicar')).toHaveCount(0);
    await expect(phone.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(phone.locator('header img')).toBeVisible();
    await expect(phone).toHaveTitle(`SEO ${name}`);
    await expect(phone.getByRole('link', { name: '+573001112233' })).toBeVisible();
    await expect(phone).toHaveURL(`/s/${slug}`);
    const overflow = (await phone.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page: phone }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(await phone.locator('h1').count()).toBe(1);

    await phone.getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(phone).toHaveURL(`/s/${slug}/legal/terminos`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Términos y condiciones');
    await expect(phone.getByText('Cláusula dos.')).toBeVisible();
    expect(await phone.locator('h1').count()).toBe(1);
  } finally {
    await visitor.close();
  }
});

test('the demo storefront is published, and an unknown one answers in Spanish without a sign-in redirect', async ({ browser }) => {
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: process.env.E2E_BASE_URL });
  const page = await visitor.newPage();
  try {
    await page.goto('/s/viajes-demo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Viaja por Colombia con Viajes Andinos');
    await expect(page.getByRole('heading', { name: 'Destinos destacados' })).toBeVisible();
    await page.goto('/s/no-existe-esta-tienda');
    await expect(page.getByRole('heading', { name: 'Esta tienda no existe o no está disponible' })).toBeVisible();
    await expect(page).toHaveURL('/s/no-existe-esta-tienda');
  } finally {
    await visitor.close();
  }
});
