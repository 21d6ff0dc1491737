import { chromium } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';

/**
 * A storefront on its own domain (issue 20, decision 0322): `/` there is the storefront's home, with its
 * search form, not the sign-in page. Chromium resolves the made-up domain to this machine
 * (`--host-resolver-rules`), so the request carries that Host header as a real customer's would.
 */
const WHITE_LABEL = '7a1e5b1e-0000-4000-8000-00000000d001';
const DOMAIN = 'tienda-e2e.test';

test('a storefront answers "/" on its own domain with its home and search form; the platform host still signs in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.agency);
  const current = await (await page.request.get(`/api/whitelabels/${WHITE_LABEL}`)).json();
  const fields = (customDomain: string | null) => ({
    name: current.name,
    status: current.status,
    slug: current.slug,
    subdomain: current.subdomain,
    customDomain,
    products: current.products,
    currency: current.currency,
    language: current.language,
    markupPercent: current.markupPercent,
  });
  expect((await page.request.put(`/api/whitelabels/${WHITE_LABEL}`, { data: fields(DOMAIN) })).status()).toBe(200);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`,
    ],
  });
  try {
    const visitor = await browser.newPage({ locale: 'es-CO', viewport: { width: 390, height: 844 } });
    await visitor.goto(`http://${DOMAIN}:${new URL(baseURL ?? '').port}/`);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(visitor.getByRole('form', { name: 'Buscar hoteles' })).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByRole('button', { name: 'Ingresar' })).toHaveCount(0);

    // The platform's own address is unchanged: the sign-in page.
    const agent = await browser.newPage({ locale: 'es-CO' });
    await agent.goto(`${baseURL}/`);
    await expect(agent.getByRole('button', { name: 'Ingresar' })).toBeVisible({ timeout: 60_000 });
  } finally {
    await browser.close();
    await page.request.put(`/api/whitelabels/${WHITE_LABEL}`, { data: fields(null) });
  }
});
