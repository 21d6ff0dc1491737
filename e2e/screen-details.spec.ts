import { DEMO, expect, signIn, test } from './fixtures';
import { searchCartagena } from './route-walk';

/** Issue 15's smaller screen items: words, numbers and states a user saw wrong. */

test('the booking detail names markups and the USD rate in Spanish and counts the commission once', async ({ page, baseURL }) => {
  await signIn(page, DEMO.agency);
  const list = await (await page.request.get(`${baseURL}/api/voucher?limit=50`)).json();
  const withMarkups = list.docs.find((v: { markups: unknown[] }) => v.markups.length > 0) ?? list.docs[0];
  await page.goto(`/booking/${withMarkups._id}/detail`);
  const values = page.locator('.ant-card').filter({ hasText: 'Valores' }).first();
  await expect(values).toContainText('Tasa de cambio a USD');
  await expect(values).not.toContainText(/Markup (platform|agency|commission)/);
  await expect(values).not.toContainText(/\d\.\d*0{4,}/); // no "1.0000000000"
  await expect(values).not.toContainText(/Comisión del asesor/);
});

test('one voucher found reads "1 reserva"', async ({ page, baseURL }) => {
  await signIn(page, DEMO.agency);
  const list = await (await page.request.get(`${baseURL}/api/voucher?limit=1`)).json();
  const ref = list.docs[0].externalBookingReference as string;
  await page.goto(`/booking?q=${encodeURIComponent(ref)}`);
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('1 reserva');
});

test('a list still loading shows its spinner, not "No hay datos"', async ({ page }) => {
  await signIn(page, DEMO.agency);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/voucher?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/booking');
  await expect(page.locator('.ant-spin-spinning').first()).toBeVisible();
  await expect(page.locator('.ant-empty-description')).toBeHidden();
  release();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
});

test('a supplier searcher does not claim "no accounts" while the accounts are loading', async ({ page }) => {
  await signIn(page, DEMO.agency);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/provider-account/usable', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/hotels/search/juniper');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Proveedor no seleccionado/)).toBeHidden();
  release();
  await expect(page.getByText(/Proveedor no seleccionado/)).toBeHidden();
});

test('percentages read in one style and a new template is "Nueva plantilla de proveedor"', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  const indicators = page.locator('[data-testid^="indicator-"]');
  await expect(indicators.first()).toBeVisible();
  const texts = (await indicators.allInnerTexts()).join(' ');
  expect(texts).not.toMatch(/\d%/);

  await page.context().clearCookies();
  await signIn(page, DEMO.super);
  await page.goto('/sa/providers-template');
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  await expect(page.getByText('Nueva plantilla de proveedor')).toBeVisible();
});

// Pages load per route (decision 0381): the URL changes while the results are still on screen (their h1 too),
// and the scroll reset runs when the options page commits — so wait for the options page's own card.
test('the options page opens at its top, not where the results were scrolled', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agency);
  await page.goto('/hotels/search');
  await searchCartagena(page);
  const button = page.getByTestId('hotel-card').nth(2).getByRole('button', { name: 'Ver opción' }).first();
  await button.scrollIntoViewIfNeeded();
  expect(await page.evaluate('window.scrollY')).toBeGreaterThan(100);
  await button.click();
  await expect(page).toHaveURL(/\/hotels\/options\//);
  await expect(page.locator('.ant-card-head-title').filter({ hasText: /^Precio$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hotel-card')).toHaveCount(0);
  expect(await page.evaluate('window.scrollY')).toBe(0);
});
