import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 20's traveller: the demo storefront (`/s/viajes-demo`, seeded active and published, paying
 * through Wompi in test mode on the payment simulator) on a 390 px phone — results, checkout, the
 * simulator's hosted checkout, the return page that waits for the signed webhook, and "mi reserva".
 */
const SLUG = 'viajes-demo';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function seriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

async function noOverflow(page: Page) {
  const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(width).toBeLessThanOrEqual(390);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a traveller books a Cartagena hotel on the storefront, pays on the checkout page and finds the booking', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.goto(`/s/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('form', { name: 'Buscar hoteles' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await noOverflow(page);

  // The destination as the search form's autocomplete finds it (the storefront's public place search).
  const places = await request.post(`/api/storefront/${SLUG}/places`, { data: { keyword: 'Cartagena' } });
  expect(places.status()).toBe(200);
  const cartagena = ((await places.json()).response as { id: string; name: string; type: string; label: string }[]).find(
    (p) => p.type === 'city' && p.name.startsWith('Cartagena'),
  );
  expect(cartagena).toBeDefined();
  // The home's native search form (decision 0460): the destination combobox, date inputs, adults.
  const destination = page.getByRole('combobox', { name: 'Destino' });
  await destination.fill('Cartagena');
  await expect(destination).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
  await page.getByRole('option', { name: cartagena?.label ?? '', exact: true }).click();
  await expect(destination).toHaveValue(cartagena?.label ?? '');
  await page.getByLabel('Entrada').fill(day(45));
  await page.getByLabel('Salida').fill(day(47));
  await expect(page.getByLabel('Adultos')).toHaveValue('2');
  // A child of 7 shares the room (its age travels to the search and names its traveller at checkout).
  const hotelForm = page.getByRole('form', { name: 'Buscar hoteles' });
  await hotelForm.getByLabel('Niños').selectOption('1');
  await hotelForm.getByLabel('Edad del niño 1').selectOption('7');
  await hotelForm.getByRole('button', { name: 'Buscar' }).click();
  await page.waitForURL(new RegExp(`/s/${SLUG}/hoteles\\?`), { timeout: 30_000 });
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    destino: cartagena?.id ?? '',
    nombre: cartagena?.name ?? '',
    entrada: day(45),
    salida: day(47),
    adultos: '2',
    ninos: '7',
  });
  const book = page.getByRole('button', { name: 'Reservar' }).first();
  await expect(book).toBeVisible({ timeout: 90_000 });
  // The demo shop sells in pesos what Hotelbeds prices in dollars (decision 0560).
  await expect(page.getByText(/ COP$/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await noOverflow(page);
  await book.click();

  // Checkout: billing and the two travellers; the hold's countdown shows once the order exists.
  await expect(page.getByLabel('Correo electrónico')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Nombre', { exact: true }).fill('Laura');
  await page.getByLabel('Apellido', { exact: true }).fill('Gómez');
  await page.getByLabel('Correo electrónico').fill('laura.gomez@example.com');
  await page.getByLabel('Teléfono').fill('+573001234567');
  await page.getByLabel('Número de documento').fill('1020304050');
  await page.getByLabel('Nombre del viajero 1').first().fill('Laura');
  await page.getByLabel('Apellido del viajero 1').first().fill('Gómez');
  await page.getByLabel('Nombre del viajero 2').first().fill('Pedro');
  await page.getByLabel('Apellido del viajero 2').first().fill('Gómez');
  await page.getByLabel('Nombre del niño 1 (7 años)').fill('Sofía');
  await page.getByLabel('Apellido del niño 1 (7 años)').fill('Gómez');
  expect(await seriousViolations(page)).toEqual([]);
  await noOverflow(page);
  await page.getByRole('button', { name: /^Pagar/ }).click();

  // The payment simulator's hosted checkout (Wompi test mode): pay, approved.
  await page.waitForURL(/\/wompi\/checkout\//, { timeout: 60_000 });
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Pagar' }).click();

  // Back on the storefront: the return URL proves nothing; the page waits for the webhook's booking.
  await page.waitForURL(new RegExp(`/s/${SLUG}/pedido/`), { timeout: 60_000 });
  await expect(page.getByText('Voucher', { exact: true })).toBeVisible({ timeout: 120_000 });
  const orderRef = decodeURIComponent(new URL(page.url()).pathname.split('/pedido/')[1] ?? '');
  expect(orderRef.length).toBeGreaterThan(3);
  expect(await seriousViolations(page)).toEqual([]);
  await noOverflow(page);
  // The voucher in the white label's branding (decision 0603): a PDF linked from the confirmation.
  const pdfLink = page.getByRole('link', { name: 'Descargar voucher (PDF)' });
  await expect(pdfLink).toBeVisible();
  const pdf = await request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // "Mi reserva": the reference and the e-mail find it; another e-mail does not.
  const mine = await request.get(`/api/storefront/${SLUG}/orders/${encodeURIComponent(orderRef)}?email=laura.gomez@example.com`);
  expect(mine.status()).toBe(200);
  const booked = (await mine.json()).response;
  expect(booked.status).toBe('booked');
  expect(booked.price.currency).toBe('COP');
  expect(booked.rooms[0]).toMatchObject({ adults: 2, childrenAges: [7] });
  const other = await request.get(`/api/storefront/${SLUG}/orders/${encodeURIComponent(orderRef)}?email=otra@example.com`);
  expect(other.status()).toBe(404);
});
