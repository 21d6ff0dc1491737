import type { Page } from '@playwright/test';
import { confirmFinal, DEMO, expect, signIn, test } from './fixtures';

/** The activity day `days` ahead, as the date picker takes it (DD-MM-YYYY). */
const dayAhead = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/**
 * Picks an option of a multiple antd select (by its combobox name) and retries until the option shows
 * selected: a click lost while the dropdown renders on a loaded machine would leave it unpicked.
 */
async function pickUntilSelected(page: Page, combobox: string, option: string | RegExp) {
  const select = page.getByRole('combobox', { name: combobox });
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    if (!(await item.first().getAttribute('class', { timeout: 3_000 }))?.includes('ant-select-item-option-selected'))
      await item.first().click({ timeout: 3_000 });
    await expect(item.first()).toHaveClass(/ant-select-item-option-selected/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** Searches Cartagena for two adults (and the children's ages given) on one day, every source of the route, and waits for every source to answer. */
async function searchCartagena(page: Page, path: string, childAges: number[] = []) {
  await page.goto(path);
  const destination = page.getByRole('combobox', { name: 'Destino' });
  await destination.click();
  await destination.fill('Cartagena');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Cartagena de Indias' }).first().click();
  const day = page.getByLabel('Día de la actividad');
  await day.click();
  await day.fill(dayAhead(21));
  await day.press('Enter');
  for (const age of childAges) await pickUntilSelected(page, 'Edad de cada niño', new RegExp(`^${age} años$`));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const progress = page.getByLabel('Progreso por proveedor');
  await expect(progress.locator('[data-state="searching"]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('ticket-card').first()).toBeVisible({ timeout: 30_000 });
}

/** Options page: accepts a changed price or policy when shown, then continues to the reserve form. */
async function acceptQuote(page: Page) {
  await expect(page.getByTestId('quote-price')).toBeVisible({ timeout: 30_000 });
  const accept = page.getByRole('checkbox', { name: /^Acepto/ });
  if (await accept.isVisible()) await accept.check();
  await page.getByRole('button', { name: 'Continuar con la reserva' }).click();
  await expect(page).toHaveURL(/\/tickets\/reserve\//);
}

/** Picks `option` in the single select named `combobox`, reopening it when a re-render closed it. */
async function pick(page: Page, combobox: string, option: string) {
  const select = page.getByRole('combobox', { name: combobox });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Holder, both adults (and the children), and whatever the rate asks: session, guide language (the
 * first offered, unless `chosen` says which), the supplier's questions.
 */
async function fillAndBook(page: Page, childAges: number[] = [], chosen: { session: string; language: string } | null = null) {
  await page.getByLabel('Nombre', { exact: true }).fill('Laura');
  await page.getByLabel('Apellido', { exact: true }).fill('Ríos');
  await page.getByLabel('Email').fill('laura@example.com');
  await page.getByLabel('Adulto 1: nombre').fill('Laura');
  await page.getByLabel('Adulto 1: apellido').fill('Ríos');
  await page.getByLabel('Adulto 2: nombre').fill('Pedro');
  await page.getByLabel('Adulto 2: apellido').fill('Ríos');
  for (const age of childAges) {
    await page.getByLabel(`Niño (${age} años): nombre`).fill('Tomás');
    await page.getByLabel(`Niño (${age} años): apellido`).fill('Ríos');
  }
  if (chosen) {
    await pick(page, 'Sesión', chosen.session);
    await pick(page, 'Idioma del guía', chosen.language);
  }
  for (const name of chosen ? [] : ['Sesión', 'Idioma del guía']) {
    const select = page.getByRole('combobox', { name });
    if (await select.isVisible()) {
      // The options may re-render while the dropdown opens (it then closes): open it again until a pick lands.
      await expect(async () => {
        if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    }
  }
  const questions = page.locator('form[aria-label="Datos de la reserva"] input[id^="answers_"]');
  for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).fill('Respuesta de prueba');
  await page.getByRole('button', { name: 'Reservar' }).click();
  // The final confirmation shows the cancellation terms before anything is sent.
  const dialog = page.getByRole('dialog', { name: 'Confirmar la reserva' });
  await expect(dialog.getByTestId('cancellation-headline')).toBeVisible({ timeout: 15_000 });
  await confirmFinal(page);
  await expect(page.getByRole('button', { name: 'Ver voucher' })).toBeVisible({ timeout: 30_000 });
}

test('an agency user searches tickets across every source, books an own ticket and a Hotelbeds activity, and sees the voucher', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.agency);

  // Every source at once; the supplier filter narrows the cached result to our own inventory.
  await searchCartagena(page, '/tickets/search');
  await pickUntilSelected(page, 'Proveedor', 'Travesía');
  const own = page.getByTestId('ticket-card').filter({ hasText: 'City tour Cartagena histórica' });
  await expect(own).toBeVisible();
  await expect(page.getByTestId('ticket-card').filter({ hasText: /Hotelbeds|Juniper/ })).toHaveCount(0);
  await own.getByRole('button', { name: 'Ver opciones' }).click();
  await expect(page).toHaveURL(/\/tickets\/options\/travesia/);
  // Each session shows its guide languages (decision 0450): the morning tour in Spanish or English.
  await expect(page.getByText('09:00 · Español, Inglés')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('15:00 · Español')).toBeVisible();
  await acceptQuote(page);
  // The afternoon session offers Spanish only; the morning one Spanish and English.
  await pick(page, 'Sesión', '15:00');
  await page.getByRole('combobox', { name: 'Idioma del guía' }).click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Español']);
  await page.keyboard.press('Escape');
  await fillAndBook(page, [], { session: '09:00', language: 'Inglés' });
  await expect(page.getByText(/confirmada/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Detalle de la reserva' }).click();
  await expect(page.getByText('City tour Cartagena histórica').first()).toBeVisible();
  await expect(page.getByText('Inglés').first()).toBeVisible();

  // The own ticket's QR (our reference) is checked in once at the entrance; a second scan is refused.
  await page.getByRole('button', { name: 'Validar entrada' }).click();
  await expect(page).toHaveURL(/\/tickets\/check-in\?code=/);
  await expect(page.getByRole('heading', { name: 'Validar entrada' })).toBeVisible();
  await page.getByRole('button', { name: 'Validar', exact: true }).click();
  await expect(page.getByTestId('check-in-done')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('City tour Cartagena histórica')).toBeVisible();
  await page.getByRole('button', { name: 'Validar', exact: true }).click();
  await expect(page.getByTestId('check-in-refused')).toContainText(/Esta entrada ya fue validada el .+ por /, { timeout: 15_000 });

  // The Hotelbeds route preselects that provider: an activity with a session and a mandatory question,
  // for two adults and a child aged 8.
  await searchCartagena(page, '/search/tickets/hotelbeds', [8]);
  await expect(page.getByTestId('ticket-card').filter({ hasText: 'Travesía' })).toHaveCount(0);
  // The category facet (with its count) narrows the cached result to the museums.
  await pickUntilSelected(page, 'Categoría', /^Museos \(\d+\)$/);
  await expect(page.getByTestId('ticket-card').filter({ hasNotText: 'Museum pass' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('ticket-card').filter({ hasText: 'Museos' }).first()).toBeVisible();
  await page.getByTestId('ticket-card').filter({ hasText: 'Museum pass' }).first().getByRole('button', { name: 'Ver opciones' }).click();
  await expect(page).toHaveURL(/\/tickets\/options\/hotelbeds/);
  await acceptQuote(page);
  await expect(page.getByRole('combobox', { name: 'Sesión' })).toBeVisible();
  await expect(page.locator('form[aria-label="Datos de la reserva"] input[id^="answers_"]').first()).toBeVisible();
  await fillAndBook(page, [8]);
  await page.getByRole('button', { name: 'Ver voucher' }).click();
  await expect(page).toHaveURL(/\/booking\/.+\/voucher/);
  await expect(page.getByTestId('voucher-qr')).toBeVisible();
  await expect(page.getByText('Museum pass').first()).toBeVisible();
});

test('an agency user books a Juniper ticket from the Juniper route', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agency);
  await searchCartagena(page, '/search/tickets/juniper');
  await expect(page.getByTestId('ticket-card').filter({ hasText: /Travesía|Hotelbeds/ })).toHaveCount(0);
  await page.getByTestId('ticket-card').first().getByRole('button', { name: 'Ver opciones' }).click();
  await expect(page).toHaveURL(/\/tickets\/options\/juniper/);
  await acceptQuote(page);
  await fillAndBook(page);
  await expect(page.getByText(/confirmada/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Ver voucher' }).click();
  await expect(page).toHaveURL(/\/booking\/.+\/voucher/);
  await expect(page.getByTestId('voucher-qr')).toBeVisible();
});
