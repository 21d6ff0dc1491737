import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { DEMO, expect, signIn, test } from './fixtures';

/** The payment simulator's Wompi sandbox merchant (apps/supplier-sim/README.md, payments). */
const W = {
  publicKey: 'pub_test_travesia_sim',
  privateKey: 'prv_test_travesia_sim',
  integritySecret: 'test_integrity_travesia_sim',
  eventsSecret: 'test_events_travesia_sim',
};

async function noSeriousAxe(page: import('@playwright/test').Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('an agency admin configures Wompi in test mode, probes the connection, activates it; wrong keys are refused in Spanish', async ({
  page,
  baseURL,
}) => {
  // Several dialogs and gateway calls on a shared, loaded machine.
  test.setTimeout(180_000);
  await signIn(page, DEMO.agency);
  // A white label of its own: the seeded demo one already has an active gateway (modules/payments/seed.ts).
  const created = await page.request.post(`${baseURL}/api/whitelabels`, {
    data: { name: 'Tienda de pagos', slug: `pagos-${Date.now()}`, products: ['hotels-travesia'], currency: 'COP' },
  });
  expect(created.status()).toBe(201);
  const { _id: whiteLabel } = (await created.json()) as { _id: string };
  await page.goto(`/whitelabel/${whiteLabel}/payments`);
  await expect(page.getByRole('heading', { name: 'Pagos de la marca blanca' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Aún no hay pasarelas configuradas')).toBeVisible();
  await noSeriousAxe(page);

  await page.getByRole('button', { name: 'Agregar pasarela' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Wompi' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Pruebas' })).toBeChecked();
  await dialog.getByLabel('Llave pública (pruebas)').fill(W.publicKey);
  await dialog.getByLabel('Llave privada (pruebas)').fill(W.privateKey);
  await dialog.getByLabel('Secreto de integridad (pruebas)').fill(W.integritySecret);
  await dialog.getByLabel('Secreto de eventos (pruebas)').fill(W.eventsSecret);
  await noSeriousAxe(page);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: 'Wompi' });
  await expect(row.getByText('Inactiva')).toBeVisible();
  await expect(row.getByText(/\/api\/payments\/webhook\/wompi/)).toBeVisible();
  await row.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(row.getByText(/Conexión exitosa ·/)).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: 'Activar' }).click();
  await expect(row.getByText('Activa', { exact: true })).toBeVisible();

  // Editing shows the stored secret masked; a typed wrong key is saved and the probe refuses it.
  await row.getByRole('button', { name: 'Editar Wompi' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Llave privada (pruebas)')).toHaveAttribute('placeholder', /••••••_sim/);
  await edit.getByLabel('Llave privada (pruebas)').fill('prv_test_equivocada');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await row.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(page.getByText('La pasarela rechazó las credenciales: revisa las llaves').first()).toBeVisible({ timeout: 20_000 });

  // A live-mode key with a test prefix is refused on the field, in Spanish.
  await row.getByRole('button', { name: 'Editar Wompi' }).click();
  await page.getByRole('dialog').getByLabel('Llave pública (producción)').fill('pub_test_x');
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog').getByText('Debe empezar por pub_prod_')).toBeVisible();
});

test('the simulator hosted checkout (Wompi Web Checkout) is Spanish, accessible and fits a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const reference = `e2e-${Date.now()}`;
  const expiration = new Date(Date.now() + 15 * 60_000).toISOString();
  const signature = createHash('sha256').update(`${reference}2500000COP${expiration}${W.integritySecret}`).digest('hex');
  const q = new URLSearchParams({
    'public-key': W.publicKey,
    currency: 'COP',
    'amount-in-cents': '2500000',
    reference,
    'signature:integrity': signature,
    'redirect-url': 'https://tienda.example/gracias',
    'expiration-time': expiration,
  });
  await page.goto(`${process.env.E2E_PAYMENT_SIM_URL}/wompi/checkout/p/?${q}`);
  await expect(page.getByRole('heading', { name: /Pagar con Wompi/ })).toBeVisible();
  await expect(page.getByText('25.000,00 COP')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pago rechazado' })).toBeVisible();
  expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
  await noSeriousAxe(page);

  // A tampered amount is refused by the integrity check.
  await page.goto(`${process.env.E2E_PAYMENT_SIM_URL}/wompi/checkout/p/?${q.toString().replace('2500000', '2500001')}`);
  await expect(page.getByRole('heading', { name: 'Firma no válida' })).toBeVisible();
});
