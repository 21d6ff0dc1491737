import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * The options of one select: the dropdown holding the listbox its combobox controls (`aria-controls`, set
 * while open). Another select's dropdown may still be closing, and antd's option list is virtual, so a
 * page-wide `.ant-select-dropdown:visible` may point at options that are not this select's.
 */
async function optionsOf(page: Page, field: Locator) {
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  const list = await field.getAttribute('aria-controls');
  expect(list, 'an open select controls its listbox').toBeTruthy();
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  return { dropdown, options: dropdown.locator('.ant-select-item-option') };
}

/** Chooses an option of a select, then waits for its dropdown to close. */
async function selectIn(page: Page, field: Locator, option: string | RegExp) {
  const { dropdown, options } = await optionsOf(page, field);
  await options.filter({ hasText: option }).first().click();
  await expect(dropdown).toBeHidden();
}

/** Picks a place in an airport/city autocomplete of the flight search. */
async function pickPlace(page: Page, label: string, text: string, option: RegExp, row = 0) {
  const field = page.getByRole('combobox', { name: label }).nth(row);
  await field.click();
  await field.fill(text);
  await selectIn(page, field, option);
}

/**
 * Opens a date picker, moves `months` ahead and clicks the n-th day that may be chosen. With `greyed`, the
 * month shown must have a day that may not be chosen after one that may: a day without flights
 * (checkindates), not a past day nor one before the departure.
 */
async function pickDay(page: Page, label: string, months: number, n: number, row = 0, greyed = false) {
  await page.getByLabel(label, { exact: true }).nth(row).click();
  const panel = page.locator('.ant-picker-dropdown:visible');
  for (let i = 0; i < months; i++) await panel.locator('.ant-picker-header-next-btn').click();
  const free = panel.locator('.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)');
  if (greyed) {
    const grey = panel.locator('.ant-picker-cell-in-view.ant-picker-cell-disabled');
    const greyAfterFree = async () =>
      (await grey.count()) > 0 && ((await grey.last().getAttribute('title')) ?? '') > ((await free.first().getAttribute('title')) ?? '9');
    await expect.poll(greyAfterFree, { timeout: 30_000 }).toBe(true);
  }
  await free.nth(n).click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
}

/** Types a dd-MM-yyyy date into a picker and accepts it. */
async function typeDate(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await selectIn(page, field, option);
}

test('an agent searches a round trip, pre-reserves, confirms and sees the PNR on the voucher', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.agency);
  await page.goto('/search/flight/santsg');
  await expect(page.getByText('Buscar vuelos')).toBeVisible();

  await choose(page, 'Proveedor', 'TourVisio');
  await pickPlace(page, 'Origen', 'bogota', /El Dorado/);
  await pickPlace(page, 'Destino', 'cancun', /Canc[uú]n/);
  // Days without flights are greyed once the route is known (getcheckindates), the return's by the route
  // backwards, and no return day before the departure may be chosen.
  await pickDay(page, 'Salida', 1, 3, 0, true);
  await pickDay(page, 'Regreso', 1, 12, 0, true);
  await page.getByRole('button', { name: 'Agregar niño' }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();

  await expect(page).toHaveURL(/\/flight\/santsg\/avail\/round-trip/);
  const items = page.getByTestId('flight-item');
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  expect(await items.count()).toBeLessThanOrEqual(10);
  await expect(items.first().getByTestId('flight-segment')).toHaveCount(2);

  // Filters over the cached result: non-stop only leaves no itinerary with a stop; then every stop again.
  const filters = page.getByTestId('flight-filters');
  await filters.getByLabel('Directo').check();
  await expect(page.getByTestId('flight-segment').filter({ hasText: /\d escalas?/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(items.first().or(page.getByText('Ningún vuelo cumple los filtros elegidos'))).toBeVisible({ timeout: 30_000 });
  await filters.getByLabel('Directo').uncheck();
  await expect(items.first()).toBeVisible({ timeout: 30_000 });

  // Sorting (cheapest) over the cached result: the page's prices go up.
  await page.getByText('Más barato', { exact: true }).click();
  await expect(page.getByTestId('flight-results')).toHaveAttribute('data-sort', 'cheapest');
  // No page still on its way (the results' spinner): the first item read below is the one clicked.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  const cents = (await page.getByTestId('flight-price').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')));
  expect(cents).toEqual([...cents].sort((a, b) => a - b));

  // Round trip: choosing an outbound leaves only the itineraries whose return pairs with it.
  const outboundText = (await items.first().getByTestId('flight-segment').first().textContent()) ?? '';
  await items.first().getByRole('button', { name: 'Elegir ida' }).click();
  await expect(page.getByText('Ida elegida: ahora elige el regreso')).toBeVisible();
  await expect(page.getByTestId('flight-results')).toHaveAttribute('data-outbound', /.+/);
  const paired = await items.count();
  for (let i = 0; i < paired; i++) await expect(items.nth(i).getByTestId('flight-segment').first()).toHaveText(outboundText);
  await items.first().getByRole('button', { name: 'Elegir regreso' }).click();

  await expect(page).toHaveURL(/\/flight\/santsg\/options\//);
  await expect(page.getByText('Detalle del vuelo')).toBeVisible();
  await page.getByRole('button', { name: 'Reservar' }).click();

  await expect(page).toHaveURL(/\/flight\/reserve\/santsg\//);
  await page.getByLabel('Nombre del titular').fill('Laura');
  await page.getByLabel('Apellido del titular').fill('Rincón');
  await page.getByLabel('Email del titular').fill('laura@example.com');
  await page.getByLabel('Teléfono del titular').fill('+573001234567');
  await page.getByRole('button', { name: 'Pre-reservar' }).click();
  await expect(page.getByText('Pre reserve successfully')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('La pre-reserva vence en')).toBeVisible();
  await expect(page.getByTestId('flight-traveller')).toHaveCount(3);
  // The fare rules are shown before confirming.
  await expect(page.getByTestId('fare-rules')).toBeVisible({ timeout: 30_000 });

  const year = new Date().getFullYear();
  const people = [
    { title: 'Ms', name: 'Laura', surname: 'Rincón', gender: 'Femenino', birth: '14-03-1988' },
    { title: 'Mr', name: 'Pedro', surname: 'Rincón', gender: 'Masculino', birth: '02-09-1986' },
    { title: 'Miss', name: 'Sara', surname: 'Rincón', gender: 'Femenino', birth: `10-01-${year - 6}` },
  ];
  for (const [i, p] of people.entries()) {
    const n = i + 1;
    await choose(page, `Título pasajero ${n}`, p.title);
    await page.getByLabel(`Nombre pasajero ${n}`, { exact: true }).fill(p.name);
    await page.getByLabel(`Apellido pasajero ${n}`, { exact: true }).fill(p.surname);
    await choose(page, `Género pasajero ${n}`, p.gender);
    await typeDate(page, `Nacimiento pasajero ${n}`, p.birth);
    await page.getByLabel(`Pasaporte pasajero ${n}`, { exact: true }).fill(`PA00${n}234`);
    await typeDate(page, `Vence pasaporte pasajero ${n}`, `01-01-${year + 5}`);
  }
  // A slow airline (the simulator books in 3 s; RESERVE_ANSWER_MS=1000 in global-setup): the confirmation
  // answers 202 pending and the page goes to the booking's detail, which follows the voucher by itself.
  await page.route('**/api/voucher/confirm-reserve', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-sim-scenario': 'slow:book' } }),
  );
  const [confirmed] = await Promise.all([
    page.waitForResponse('**/api/voucher/confirm-reserve', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Confirmar reserva' }).click(),
  ]);
  expect(confirmed.status()).toBe(202);

  await expect(page).toHaveURL(/\/booking\/[0-9a-f-]+\/detail/, { timeout: 60_000 });
  // Once the airline answers, the PNR is on the voucher without reloading the page.
  const section = page.getByTestId('voucher-section');
  await expect(section.getByText('PNR', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('voucher-following')).toHaveCount(0);
  await expect(page.locator('[data-status="confirmed"]').first()).toBeVisible();
  // The e-ticket: each passenger with the ticket the airline issued and its baggage, the fare rules.
  await expect(page.getByText('Sara Rincón (Niño)')).toBeVisible();
  const eTicket = section;
  await expect(eTicket).toContainText('Reglas de la tarifa');
  expect((await eTicket.innerText()).match(/Tiquete \d{3}-?\d{10}/g)).toHaveLength(3);
  await expect(eTicket).toContainText(/en bodega|de mano/);
  const id = /\/booking\/([0-9a-f-]+)\/detail/.exec(page.url())?.[1];

  // The printable voucher and its PDF.
  await page.goto(`/booking/${id}/voucher`);
  await expect(page.getByText('Voucher de servicio')).toBeVisible();
  await expect(page.getByText('PNR').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^voucher-.+\.pdf$/);

  // The cancellation: the airline's penalty is shown before anything is cancelled.
  await page.goto(`/booking/${id}/detail`);
  await page.getByRole('button', { name: 'Cancelar reserva' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Penalidad si cancelas ahora')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('strong').first()).toHaveText(/\d/);
  await dialog.getByRole('textbox', { name: 'Motivo de la cancelación' }).fill('El cliente cambió sus planes');
  await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(page.getByText('Reserva cancelada').first()).toBeVisible({ timeout: 30_000 });
});

test('a multi-city search of three segments returns priced itineraries', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agency);
  await page.goto('/search/flight/santsg');
  await choose(page, 'Proveedor', 'TourVisio');
  await page.getByText('Multidestino', { exact: true }).click();
  await page.getByRole('button', { name: 'Agregar tramo' }).click();
  const route: [string, string][] = [
    ['bog', 'ctg'],
    ['ctg', 'mde'],
    ['mde', 'bog'],
  ];
  for (const [i, [from, to]] of route.entries()) {
    await pickPlace(page, 'Origen', from, /./, i);
    await pickPlace(page, 'Destino', to, /./, i);
    await pickDay(page, 'Salida', 1, 2 + i * 4, i);
  }
  // Spec §5: with 3 segments one may be removed (above the minimum of 2).
  await expect(page.getByRole('button', { name: 'Quitar tramo 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();

  await expect(page).toHaveURL(/\/flight\/santsg\/avail\/multi-city/);
  const items = page.getByTestId('flight-item');
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  await expect(items.first().getByTestId('flight-segment')).toHaveCount(3);
  await expect(items.first().getByTestId('flight-price')).toHaveText(/\d/);
});

test('a price changed at pre-reservation must be accepted, and an expired pre-reservation cannot be confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  // The browser's clock, to let the 20-minute transaction run out without waiting for it.
  await page.clock.install();
  await signIn(page, DEMO.agency);
  // The simulator's `price-change` scenario (by account identity) raises the price at begin transaction.
  const name = `Vuelos con cambio de precio ${Date.now()}`;
  const created = await page.request.post('/api/provider-account', {
    data: { supplier: 'santsg', name, credentials: { agency: 'PXM25', user: 'agencia+price-change:quote', password: 'sandbox' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/search/flight/santsg');
  await page.getByText('Solo ida', { exact: true }).click();
  await choose(page, 'Proveedor', name);
  await pickPlace(page, 'Origen', 'bogota', /El Dorado/);
  await pickPlace(page, 'Destino', 'cancun', /Canc[uú]n/);
  await pickDay(page, 'Salida', 1, 5);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const items = page.getByTestId('flight-item');
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  await items.first().getByRole('button', { name: 'Elegir', exact: true }).click();
  await expect(page.getByText('Detalle del vuelo')).toBeVisible();
  await page.getByRole('button', { name: 'Reservar' }).click();
  await page.getByLabel('Nombre del titular').fill('Laura');
  await page.getByLabel('Apellido del titular').fill('Rincón');
  await page.getByLabel('Email del titular').fill('laura@example.com');
  await page.getByLabel('Teléfono del titular').fill('+573001234567');
  await page.getByRole('button', { name: 'Pre-reservar' }).click();

  const changed = page.getByTestId('flight-price-changed');
  await expect(changed).toContainText('El precio cambió al pre-reservar', { timeout: 30_000 });
  // The traveller form and the confirmation wait until the new price is accepted.
  await expect(page.getByRole('button', { name: 'Confirmar reserva' })).toBeHidden();
  await changed.getByRole('button', { name: 'Aceptar nuevo precio' }).click();
  await expect(changed).toContainText('Nuevo precio aceptado');
  await expect(page.getByTestId('flight-traveller').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar reserva' })).toBeEnabled();

  // 21 minutes later the supplier's transaction is gone: the page says so and refuses to confirm.
  await page.clock.fastForward('21:00');
  await expect(page.getByText('La pre-reserva venció: busca el vuelo y pre-resérvalo de nuevo')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Confirmar reserva' })).toBeDisabled();
});
