import { DEMO, expect, signIn, test } from './fixtures';

/**
 * Issue 15, smaller items: super (no agency, no accounts of its own) is told where provider accounts live
 * instead of a page of 403s or a searcher that leads nowhere (the no-accounts flash for an agency that has
 * accounts: screen-details.spec.ts).
 */

test('super on /configuration/providers is sent to agencies and templates, with no request refused', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url());
  });
  await signIn(page, DEMO.super);
  await page.goto('/configuration/providers');
  await expect(page.getByRole('heading', { name: 'Proveedores', level: 1 })).toBeVisible();
  await expect(page.getByText(/no pertenece a una agencia/)).toBeVisible();
  await page.getByRole('button', { name: 'Ir a Plantillas Proveedor' }).click();
  await expect(page).toHaveURL('/sa/providers-template');
  expect(refused).toEqual([]);
});

test("super's supplier searchers say it searches with the operator's templates, and where to add one", async ({ page }) => {
  await signIn(page, DEMO.super);
  for (const path of ['/hotels/search/hotelbeds', '/search/flight/santsg']) {
    await page.goto(path);
    const note = page.getByTestId('no-provider-accounts');
    await expect(note).toContainText('como super administrador buscas con las plantillas de proveedor activas');
    await expect(note).not.toContainText('tu agencia');
    await expect(note.getByRole('link', { name: 'Ir a Plantillas Proveedor' })).toHaveAttribute('href', '/sa/providers-template');
  }
});
