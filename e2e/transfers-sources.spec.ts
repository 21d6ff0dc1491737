import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf-text';
import { confirmFinal, DEMO, expect, signIn, test, uniqueSurname } from './fixtures';

/**
 * Issue 18's other two sources in the browser: an own (Travesía) transfer and a Juniper transfer, each
 * found by the all-suppliers search from Cartagena's airport to a hotel, booked one way through the
 * final confirmation, and shown confirmed with its supplier; and a hotel → airport transfer, whose pickup
 * time the supplier computes and the traveller must confirm: the instruction is on the voucher and its PDF.
 */

/** Chooses an option in the dropdown the combobox controls (antd's option list is virtual). */
async function pickPlace(page: Page, field: Locator, text: string, option: RegExp) {
  await field.click();
  await field.fill(text);
  await expect(field).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
  const list = await field.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(dropdown).toBeHidden();
}

/** One-way search over every supplier from CTG to a Cartagena hotel, our places and Juniper's zone given. */
async function searchCartagena(page: Page) {
  await signIn(page, DEMO.agency);
  await page.goto('/search/transfer');
  const form = page.getByRole('form', { name: 'Búsqueda de traslados' });
  await form.getByText('Solo ida').click();
  await form.getByLabel('Código IATA').fill('CTG');
  await pickPlace(page, form.getByRole('combobox', { name: 'Desde: lugar' }), 'Cartagena', /Cartagena de Indias/);
  await form.getByLabel('Código del hotel').fill('100000');
  await form.getByLabel('Nombre (opcional)').nth(1).fill('Hotel Bocagrande');
  await pickPlace(page, form.getByRole('combobox', { name: 'Hasta: lugar' }), 'Cartagena', /Cartagena de Indias/);
  await form.getByLabel('Zona de traslado (Juniper)').fill('49002');
  await form.getByRole('button', { name: 'Buscar traslados' }).click();
  const progress = page.getByLabel('Progreso por proveedor');
  await expect.poll(() => progress.locator('[data-state="done"]').count(), { timeout: 60_000 }).toBe(3);
}

/** Keeps one supplier's cards (server-side filter), chooses the first and books it through the final confirmation. */
async function bookFirstOf(page: Page, supplier: string, surname: string) {
  await page.locator('.ant-select').filter({ hasText: 'Proveedor' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: supplier }).click();
  await page.keyboard.press('Escape');
  const cards = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Elegir' }) });
  await expect(cards.first()).toContainText(supplier, { timeout: 15_000 });
  await cards.first().getByRole('button', { name: 'Elegir' }).click();
  await page.getByRole('button', { name: 'Continuar con la reserva' }).click();

  await expect(page.getByRole('heading', { name: 'Reservar traslado' })).toBeVisible({ timeout: 30_000 });
  for (const accept of await page.getByRole('checkbox', { name: /^Acepto/ }).all()) await accept.check();
  const reserve = page.getByRole('form', { name: 'Datos de la reserva' });
  await reserve.getByLabel('Nombre', { exact: true }).fill('Marta');
  await reserve.getByLabel('Apellido', { exact: true }).fill(surname);
  await reserve.getByLabel('Email').fill('marta@example.com');
  await reserve.getByLabel('Teléfono (formato internacional)').fill('+573004445566');
  const flight = reserve.getByLabel('Vuelo de llegada (número)');
  if (await flight.count()) await flight.fill('AV8520');
  await reserve.getByRole('button', { name: 'Reservar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar la reserva' });
  await expect(dialog.getByTestId('cancellation-headline')).toHaveCount(1, { timeout: 15_000 });
  await confirmFinal(page);
  await expect(page.getByTestId('voucher-status')).toBeVisible({ timeout: 60_000 });
}

test('an agency user books an own (Travesía) transfer from the all-suppliers search', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await searchCartagena(page);
  const holder = uniqueSurname('Propio');
  await bookFirstOf(page, 'Travesía', holder);
  await expect(page.getByText('Reserva confirmada')).toBeVisible();
  const list = await (await page.request.get(`${baseURL}/api/voucher?q=${holder}`)).json();
  expect(list.totalDocs).toBe(1);
  expect(list.docs[0].provider).toBe('travesia');
});

test('an agency user books a Juniper transfer from the all-suppliers search', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await searchCartagena(page);
  const holder = uniqueSurname('Juniperino');
  await bookFirstOf(page, 'Juniper', holder);
  await expect(page.getByText(/Reserva confirmada|Reserva solicitada/)).toBeVisible();
  const list = await (await page.request.get(`${baseURL}/api/voucher?q=${holder}`)).json();
  expect(list.totalDocs).toBe(1);
  expect(list.docs[0].provider).toBe('juniper');
});

/** Selects a point type ("Desde: tipo de punto") in the dropdown that select controls. */
async function pointType(page: Page, label: string, type: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.click();
  await expect(field).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
  const list = await field.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  await dropdown
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${type}$`) })
    .click();
  await expect(dropdown).toBeHidden();
}

test('a hotel → airport transfer tells the agent to confirm the pickup time, on the card, the voucher and its PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.agency);
  await page.goto('/search/transfer');
  const form = page.getByRole('form', { name: 'Búsqueda de traslados' });
  await form.getByText('Solo ida').click();
  await pointType(page, 'Desde: tipo de punto', 'Hotel');
  await pointType(page, 'Hasta: tipo de punto', 'Aeropuerto');
  // Towards the airport the time is the flight's departure: the supplier computes the pickup.
  await expect(form.getByText('Hora de salida del vuelo')).toBeVisible();
  await form.getByLabel('Código del hotel').fill('100000');
  await form.getByLabel('Nombre (opcional)').first().fill('Hotel Bocagrande');
  await form.getByLabel('Código IATA').fill('CTG');
  await form.getByRole('button', { name: 'Buscar traslados' }).click();
  const progress = page.getByLabel('Progreso por proveedor');
  await expect.poll(() => progress.locator('[data-state="done"]').count(), { timeout: 60_000 }).toBeGreaterThan(0);

  const instruction = 'La hora de recogida debe confirmarse con el proveedor antes del servicio.';
  await page.locator('.ant-select').filter({ hasText: 'Proveedor' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Hotelbeds' }).click();
  await page.keyboard.press('Escape');
  const cards = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Elegir' }) });
  await expect(cards.first()).toContainText('La hora de recogida debe confirmarse', { timeout: 15_000 });
  await cards.first().getByRole('button', { name: 'Elegir' }).click();
  await page.getByRole('button', { name: 'Continuar con la reserva' }).click();

  await expect(page.getByRole('heading', { name: 'Reservar traslado' })).toBeVisible({ timeout: 30_000 });
  for (const accept of await page.getByRole('checkbox', { name: /^Acepto/ }).all()) await accept.check();
  const reserve = page.getByRole('form', { name: 'Datos de la reserva' });
  await reserve.getByLabel('Nombre', { exact: true }).fill('Marta');
  await reserve.getByLabel('Apellido', { exact: true }).fill('Salida');
  await reserve.getByLabel('Email').fill('marta@example.com');
  await reserve.getByLabel('Teléfono (formato internacional)').fill('+573004445566');
  const flight = reserve.getByLabel('Vuelo de salida (número)');
  if (await flight.count()) await flight.fill('AV8521');
  await reserve.getByRole('button', { name: 'Reservar' }).click();
  await confirmFinal(page);
  await expect(page.getByTestId('voucher-status')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Detalle de la reserva' }).click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/detail$/);
  await expect(page.getByText(instruction).first()).toBeVisible({ timeout: 15_000 });
  const id = /\/booking\/([0-9a-f-]+)\/detail/.exec(page.url())?.[1];
  await page.goto(`/booking/${id}/voucher`);
  await expect(page.getByText('Voucher de servicio')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(instruction).first()).toBeVisible();

  // The PDF the traveller receives says it too (its lines wrap where the page ends: spaces folded).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  const pdf = pdfText(await readFile(await download.path())).replace(/\s+/g, ' ');
  expect(pdf).toContain(instruction);
  expect(pdf).toContain('hora por confirmar');
});
