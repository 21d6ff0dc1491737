import { expect, test } from './fixtures';
import { loginThroughUi } from './shell-helpers';

test('the empty form shows the spec messages', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').focus();
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Email es requerido')).toBeVisible();
  await page.getByLabel('Email').fill('no-es-un-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Email debe ser correcto')).toBeVisible();
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Verifica el formulario')).toBeVisible();
  await expect(page.getByText('Email es requerido')).toBeVisible();
  await expect(page.getByText('Contraseña es requerida')).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('a wrong password shows the server message and keeps what was typed', async ({ page }) => {
  await loginThroughUi(page, 'asesor@travesia.example', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Error inician Sesión' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('asesor@travesia.example');
  await expect(page).toHaveURL('/');
  expect((await page.context().cookies()).find((c) => c.name === 'adm-kd-token')).toBeUndefined();
});

test('the password toggle shows what was typed', async ({ page }) => {
  await page.goto('/');
  const password = page.getByLabel('Contraseña', { exact: true });
  await password.fill('secreto');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByLabel('Mostrar contraseña').click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('remember-device keeps a persistent cookie, otherwise a session cookie; sign-in clears search state', async ({ page }) => {
  await page.goto('/');
  // String expressions: the e2e project has no DOM types.
  await page.evaluate(`localStorage.setItem('adm-kd-search-hotels', '{"destination":"x"}'); localStorage.setItem('adm-kd-other', '1')`);
  await loginThroughUi(page, 'revendedor@travesia.example', undefined, { remember: true });
  await expect(page).toHaveURL('/dashboard');
  const remembered = (await page.context().cookies()).find((c) => c.name === 'adm-kd-token');
  expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
  expect(await page.evaluate(`localStorage.getItem('adm-kd-search-hotels')`)).toBeNull();
  expect(await page.evaluate(`localStorage.getItem('adm-kd-other')`)).toBe('1');

  await page.goto('/logout');
  await expect(page).toHaveURL('/');
  expect((await page.context().cookies()).find((c) => c.name === 'adm-kd-token')).toBeUndefined();

  await loginThroughUi(page, 'revendedor@travesia.example');
  await expect(page).toHaveURL('/dashboard');
  expect((await page.context().cookies()).find((c) => c.name === 'adm-kd-token')?.expires).toBe(-1);
});

test('a guarded page remembers where the visitor was going; signed in, / goes home', async ({ page }) => {
  await page.goto('/user/create');
  await expect(page).toHaveURL('/');
  await page.getByLabel('Email').fill('agencia@travesia.example');
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/user/create');
  await expect(page.getByRole('heading', { name: 'Nuevo usuario' })).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');
});

test('a 401 from the API sends to /logout and then to the login screen', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'adm-kd-token', value: 'expired-or-revoked', url: baseURL as string }]);
  const loggedOut = page.waitForURL('**/logout');
  await page.goto('/dashboard');
  await loggedOut;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'adm-kd-token')).toBeUndefined();
});
