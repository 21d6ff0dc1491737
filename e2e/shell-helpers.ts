import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';

/** Signs in through the login screen, the way a person does. */
export async function loginThroughUi(page: Page, email: string, password = DEMO_PASSWORD, opts: { remember?: boolean } = {}) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  if (opts.remember) await page.getByLabel('Recordar este dispositivo').check();
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** The top-level entries of the drawer, in order (submenu titles included, their children not). */
export async function drawerEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav).toBeVisible();
  return nav
    .locator(':scope > ul > li')
    .evaluateAll((lis) =>
      lis
        .map((li) => (li.matches('[role=menuitem]') ? li : li.querySelector(':scope > [role=menuitem]')))
        .map((el) => el?.textContent?.trim() ?? ''),
    );
}
