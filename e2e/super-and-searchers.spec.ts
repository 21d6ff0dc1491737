import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * Issue 15, smaller items: super (no agency, no accounts of its own) is told where provider accounts live
 * instead of a page of 403s or a searcher that leads nowhere; an agency with accounts never sees the "no
 * accounts" note flash while they load.
 */

/** Records whether `text` was ever in the page, from the first paint on (a flash lasts a few frames). */
async function watchText(page: Page, text: string) {
  await page.addInitScript((t) => {
    const g = globalThis as unknown as {
      __seen: boolean;
      document: { body: { innerText: string } | null; addEventListener(e: string, f: () => void): void };
      MutationObserver: new (f: () => void) => { observe(n: unknown, o: unknown): void };
    };
    g.__seen = false;
    const look = () => {
      if (g.document.body?.innerText.includes(t)) g.__seen = true;
    };
    g.document.addEventListener('DOMContentLoaded', () => {
      new g.MutationObserver(look).observe(g.document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  return () => page.evaluate(() => (globalThis as unknown as { __seen: boolean }).__seen);
}

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

test('an agency with accounts never sees the "no accounts" note, not even while its accounts load', async ({ page }) => {
  const seen = await watchText(page, 'no tiene cuentas de este proveedor');
  // Hold the accounts' answer back, as a slow network would.
  await page.route('**/api/provider-account/usable', async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await signIn(page, DEMO.agency);
  await page.goto('/hotels/search/hotelbeds');
  await expect(page.getByRole('combobox', { name: 'Proveedor' })).toBeEnabled({ timeout: 20_000 });
  expect(await seen()).toBe(false);
  await expect(page.getByTestId('no-provider-accounts')).toHaveCount(0);
});
