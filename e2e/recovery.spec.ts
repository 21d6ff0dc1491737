import type { APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test, waitForMail } from './fixtures';
import { loginThroughUi } from './shell-helpers';

/** A user nobody else touches, made by super through the API (it gets an invitation mail). */
async function makeUser(request: APIRequestContext, baseURL: string, email: string) {
  const login = await request.post(`${baseURL}/api/user/login`, { data: { user: DEMO.super, password: DEMO_PASSWORD } });
  const { token } = await login.json();
  const res = await request.post(`${baseURL}/api/user`, {
    headers: { 'x-access-token': token },
    data: { email, type: 'product-loader', profile: { name: 'Lucía', lastName: 'Recupera', docType: 'CC', docNumber: '5550001' } },
  });
  expect(res.status()).toBe(201);
}

const linkIn = (mail: string) => {
  const m = mail.match(/https?:\/\/[^\s"<>]+\/remember-password\?token=[^\s"<>]+/);
  if (!m) throw new Error('no link in the mail');
  return new URL(m[0].replace(/&amp;/g, '&'));
};

test('password recovery end to end: request, mail, link, new password, sign in with it', async ({ page, baseURL }) => {
  const email = `recupera-${Date.now()}@travesia.example`;
  await makeUser(page.request, baseURL as string, email);
  const invitation = await waitForMail(email);

  await page.goto('/');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL('/request-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  // One round trip, but at load 10 on CI it took longer than the default 10 s.
  await expect(page.getByText('Si el email está registrado, recibirás un enlace para cambiar tu contraseña.')).toBeVisible({
    timeout: 30_000,
  });

  // The recovery mail is the second one to this address (the first was the invitation).
  await expect.poll(async () => (await waitForMail(email)) !== invitation).toBe(true);
  const mail = await waitForMail(email);
  expect(mail).toContain('Recibimos una solicitud para cambiar');
  const link = linkIn(mail);

  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nueva contraseña').fill('corta');
  await page.getByLabel('Nueva contraseña').blur();
  await expect(page.getByText('La contraseña debe tener al menos 12 caracteres')).toBeVisible();
  // Long enough but common: the server refuses it, on the field, and the link stays usable.
  await page.getByLabel('Nueva contraseña').fill('password1234');
  await page.getByLabel('Confirmar contraseña').fill('password1234');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Esa contraseña es demasiado común o fácil de adivinar.', { exact: false })).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('NuevaClave2026');
  await page.getByLabel('Confirmar contraseña').fill('OtraClave2026');
  await page.getByLabel('Confirmar contraseña').blur();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('NuevaClave2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña fue actualizada. Ya puedes iniciar sesión.')).toBeVisible();

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nueva contraseña').fill('OtraMas2026!');
  await page.getByLabel('Confirmar contraseña').fill('OtraMas2026!');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('El enlace no es válido o ya expiró. Solicita uno nuevo.')).toBeVisible();

  await page.goto('/');
  await page
    .getByRole('link', { name: 'Iniciar sesión' })
    .or(page.getByRole('button', { name: 'Ingresar' }))
    .first()
    .waitFor();
  await loginThroughUi(page, email, 'NuevaClave2026');
  await expect(page).toHaveURL('/hotels/search/travesia');
});

test('an unknown email gets the same answer', async ({ page }) => {
  await page.goto('/request-password');
  await page.getByLabel('Email').fill('nadie@travesia.example');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Si el email está registrado, recibirás un enlace para cambiar tu contraseña.')).toBeVisible();
});

test('a link without a token says so and offers a new one', async ({ page }) => {
  await page.goto('/remember-password');
  await expect(page.getByText('El enlace no es válido: falta el código. Solicita uno nuevo.')).toBeVisible();
  await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
  await expect(page).toHaveURL('/request-password');
});
