import { DEMO, expect, signIn, test } from './fixtures';

test('an agency admin creates a 10% hotel markup and sees its preview', async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/markup/create');
  await page.getByLabel('Nombre').fill('Hoteles E2E 10%');
  // above the demo agency's own hotel rule (priority 10)
  await page.getByLabel('Prioridad').fill('100');
  await page.getByLabel('Producto', { exact: true }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Hotel$/ })
    .click();
  await page.getByLabel('Valor', { exact: true }).fill('10');

  // sample: 100 USD agency cost, +10% = 110, + the demo agency's 5% commission on top = 115.50
  await expect(page.getByTestId('preview-price')).toHaveText('115.50 USD');
  await expect(page.getByText('+ 10.00 USD')).toBeVisible();

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/markup$/);
  await expect(page.getByRole('link', { name: 'Hoteles E2E 10%', exact: true })).toBeVisible();
});
