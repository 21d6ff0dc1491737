import { formatMoney } from '@travesia/contracts';
import { DEMO, expect, signIn, test } from './fixtures';

test('the dashboard shows the seeded figures, the last vouchers and the weather', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 4.711, longitude: -74.0721 });
  // The weather services are outside the test network: answer them here.
  await page.route('**/api.open-meteo.com/**', (route) =>
    route.fulfill({ json: { current: { temperature_2m: 14.2, relative_humidity_2m: 81, wind_speed_10m: 6.1, weather_code: 3 } } }),
  );
  await page.route('**/api.bigdatacloud.net/**', (route) => route.fulfill({ json: { city: 'Bogotá', countryName: 'Colombia' } }));
  await signIn(page, DEMO.agency);
  // The figures the page itself was answered: another spec booking meanwhile (two workers) changes the totals.
  const answered = page.waitForResponse((r) => r.url().includes('/api/dashboard/voucher-yearly-report') && r.ok());
  await page.goto('/dashboard');
  const report = await (await answered).json();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const yearCard = page.getByTestId(`indicator-${report.year.year}`);
  await expect(yearCard).toContainText(formatMoney(report.year.totalAmount, 'USD'));
  await expect(page.getByTestId('indicator-Hoy')).toContainText('USD');
  await expect(page.getByTestId(`indicator-Q${report.quarter.quarter}`)).toBeVisible();
  await expect(page.getByTestId('sales-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('status-donut')).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(10);
  await expect(page.getByText('Bogotá, Colombia')).toBeVisible();
  await expect(page.getByText('Nublado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hoteles Travesía' })).toBeVisible();

  await page.getByRole('link', { name: 'Ver todas las reservas' }).click();
  await expect(page).toHaveURL(/\/booking$/);
});

test('the weather card explains a refused location and offers a retry', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  await expect(page.getByText('Error al cargar los datos del clima. Por favor, permite el acceso a tu ubicación.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});

test('with the location allowed but the weather service unreachable, the card says the service failed, not to allow the location', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 4.65, longitude: -74.05 });
  await page.route('**/api.open-meteo.com/**', (route) => route.abort('internetdisconnected'));
  await page.route('**/api.bigdatacloud.net/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  await expect(page.getByText('No se pudo consultar el servicio del clima. Inténtalo de nuevo en unos minutos.')).toBeVisible();
  await expect(page.getByText(/permite el acceso a tu ubicación/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});

test('bookings that need attention are listed on the dashboard and in the bookings list with their references', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  // The demo data holds one voucher of every status, needs-attention included (issue 14).
  const alert = page.getByTestId('needs-attention');
  await expect(alert).toContainText('Requiere atención');
  await expect(alert).toContainText('Nuestra referencia:');
  await alert.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/booking\/[^/]+\/detail$/);
  await expect(page.getByText('Requiere atención').first()).toBeVisible();

  await page.goto('/booking');
  const refs = page.getByTestId('needs-attention-refs');
  await expect(refs.first()).toContainText('Ref.:');
});
