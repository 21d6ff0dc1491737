import { confirmFinal, DEMO, expect, signIn, test, uniqueSurname } from './fixtures';

/**
 * Transfers on the booking engine (issue 18): an agency user books a round trip from Cartagena's
 * airport to a hotel with Hotelbeds (the simulator) — outbound and return chosen separately, one
 * reference — and finds both legs on the voucher.
 */
test('an agency user books a round trip airport ↔ hotel with Hotelbeds and sees both legs on the voucher', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  await page.getByRole('menuitem', { name: 'Buscadores' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('menuitem', { name: 'Traslados (todos)' }).click();
  await expect(page).toHaveURL('/search/transfer');

  const form = page.getByRole('form', { name: 'Búsqueda de traslados' });
  // From the airport: the time is the flight's arrival; the return towards it: the flight's departure.
  await expect(form.getByText('Hora de llegada del vuelo')).toBeVisible();
  await expect(form.getByText('Regreso: Hora de salida del vuelo')).toBeVisible();
  await form.getByLabel('Código IATA').fill('CTG');
  await form.getByLabel('Código del hotel').fill('100000');
  await form.getByLabel('Nombre (opcional)').nth(1).fill('Hotel Bocagrande');
  await form.getByLabel('Zona de traslado (Juniper)').fill('49002');
  await form.getByRole('button', { name: 'Buscar traslados' }).click();

  // A progress row per supplier; both answer.
  const progress = page.getByLabel('Progreso por proveedor');
  await expect.poll(() => progress.locator('[data-state="done"]').count(), { timeout: 30_000 }).toBe(2);
  await expect(progress.locator('[data-state="done"]').first()).toContainText(/\d+ traslados? en \d+ ms/);

  // Only Hotelbeds (server-side filter), private services: outbound first, then the return.
  await page.locator('.ant-select').filter({ hasText: 'Proveedor' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Hotelbeds' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Privado' }).check();
  const cards = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Elegir' }) });
  // The price filter narrows the cached result server-side: nothing costs that much; cleared, the cards return.
  const minPrice = page.getByLabel(/^Precio mínimo/);
  await minPrice.fill('999999');
  await expect(page.getByText('No hay traslados con estos filtros')).toBeVisible({ timeout: 15_000 });
  await minPrice.clear();
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  await expect(cards.first()).toContainText('Hotelbeds');
  await expect(cards.first()).toContainText('Privado');
  await cards.first().getByRole('button', { name: 'Elegir' }).click();
  // The return tab opens by itself once the outbound is chosen.
  await expect(page.getByRole('tab', { name: 'Regreso', selected: true })).toBeVisible();
  await expect(cards.first()).toContainText('Hotelbeds');
  await cards.first().getByRole('button', { name: 'Elegir' }).click();
  await page.getByRole('button', { name: 'Continuar con la reserva' }).click();
  await expect(page).toHaveURL('/reserve/transfer');

  // Both legs re-quoted; a changed price must be accepted before booking.
  await expect(page.getByRole('heading', { name: 'Reservar traslado' })).toBeVisible({ timeout: 30_000 });
  for (const accept of await page.getByRole('checkbox', { name: /^Acepto/ }).all()) await accept.check();
  const reserve = page.getByRole('form', { name: 'Datos de la reserva' });
  await reserve.getByLabel('Nombre', { exact: true }).fill('Lucía');
  const holder = uniqueSurname('Traslado');
  await reserve.getByLabel('Apellido', { exact: true }).fill(holder);
  await reserve.getByLabel('Email').fill('lucia@example.com');
  // A phone that is not E.164 is refused in Spanish before anything is sent.
  await reserve.getByLabel('Teléfono (formato internacional)').fill('3001112233');
  await reserve.getByRole('button', { name: 'Reservar' }).click();
  await expect(page.getByText(/formato internacional E\.164/)).toBeVisible();
  await reserve.getByLabel('Teléfono (formato internacional)').fill('+573001112233');
  await reserve.getByLabel('Vuelo de llegada (número)').fill('AV9540');
  await reserve.getByLabel('Vuelo de salida (número)').fill('AV9541');
  await reserve.getByLabel('Nombre en el cartel de bienvenida').fill('LUCIA TRASLADO');
  await reserve.getByRole('button', { name: 'Reservar' }).click();
  // The final confirmation shows each leg's own cancellation terms before anything is sent.
  const dialog = page.getByRole('dialog', { name: 'Confirmar la reserva' });
  await expect(dialog.getByTestId('cancellation-headline')).toHaveCount(2, { timeout: 15_000 });
  await expect(dialog.locator('strong').filter({ hasText: /^Ida: / })).toBeVisible();
  await expect(dialog.locator('strong').filter({ hasText: /^Regreso: / })).toBeVisible();
  await confirmFinal(page, { double: true });

  await expect(page.getByTestId('voucher-status')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Reserva confirmada')).toBeVisible();
  // One voucher (a double click books once), one supplier reference for both legs.
  const list = await (await page.request.get(`${baseURL}/api/voucher?q=${holder}`)).json();
  expect(list.totalDocs).toBe(1);

  await page.getByRole('button', { name: 'Detalle de la reserva' }).click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/detail$/);
  await expect(page.getByText(/^Ida: /).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Regreso: /).first()).toBeVisible();
  await expect(page.getByText('AV9540').first()).toBeVisible();
  await expect(page.getByText('AV9541').first()).toBeVisible();
});

/**
 * Cross-sell (issue 18 item 7): from a confirmed Hotelbeds hotel voucher, "Agregar traslado" opens the
 * transfer search prefilled from the city's airport to that hotel on the stay's dates, and it finds transfers.
 */
test('"Agregar traslado" from a confirmed hotel voucher opens a prefilled transfer search that finds transfers', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.agency);
  await page.goto('/hotels/search/hotelbeds');
  const destination = page.getByRole('combobox', { name: 'Destino' });
  await destination.click();
  await destination.fill('Cartagena');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Cartagena de Indias' }).first().click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByLabel('Progreso por proveedor').getByTestId('supplier-hotelbeds')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await page.getByTestId('hotel-card').first().getByRole('button', { name: 'Ver opción' }).first().click();
  await expect(page.getByTestId('quote-price')).toBeVisible({ timeout: 30_000 });
  const accept = page.getByRole('checkbox', { name: /^Acepto/ });
  if (await accept.isVisible()) await accept.check();
  await page.getByRole('button', { name: 'Continuar con la reserva' }).click();
  await expect(page).toHaveURL('/hotels/reserve/hotelbeds');
  await page.getByLabel('Nombre', { exact: true }).fill('Laura');
  await page.getByLabel('Apellido', { exact: true }).fill('Cruzado');
  await page.getByLabel('Email').fill('laura@example.com');
  await page.getByLabel('Adulto 1: nombre').fill('Laura');
  await page.getByLabel('Adulto 1: apellido').fill('Cruzado');
  await page.getByLabel('Adulto 2: nombre').fill('Pedro');
  await page.getByLabel('Adulto 2: apellido').fill('Cruzado');
  await page.getByRole('button', { name: 'Reservar' }).click();
  // The hotel reserve step's final confirmation (issue 15) before anything is sent.
  await confirmFinal(page);
  await expect(page.getByTestId('voucher-status')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Detalle de la reserva' }).click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/detail$/);
  // The button shows once the voucher is confirmed (a reserve may answer pending first): reload until it does.
  const addTransfer = page.getByRole('button', { name: 'Agregar traslado' });
  await expect(async () => {
    if (!(await addTransfer.isVisible())) await page.reload();
    await expect(addTransfer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await addTransfer.click();

  await expect(page).toHaveURL(/\/search\/transfer\?/);
  const form = page.getByRole('form', { name: 'Búsqueda de traslados' });
  await expect(form.getByLabel('Código IATA')).toHaveValue('CTG', { timeout: 15_000 });
  await expect(form.getByLabel('Código del hotel')).not.toHaveValue('');
  await expect(form.getByText('Hora de llegada del vuelo')).toBeVisible();
  await form.getByRole('button', { name: 'Buscar traslados' }).click();
  const progress = page.getByLabel('Progreso por proveedor');
  await expect(progress.locator('[data-state="searching"]')).toHaveCount(0, { timeout: 30_000 });
  const cards = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Elegir' }) });
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Hotelbeds').first()).toBeVisible();
});
